import { randomUUID } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import multer from 'multer';
import type { Pool } from 'pg';
import { z } from 'zod';
import type { AuthContext, Authenticator } from '../auth/authenticate';
import { grants } from '../auth/scopes';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { listParamNames, parseFields, parseListQuery, pickFields } from '../list/list';
import type { Logger } from '../logger';
import type { AnyRoute, RouteDefinition, UploadedFile } from './route';
import { parseOrThrow, parseParamsOrNotFound } from './validation';
import { whoamiRoute } from './whoami';
import { buildOpenApiDocument } from './openapi';
import { docsRouter } from './docs';
import { Metrics } from './metrics';
import { fingerprint, IdempotencyStore } from './idempotency';
import { KeyRateLimiter, type RateLimitConfig } from './rate-limit';
import type { Redis } from 'ioredis';

export interface AppOptions {
  service: string;
  routes: AnyRoute[];
  authenticator: Authenticator;
  logger: Logger;
  /** Named readiness checks for /readyz; each resolves when its dependency answers. */
  readiness: Record<string, () => Promise<unknown>>;
  /** JSON body limit (contract: 1 MiB). */
  jsonLimit?: string;
  /** The process's pg pool, for the pool metrics. */
  pool?: Pool;
  /** Redis for the per-key rate limits and idempotency keys shared by every instance of the service. */
  redis?: Redis;
  rateLimit?: RateLimitConfig;
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

function sendError(req: Request, res: Response, err: AppError): void {
  const headers = (err as { headers?: Record<string, string> }).headers;
  if (headers) res.set(headers);
  res.status(err.status).json({
    error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}), request_id: req.id },
  });
}

/** Query strings arrive as strings or arrays; every parameter here is a single value. */
function flatQuery(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.query)) {
    if (typeof value !== 'string') throw ValidationError.field(name, 'give this parameter once, as a single value');
    out[name] = value;
  }
  return out;
}

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
  return { buffer: file.buffer, originalName: file.originalname, mimeType: file.mimetype, size: file.size };
}

/**
 * The HTTP skeleton every service shares. Order of checks (contract section 3): credentials, then the
 * route, then the permission, then the input.
 */
