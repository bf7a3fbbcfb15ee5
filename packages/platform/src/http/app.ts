import { randomUUID } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import multer from 'multer';
import { z } from 'zod';
import type { AuthContext, RequestAuthenticator } from '../auth/authenticate';
import type { RoutePermission } from '../auth/scopes';
import { AppError, NotFoundError, ValidationError } from '../errors';
import { clientErrorOf, outageErrorOf } from './client-errors';
import { contentEncodingOf, jsonBodyError, parseQueryString, refuseUnstorable, unstorableProblem, verifyUtf8 } from './input-guard';
import { listParamNames, parseFields, parseListQuery, pickFields } from '../list/list';
import { replyProblem, routeResponses, type ErrorBody } from './responses';
import type { Logger } from '../logger';
import type { AnyRoute, RouteDefinition, UploadedFile } from './route';
import { parseOrThrow, parseParamsOrNotFound } from './validation';
import { whoamiRoute } from './whoami';
import { buildOpenApiDocument } from './openapi';
import { docsRouter } from './docs';
import { Metrics } from './metrics';
import { createProbesApp, mountProbes } from './probes';
import { IdempotencyStore, requestPrint, type KeyInStatement } from './idempotency';
import { KeyRateLimiter, type RateLimitConfig } from './rate-limit';
import { LARGE_BODY_BYTES, yieldToEventLoop } from './event-loop';
import type { Redis } from 'ioredis';
import type { RawDb, RootDb } from '../db/db';
import { watchCommits, type CommitWatch } from '../db/in-doubt';
import type { PoolStats } from './metrics';

export interface AppOptions {
  service: string;
  routes: AnyRoute[];
  /** The credentials the routes take: API keys (the platform's Authenticator), or a console member's session cookie. */
  authenticator: RequestAuthenticator;
  /**
   * When credentials are checked. `before-routing` (default): for every request under the prefix before its route
   * is known, so that a wrong path without credentials answers 401, not 404 (contract section 3). `per-route`: by
   * each route and handler that asks for them, after routing, so an unknown path answers 404 and `public` routes
   * take none (the console: sign-in, and 404 for an unknown path whoever asks).
   */
  authenticate?: 'before-routing' | 'per-route';
  /** Where the routes are mounted (default /api/v1); the OpenAPI document is `<prefix>/openapi.json`. */
  prefix?: string;
  /** Serve the platform's GET <prefix>/whoami (default true; the console has its own "who am I", GET /api/session). */
  whoami?: boolean;
  /** helmet's options (default: helmet's defaults), e.g. the Content-Security-Policy of a browser application. */
  helmet?: HelmetOptions;
  /** Express 'trust proxy' (default false): set behind a TLS-terminating proxy, so req.secure and req.ip follow X-Forwarded-*. */
  trustProxy?: boolean | number | string;
  /** Headers on every answer under the prefix, errors included (the console's `Cache-Control: no-store`). */
  prefixHeaders?: Record<string, string>;
  /**
   * Where the probes are. `app` (default): /healthz, /readyz and /metrics on this app. `ops`: only /healthz here (a
   * container's health check calls it; it tells nothing), and /readyz and /metrics on a separate operators' app,
   * `opsAppOf(app)`, for the service to serve on a port of its own (BuiltService.ops); here they answer 404.
   */
  probes?: 'app' | 'ops';
  /**
   * Handlers under the prefix that answer by themselves rather than as declared routes (the console's
   * pass-through to the services), tried after the routes; each is authenticated and authorized as a route
   * declaring `permission`. They are not in the OpenAPI document.
   */
  handlers?: { path: string | string[]; permission: RoutePermission; handle: RequestHandler }[];
  /** What the app serves outside the prefix, after everything else and before the 404 (a browser application's files). */
  site?: RequestHandler[];
  logger: Logger;
  /** Named readiness checks for /readyz; each resolves when its dependency answers. */
  readiness: Record<string, () => Promise<unknown>>;
  /** JSON body limit (contract: 1 MiB). */
  jsonLimit?: string;
  /** The process's connection pool, for the pool metrics. */
  pool?: PoolStats;
  /** The service's Prisma Client: handlers get it as `db` (or, with an Idempotency-Key, a transaction of it). */
  db?: RootDb;
  /** Redis for the per-key rate limits shared by every instance of the service. */
  redis?: Redis;
  /**
   * The service's Postgres schema, whose `idempotency_keys` table (a migration of the service) keeps the
   * Idempotency-Keys of its idempotent routes, committed with their effects through `db`. Required, with
   * `db`, when a route is idempotent.
   */
  schema?: string;
  /** How long a request holding an Idempotency-Key may stay silent in its transaction before Postgres ends it (default IDEMPOTENCY_LEASE_MS). */
  idempotencyLeaseMs?: number;
  rateLimit?: RateLimitConfig;
  /**
   * Check every answer against its route's declared responses and answer 500 RESPONSE_CONTRACT_VIOLATION
   * instead of one that breaks them, so the test that caused it fails. Default: on under jest (NODE_ENV=test),
   * off otherwise: production does not pay for it.
   */
  validateResponses?: boolean;
  /** The webhook events the service sends, for its OpenAPI document (issue 36). */
  webhookEvents?: readonly { type: string; summary: string; schema: z.ZodType }[];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id: string;
      auth?: AuthContext;
    }
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sendError(req: Request, res: Response, err: AppError): void {
  const headers = (err as { headers?: Record<string, string> }).headers;
  if (headers) res.set(headers);
  res.status(err.status).json(errorBodyOf(req, err));
}

