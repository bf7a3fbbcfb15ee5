import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import type { Metrics } from './metrics';
import { listen, type RunningServer } from './server';

export interface ProbeOptions {
  /** The name /healthz and /readyz answer with (and the metrics' `service` label, set by the caller's Metrics). */
  service: string;
  /** Named readiness checks for /readyz; each resolves when its dependency answers. */
  readiness: Record<string, () => Promise<unknown>>;
  metrics: Metrics;
}

/** How long /readyz waits for one check before calling it a timeout. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * GET /healthz (the process is alive), GET /readyz (every dependency answers; 503 NOT_READY naming the ones
 * that do not) and GET /metrics (Prometheus). Orchestrators and Prometheus call them without an API key, so
 * they stay inside the cluster network.
 */
export function mountProbes(app: Express, options: ProbeOptions): void {
  app.get('/metrics', async (_req, res) => {
    const { contentType, body } = await options.metrics.render();
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
          new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS).unref()),
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
}

/**
 * The probes alone, for a process that serves no API (a queue worker) or that serves them apart from its API (the
 * console, on its operators' port): /healthz, /readyz and /metrics, anything else 404 in the contract's error shape.
 */
export function createProbesApp(options: ProbeOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res, next) => {
    req.id = randomUUID();
    res.setHeader('x-request-id', req.id);
    next();
  });
  mountProbes(app, options);
  app.use((req, res) => {
    res.status(404).json({ error: { code: 'NOT_FOUND', message: `no route for ${req.method} ${req.path}`, request_id: req.id } });
  });
  return app;
}

/** createProbesApp listening on `port`. */
export function serveProbes(options: ProbeOptions & { port: number; host?: string }): Promise<RunningServer> {
  return listen(createProbesApp(options), options.port, options.host);
}