export function createApp(options: AppOptions): Express {
  const { logger, authenticator } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('query parser', 'simple');
  // API responses are not cached by validators; hashing every body for an ETag is wasted work.
  app.set('etag', false);

  const json = express.json({ limit: options.jsonLimit ?? '1mb', strict: true, type: () => true });

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
      });
    });
    next();
  });
  app.use(helmet());

  // Prometheus scrapes without an API key, like the health probes: keep /metrics inside the cluster network.
  const metrics = new Metrics(options.service, options.pool);
  app.use(metrics.middleware());
  app.get('/metrics', async (_req, res) => {
    const { contentType, body } = await metrics.render();
    res.type(contentType).send(body);
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: options.service });
  });
  app.get('/readyz', async (req, res) => {
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries(options.readiness).map(async ([name, check]) => {
        checks[name] = await Promise.race([
          check().then(() => 'ok'),
          new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 2_000).unref()),
        ]).catch((err: Error) => `error: ${err.message}`);
      }),
    );
    const failing = Object.entries(checks).filter(([, v]) => v !== 'ok');
    if (failing.length === 0) {
      res.json({ status: 'ready', service: options.service, checks });
      return;
    }
    res.status(503).json({
      error: {
        code: 'NOT_READY',
        message: `not ready: ${failing.map(([k]) => k).join(', ')}`,
        details: failing.map(([path, message]) => ({ path, message })),
        request_id: req.id,
      },
    });
  });

  // Discovery needs no key: the OpenAPI document and a browsable reference page.
  const allRoutes = [whoamiRoute as AnyRoute, ...options.routes];
  let openApi: unknown;
  app.get('/api/v1/openapi.json', (_req, res) => {
    openApi ??= buildOpenApiDocument({ service: options.service }, allRoutes);
    res.json(openApi);
  });
  app.use('/docs', docsRouter(options.service));

  const limiter = options.redis && options.rateLimit?.requests ? new KeyRateLimiter(options.redis, options.service, options.rateLimit) : undefined;
  const idempotency = options.redis ? new IdempotencyStore(options.redis, options.service) : undefined;

  app.use('/api/v1', async (req, res, next) => {
    req.auth = await authenticator.authenticate(req.headers['api-key'], req.headers['api-secret']);
    if (limiter) res.set((await limiter.consume(req.auth.keyId)).headers);
    next();
  });

  const router = express.Router();
  for (const route of allRoutes) {
    const allowed = queryNames(route);
    const prefixes: readonly string[] = route.list?.prefixes ?? [];
    router[route.method](route.path, async (req: Request, res: Response, next: NextFunction) => {
      // Kept here because Express resets req.baseUrl when an error leaves the router.
      res.locals.routePattern = `/api/v1${route.path}`;
      const auth = req.auth as AuthContext;
      if (route.permission !== 'any' && !grants(auth.preset, auth.scopes, route.permission)) {
        throw new ForbiddenError(route.permission);
      }
      const params = route.params ? parseParamsOrNotFound(route.params, req.params as Record<string, string>) : undefined;

      const query = flatQuery(req);
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

      let body: unknown;
      let file: UploadedFile | undefined;
      if (route.upload) {
        file = await receiveUpload(req, res, route.upload);
        body = route.body ? parseOrThrow(route.body, { ...(req.body ?? {}) }) : undefined;
      } else if (route.body) {
        if (hasBody(req)) {
          if (!req.is('application/json')) {
            throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the body as application/json');
          }
          await new Promise<void>((resolve, reject) => json(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
          body = parseOrThrow(route.body, req.body);
        } else if (route.bodyOptional) {
          body = parseOrThrow(route.body, undefined);
        } else {
          throw ValidationError.field('body', 'a JSON body is required');
        }
      }

      const run = () => route.handler({ auth, file, params, query: parsedQuery, body, list, req, res });
      const idempotencyKey = route.idempotent && idempotency ? IdempotencyStore.parseHeader(req.headers['idempotency-key']) : undefined;
      const reply = idempotencyKey
        ? await idempotency!.run(auth.keyId, idempotencyKey, fingerprint(req.method, req.path, file ? { fields: req.body, file: createHash('sha256').update(file.buffer).digest('hex') } : req.body), run)
        : await run();
      if (res.headersSent) return next();
      if ('replayed' in reply && reply.replayed) res.set('Idempotent-Replayed', 'true');
      const selected = route.fields ? parseFields(query.fields, route.fields) : null;
      if (selected && reply.body && typeof reply.body === 'object' && 'data' in reply.body) {
        reply.body = { ...reply.body, data: pickFields(reply.body.data as object, selected) };
      }
      res.status(reply.status);
      if (reply.body === undefined) res.end();
      else res.json(reply.body);
    });
  }
  app.use('/api/v1', router);

  app.use((req) => {
    throw new NotFoundError(`no route for ${req.method} ${req.path}`);
  });

  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const bodyError = err as { type?: string; status?: number };
    if (err instanceof AppError) return sendError(req, res, err);
    if (bodyError.type === 'entity.parse.failed') {
      return sendError(req, res, ValidationError.field('body', 'malformed JSON (the body must be a JSON object or array)'));
    }
    if (bodyError.type === 'entity.too.large') {
      return sendError(req, res, new AppError(413, 'PAYLOAD_TOO_LARGE', `the body is larger than the limit of ${options.jsonLimit ?? '1mb'}`));
    }
    if (bodyError.type === 'encoding.unsupported' || bodyError.type === 'charset.unsupported') {
      return sendError(req, res, new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'the body must be UTF-8 JSON'));
    }
    if (bodyError.type === 'request.aborted') return next(err);
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return sendError(req, res, new AppError(413, 'PAYLOAD_TOO_LARGE', `${err.field ?? 'file'}: larger than the upload limit`));
      if (err.code === 'LIMIT_UNEXPECTED_FILE') return sendError(req, res, ValidationError.field(err.field ?? 'body', 'unexpected file: send one file, in the documented field'));
      return sendError(req, res, ValidationError.field(err.field ?? 'body', err.message.toLowerCase()));
    }
    if (err instanceof Error && /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found)/.test(err.message)) {
      return sendError(req, res, ValidationError.field('body', 'malformed multipart/form-data'));
    }
    logger.error({ req_id: req.id, err }, 'unhandled error');
    return sendError(req, res, new AppError(500, 'INTERNAL', 'something went wrong on our side; quote the request id when you report it'));
  });

  return app;
}