const errorBodyOf = (req: Request, err: AppError): ErrorBody => ({
  error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}), request_id: req.id },
});

/** What a test sees instead of an answer that breaks its route's declaration. */
const contractViolation = (problem: string) => new AppError(500, 'RESPONSE_CONTRACT_VIOLATION', problem);

function queryNames(route: AnyRoute): Set<string> {
  const names = new Set<string>(route.list ? listParamNames(route.list) : []);
  if (route.fields) names.add('fields');
  const shape = (route.query as z.ZodObject | undefined)?.shape;
  if (shape) for (const name of Object.keys(shape)) names.add(name);
  return names;
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Receives one multipart file (in memory, bounded) and the text fields into req.body. */
async function receiveUpload(req: Request, res: Response, upload: NonNullable<RouteDefinition['upload']>): Promise<UploadedFile | undefined> {
  if (!req.is('multipart/form-data')) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the body as multipart/form-data');
  // multer reads the bytes as they come: a compressed multipart body would be parsed as garbage.
  const encoding = contentEncodingOf(req.headers['content-encoding']);
  if (encoding) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Encoding ${encoding}: send uploads uncompressed`);
  const receive = multer({
    storage: multer.memoryStorage(),
    // files: 2 so that a stray second file is reported by its field name (single() refuses it).
    limits: { fileSize: upload.maxFileBytes, files: 2, fields: 20, fieldSize: 64 * 1024 },
  }).single(upload.fileField);
  await new Promise<void>((resolve, reject) => receive(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
  const file = req.file;
  if (!file) {
    if (upload.fileRequired) throw ValidationError.field(upload.fileField, 'a file is required (multipart field ' + upload.fileField + ')');
    return undefined;
  }
  const nameProblem = unstorableProblem(file.originalname);
  if (nameProblem) throw ValidationError.field(upload.fileField, `the file name ${nameProblem.message}`);
  return { buffer: file.buffer, originalName: file.originalname, mimeType: file.mimetype, size: file.size };
}

/** Reads a JSON body through the guard: UTF-8 checked, content encodings decoded or refused as a 4xx. */
async function readJsonBody(req: Request, res: Response, json: ReturnType<typeof express.json>, limit: string): Promise<unknown> {
  const encoding = contentEncodingOf(req.headers['content-encoding']);
  await new Promise<void>((resolve, reject) => json(req, res, (err?: unknown) => (err ? reject(jsonBodyError(err, limit, encoding)) : resolve())));
  refuseUnstorable(req.body);
  return req.body;
}

/** Path parameters through the guard: one that is not storable text names no record. */
function guardedParams(req: Request): Record<string, string> {
  const params = req.params as Record<string, string>;
  for (const [name, value] of Object.entries(params)) {
    if (unstorableProblem(value)) throw new NotFoundError(`${name} does not name a record`);
  }
  return params;
}

/** The operators' app of an app created with `probes: 'ops'`. */
export function opsAppOf(app: Express): Express {
  const ops = app.locals.ops as Express | undefined;
  if (!ops) throw new Error("the app serves its probes itself: create it with probes: 'ops'");
  return ops;
}

/**
 * The HTTP skeleton every service shares. Order of checks (contract section 3): credentials, then the
 * route, then the permission, then the input (with `authenticate: 'per-route'`: the route, then credentials).
 */
export function createApp(options: AppOptions): Express {
  const { logger, authenticator } = options;
  const prefix = options.prefix ?? '/api/v1';
  const perRoute = options.authenticate === 'per-route';
  const validateResponses = options.validateResponses ?? process.env.NODE_ENV === 'test';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('query parser', 'simple');
  // API responses are not cached by validators; hashing every body for an ETag is wasted work.
  app.set('etag', false);

  const jsonLimit = options.jsonLimit ?? '1mb';
  const json = express.json({ limit: jsonLimit, strict: true, type: () => true, verify: verifyUtf8 });

  app.use((req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', req.id);
    const started = process.hrtime.bigint();
    // Taken now: inside a mounted router Express rewrites req.url, and the query string is never logged.
    const path = req.originalUrl.split('?')[0];
    res.on('finish', () => {
      logger.info({
        req_id: req.id,
        method: req.method,
        path,
        route: res.locals.routePattern ?? req.route?.path,
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        org_id: req.auth?.org.id,
        key_id: req.auth?.keyId,
        member_id: req.auth?.member?.id,
      });
    });
    next();
  });
  // A commit lost with its connection is noted on the request's watch (db/in-doubt.ts), for the error handler.
  app.use((_req, res, next) => {
    const watch: CommitWatch = { inDoubt: false };
    res.locals.commits = watch;
    watchCommits(watch, next);
  });
  app.use(helmet(options.helmet));
  const prefixHeaders = options.prefixHeaders;
  if (prefixHeaders) {
    app.use(prefix, (_req, res, next) => {
      res.set(prefixHeaders);
      next();
    });
  }

  // Prometheus scrapes without an API key, like the health probes: keep /metrics inside the cluster network.
  const metrics = new Metrics(options.service, options.pool);
  app.use(metrics.middleware());
  const probes = { service: options.service, readiness: options.readiness, metrics };
  if (options.probes === 'ops') {
    app.locals.ops = createProbesApp(probes);
    app.get('/healthz', (_req, res) => {
      res.json({ status: 'ok', service: options.service });
    });
    app.get(['/readyz', '/metrics'], () => {
      throw new NotFoundError("served on the operators' port");
    });
  } else {
    mountProbes(app, probes);
  }

  // Discovery needs no key: the OpenAPI document and a browsable reference page.
  const allRoutes = [...(options.whoami === false ? [] : [whoamiRoute as AnyRoute]), ...options.routes];
  const publicRoute = allRoutes.find((r) => r.permission === 'public');
  if (publicRoute && !perRoute) {
    throw new Error(`${publicRoute.method.toUpperCase()} ${publicRoute.path} is public: createApp needs authenticate: 'per-route'`);
  }
  // A route that answers a body but declares none is refused at start-up, not found by a client.
  for (const route of allRoutes) routeResponses(route);
  // The declarations themselves, for tools that read them (the contract fuzzer generates requests from them).
  app.locals.routes = allRoutes;
  let openApi: unknown;
  app.get(`${prefix}/openapi.json`, (_req, res) => {
    openApi ??= buildOpenApiDocument({ service: options.service, prefix, security: authenticator.openApiSecurity, webhooks: options.webhookEvents }, allRoutes);
    res.json(openApi);
  });
  app.use('/docs', docsRouter(options.service, `${prefix}/openapi.json`));

  const limiter = options.redis && options.rateLimit?.requests ? new KeyRateLimiter(options.redis, options.service, options.rateLimit) : undefined;
  const idempotency =
    options.db && options.schema ? new IdempotencyStore(options.db, { schema: options.schema, leaseMs: options.idempotencyLeaseMs }) : undefined;
  const idempotentRoute = allRoutes.find((r) => r.idempotent);
  if (idempotentRoute && !idempotency) {
    throw new Error(
      `${idempotentRoute.method.toUpperCase()} ${idempotentRoute.path} is idempotent: createApp needs the service's db and the schema of its idempotency keys`,
    );
  }
  // The running service sweeps expired keys (runService starts it); tests read keys through it.
  app.locals.idempotency = idempotency;

  /** Credentials, then the key's rate limit: who is calling, or a 401 (or 429). */
  const authenticate = async (req: Request, res: Response): Promise<AuthContext> => {
    req.auth = await authenticator.authenticateRequest(req, res);
    if (limiter) res.set((await limiter.consume(req.auth.keyId)).headers);
    return req.auth;
  };
  /** Authenticated (unless public) and authorized as a route declaring `permission`; undefined on a public one. */
  const admit = async (req: Request, res: Response, permission: RoutePermission): Promise<AuthContext | undefined> => {
    if (permission === 'public') return undefined;
    const auth = req.auth ?? (await authenticate(req, res));
    authenticator.authorize(auth, permission);
    return auth;
  };
  if (!perRoute) {
    app.use(prefix, async (req, res, next) => {
      await authenticate(req, res);
      next();
    });
  }

  const router = express.Router();
  for (const route of allRoutes) {
    const allowed = queryNames(route);
    const prefixes: readonly string[] = route.list?.prefixes ?? [];
    router[route.method](route.path, async (req: Request, res: Response, next: NextFunction) => {
      // Kept here because Express resets req.baseUrl when an error leaves the router.
      res.locals.routePattern = `${prefix}${route.path}`;
      res.locals.route = route;
      const auth = (await admit(req, res, route.permission)) as AuthContext;
      const params = route.params ? parseParamsOrNotFound(route.params, guardedParams(req)) : undefined;

      const query = parseQueryString(req.originalUrl);
      for (const name of Object.keys(query)) {
        if (!allowed.has(name) && !prefixes.some((p) => name.startsWith(p))) {
          throw ValidationError.field(name, 'unknown query parameter');
        }
      }
      const list = route.list ? parseListQuery(route.list, query) : undefined;
      let parsedQuery: unknown;
      if (route.query) {
        const own = route.query as z.ZodObject;
        const picked = Object.fromEntries(Object.entries(query).filter(([k]) => k in own.shape));
        parsedQuery = parseOrThrow(own, picked);
      }

      // A large body is worked on in steps of one event-loop turn each: parse, validation, fingerprint, effect.
      const large = Number(req.headers['content-length'] ?? 0) >= LARGE_BODY_BYTES || req.headers['transfer-encoding'] !== undefined;
      let body: unknown;
      let file: UploadedFile | undefined;
      if (route.upload) {
        file = await receiveUpload(req, res, route.upload);
        refuseUnstorable(req.body ?? {});
        body = route.body ? parseOrThrow(route.body, { ...(req.body ?? {}) }) : undefined;
      } else if (route.body) {
        if (hasBody(req)) {
          if (!req.is('application/json')) {
            throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the body as application/json');
          }
          const parsed = await readJsonBody(req, res, json, jsonLimit);
          if (large) await yieldToEventLoop();
          body = parseOrThrow(route.body, parsed);
        } else if (route.bodyOptional) {
          body = parseOrThrow(route.body, undefined);
        } else {
          throw ValidationError.field('body', 'a JSON body is required');
        }
      }

      if (large) await yieldToEventLoop();
      const run = async (db: RawDb, key?: KeyInStatement) => {
        const answer = await route.handler({ auth, file, params, query: parsedQuery, body, list, req, res, db, key });
        if (large) await yieldToEventLoop();
        return answer;
      };
      const idempotencyKey = route.idempotent && idempotency ? IdempotencyStore.parseHeader(req.headers['idempotency-key']) : undefined;
      res.locals.keyed = idempotencyKey !== undefined;
      const print = () =>
        requestPrint(req.method, req.path, file ? { fields: req.body, file: createHash('sha256').update(file.buffer).digest('hex') } : req.body);
      const keyPrint = idempotencyKey ? print() : undefined;
      if (keyPrint && large) await yieldToEventLoop();
      const reply = !idempotencyKey
        ? await run(options.db as RawDb)
        : route.keyInStatement
          ? await idempotency!.runInStatement(auth.org.id, idempotencyKey, keyPrint!, run)
          : await idempotency!.run(auth.org.id, idempotencyKey, keyPrint!, run);
      if (res.headersSent) return next();
      if (validateResponses) {
        const problem = replyProblem(route, reply.status, reply.body, prefix);
        if (problem) {
          logger.error({ req_id: req.id, problem }, 'an answer breaks its route declaration');
          throw contractViolation(problem);
        }
      }
      if ('replayed' in reply && reply.replayed) res.set('Idempotent-Replayed', 'true');
      const selected = reply.select !== undefined ? reply.select : route.fields ? parseFields(query.fields, route.fields) : null;
      if (selected && reply.body && typeof reply.body === 'object' && 'data' in reply.body) {
        const data = reply.body.data as object | object[];
        reply.body = { ...reply.body, data: Array.isArray(data) ? data.map((row) => pickFields(row, selected)) : pickFields(data, selected) };
      }
      res.status(reply.status);
      if (reply.body === undefined) res.end();
      else res.json(reply.body);
    });
  }
  app.use(prefix, router);
  for (const { path, permission, handle } of options.handlers ?? []) {
    const paths = (typeof path === 'string' ? [path] : path).map((p) => `${prefix}${p}`);
    app.use(
      paths,
      async (req, res, next) => {
        await admit(req, res, permission);
        next();
      },
      handle,
    );
  }

  const noRoute = (req: Request) => {
    throw new NotFoundError(`no route for ${req.method} ${req.originalUrl.split('?')[0]}`);
  };
  app.use(prefix, noRoute);
  for (const handler of options.site ?? []) app.use(handler);
  app.use(noRoute);

  /** Sends an error, after checking (in tests) that the route declares its status. */
  const answerError = (req: Request, res: Response, err: AppError) => {
    const route = res.locals.route as AnyRoute | undefined;
    const problem =
      validateResponses && route && err.code !== 'RESPONSE_CONTRACT_VIOLATION' ? replyProblem(route, err.status, errorBodyOf(req, err), prefix) : undefined;
    if (problem) logger.error({ req_id: req.id, problem }, 'an answer breaks its route declaration');
    sendError(req, res, problem ? contractViolation(problem) : err);
  };

  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if ((err as { type?: string }).type === 'request.aborted') return next(err);
    const clientError = clientErrorOf(err, req);
    if (clientError) {
      // A refusal that only the database noticed is still the client's, but the edge should have caught it: keep a trace.
      if (!(err instanceof AppError) && clientError.status === 400) logger.warn({ req_id: req.id, err }, 'input refused by a library or the database');
      return answerError(req, res, clientError);
    }
    // A read changes nothing the client asked for (a key's last use, written on the way, is not its business).
    const commitInDoubt = (res.locals.commits as CommitWatch | undefined)?.inDoubt === true && !SAFE_METHODS.has(req.method);
    const outage = outageErrorOf(err, { commitInDoubt, keyed: res.locals.keyed === true });
    if (outage) {
      logger.warn({ req_id: req.id, err }, 'a dependency could not be reached');
      return answerError(req, res, outage);
    }
    logger.error({ req_id: req.id, err }, 'unhandled error');
    return answerError(req, res, new AppError(500, 'INTERNAL', 'something went wrong on our side; quote the request id when you report it'));
  });

  return app;
}
