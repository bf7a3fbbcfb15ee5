import { AppError, authorizeMember, contentEncodingOf, jsonBodyError, memberSessionOf, NotFoundError, type Logger } from '@finance/platform';
import express, { type Router } from 'express';

export const SERVICES = ['snapshot', 'ledger', 'statement'] as const;
export type ServiceName = (typeof SERVICES)[number];

const BODY_LIMIT = '25mb';
const notFound = () => new NotFoundError('no such service path');

/**
 * `/api/svc/<service>/<path>`: the three APIs called with the signed-in member's own session key (server-side;
 * the browser never holds it). Mounted by createApp behind the session, CSRF and gate checks (permission
 * `member`), so nobody signed out can make the console buffer an upload. The service's own status and body (its
 * error messages included) go back as they are.
 */
export function passThrough(services: Record<ServiceName, string>, logger: Logger): Router {
  const router = express.Router();
  // Up to 25 MB, for statement uploads; a refused body is the contract's error (413 PAYLOAD_TOO_LARGE and the like).
  const raw = express.raw({ type: () => true, limit: BODY_LIMIT });
  router.use((req, res, next) =>
    raw(req, res, (err?: unknown) => next(err ? jsonBodyError(err, BODY_LIMIT, contentEncodingOf(req.headers['content-encoding'])) : undefined)),
  );
  router.use(async (req, res) => {
    const service = req.baseUrl.slice(req.baseUrl.lastIndexOf('/') + 1) as ServiceName;
    const session = memberSessionOf(req.auth!);
    const base = services[service];
    const target = new URL(`${base}/api/v1${req.url}`);
    // A path that normalises outside /api/v1 (../) is refused rather than forwarded.
    if (!target.pathname.startsWith(`${new URL(base).pathname.replace(/\/$/, '')}/api/v1/`)) throw notFound();
    // Every member's session key may write periods: closing and reopening them and setting the fiscal year are the
    // admins' in the console, so those writes are refused to the other members (reads pass). Judged on the path the
    // service will route (decoded, any case, slashes collapsed), not on how the browser spelled it.
    if (service === 'ledger' && req.method !== 'GET' && req.method !== 'HEAD') {
      let routed: string;
      try {
        routed = decodeURIComponent(target.pathname).toLowerCase().replace(/\/+/g, '/');
      } catch {
        throw notFound();
      }
      if (/\/api\/v1\/(periods|settings)(\/|$)/.test(routed)) authorizeMember(req.auth!, 'admin:periods');
    }
    const headers: Record<string, string> = { 'api-key': session.apiKey, 'api-secret': session.apiSecret, 'x-request-id': req.id };
    for (const name of ['content-type', 'accept', 'idempotency-key']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const hasBody = Buffer.isBuffer(req.body) && req.body.length > 0 && !['GET', 'HEAD'].includes(req.method);
    let upstream: globalThis.Response;
    try {
      upstream = await fetch(target, {
        method: req.method,
        headers,
        body: hasBody ? (req.body as Buffer) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      logger.warn({ err, service }, 'service unreachable');
      throw new AppError(502, 'UPSTREAM_UNAVAILABLE', `the ${service} service did not answer; try again shortly`);
    }
    res.status(upstream.status);
    // content-disposition names a download (a reconciliation statement as CSV) as the service names it.
    for (const name of ['content-type', 'content-disposition', 'retry-after', 'location']) {
      const value = upstream.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    res.send(Buffer.from(await upstream.arrayBuffer()));
  });
  return router;
}
