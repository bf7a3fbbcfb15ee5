import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics for one app: request counts and latency by route pattern and status, the pg pool's
 * use, and Node's own process metrics. One registry per app, so several apps (tests, the worker) can live
 * in one process without clashing over metric names.
 */
/** What the metrics read of a connection pool (pg's Pool has these). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(service: string, pool?: PoolStats) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    if (pool) {
      const gauge = (name: string, help: string, read: () => number) =>
        new Gauge({
          name,
          help,
          registers: [this.registry],
          collect() {
            this.set(read());
          },
        });
      gauge('db_pool_connections', 'pg connections open in this process', () => pool.totalCount);
      gauge('db_pool_idle_connections', 'pg connections open and idle', () => pool.idleCount);
      gauge('db_pool_waiting_requests', 'queries waiting for a pg connection', () => pool.waitingCount);
    }
  }

  /** Records every response under its route pattern (never the raw path, which would explode cardinality). */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const end = this.duration.startTimer();
      res.on('finish', () => {
        const route: string = res.locals.routePattern ?? (req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched');
        const labels = { method: req.method, route, status: String(res.statusCode) };
        this.requests.inc(labels);
        end(labels);
      });
      next();
    };
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
