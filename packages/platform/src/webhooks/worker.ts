import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { v7 as uuidv7 } from 'uuid';
import { query, queryOne, withTransaction, type RootDb } from '../db/db';
import { raw, sql } from '../db/sql';
import type { Logger } from '../logger';
import { secretKeyFrom } from '../secret-box';
import type { WebhookEvent } from './events';
import { loadWebhookSafety, resolveWebhookTarget, UnsafeWebhookUrlError, type WebhookSafety } from './safety';
import { sendWebhook, signedHeaders, type SendLimits } from './send';
import { endpointView, insertDeliveries, signingSecrets, subscribedEndpoints } from './store';

/**
 * The waits between tries after a failure (non-2xx, timeout, refused): 10 tries over about three days (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h: 71.6 h), as Stripe and Svix space theirs. Tests inject zeros.
 */
export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 72_000_000];

export interface WebhookConfig {
  /** BullMQ queue shared by every service's delivery workers (WEBHOOK_QUEUE). */
  queueName: string;
  /** The key that seals endpoint secrets at rest (WEBHOOK_SECRET_KEY, 32 bytes base64; required in production). */
  secretKey: Buffer;
  secretKeyIsDevelopmentDefault: boolean;
  safety: WebhookSafety;
  schedule: number[];
  limits: SendLimits;
  /** How often the relay looks at the outbox (WEBHOOK_RELAY_INTERVAL_MS). */
  relayIntervalMs: number;
  concurrency: number;
  /** A delivery job's lock: after a worker dies mid-delivery, its job runs again about this long later (WEBHOOK_LOCK_MS). */
  lockDurationMs: number;
  /** Run the relay and delivery worker in this process (WEBHOOK_WORKER, default true; runService only). */
  runWorker: boolean;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`invalid ${name} ${raw}: a whole number from ${min}`);
  return n;
}

export function loadWebhookConfig(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  const queueName = env.WEBHOOK_QUEUE?.trim() || 'webhook-deliveries';
  if (queueName.includes(':')) throw new Error(`invalid WEBHOOK_QUEUE ${queueName}: BullMQ queue names cannot contain ':'`);
  const secret = secretKeyFrom({
    name: 'WEBHOOK_SECRET_KEY',
    text: env.WEBHOOK_SECRET_KEY,
    production: env.NODE_ENV === 'production',
    purpose: 'webhook secrets',
  });
  return {
    queueName,
    secretKey: secret.key,
    secretKeyIsDevelopmentDefault: secret.isDevelopmentDefault,
    safety: loadWebhookSafety(env),
    schedule: DEFAULT_RETRY_SCHEDULE_MS,
    limits: { timeoutMs: positiveInt(env, 'WEBHOOK_TIMEOUT_MS', 15_000), maxResponseBytes: positiveInt(env, 'WEBHOOK_MAX_RESPONSE_BYTES', 65_536) },
    relayIntervalMs: positiveInt(env, 'WEBHOOK_RELAY_INTERVAL_MS', 1_000),
    concurrency: positiveInt(env, 'WEBHOOK_CONCURRENCY', 10),
    lockDurationMs: positiveInt(env, 'WEBHOOK_LOCK_MS', 30_000),
    runWorker: env.WEBHOOK_WORKER !== 'false',
  };
}

export interface DeliveryJob {
  deliveryId: string;
  /** A person's retry: one try, and a failure never disables the endpoint. */
  manual?: boolean;
}

function redisFor(url: string, worker = false): Redis {
  // BullMQ's workers need maxRetriesPerRequest null (blocking commands); producers fail fast instead.
  const connection = new Redis(url, worker ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, connectTimeout: 2_000, disconnectTimeout: 200 });
  connection.on('error', () => undefined);
  return connection;
}

/** The producer: adds delivery jobs. A job id is the delivery's (or the retry's), so adding one twice is a no-op. */
export class WebhookQueue {
  private readonly connection: Redis;
  readonly queue: Queue<DeliveryJob>;
  constructor(
    redisUrl: string,
    private readonly config: Pick<WebhookConfig, 'queueName' | 'schedule'>,
  ) {
    this.connection = redisFor(redisUrl);
    this.queue = new Queue<DeliveryJob>(config.queueName, { connection: this.connection });
    this.queue.on('error', () => undefined);
  }

  /** The scheduled series of tries of a new delivery. */
  async addDelivery(deliveryId: string): Promise<void> {
    await this.queue.add('deliver', { deliveryId }, this.options(deliveryId, this.config.schedule.length + 1));
  }

  /** One more try a person asked for. */
  async addRetry(deliveryId: string, attempt: number): Promise<void> {
    await this.queue.add('deliver', { deliveryId, manual: true }, this.options(`${deliveryId}-retry-${attempt}`, 1));
  }

  private options(jobId: string, attempts: number) {
    // Kept a day after they end, so the relay's sweep adding the same id again is a no-op.
    return { jobId, attempts, backoff: { type: 'webhook' }, removeOnComplete: { age: 86_400 }, removeOnFail: { age: 7 * 86_400 } };
  }

  async close(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}

export interface WebhookWorkerOptions {
  /** The service's client: the worker reads and writes the platform's webhook tables and the service's outbox through it. */
  db: RootDb;
  redisUrl: string;
  /** The service, recorded on each delivery. */
  service: string;
  /** The service's schema with a webhook_outbox to relay; none: the process delivers only. */
  outboxSchema?: string;
  config: WebhookConfig;
  logger: Logger;
  /** Tests sharing one database relay only their own organizations' events. */
  onlyOrganizations?: () => string[];
}

const RELAY_BATCH = 100;
/** A pending delivery this old with no job is given one again (a relay that died between its commit and the add). */
const ORPHAN_AFTER_MS = 60_000;

/**
 * The relay and the delivery worker of one process. The relay moves the service's outbox rows into deliveries
 * (one per enabled endpoint taking the type) and queues them; instances relay side by side (FOR UPDATE SKIP
 * LOCKED), and a delivery is unique per (endpoint, event). The worker sends each delivery, records every attempt
 * and lets BullMQ retry after the schedule's wait; a job is held by one worker at a time, and a worker that dies
 * mid-delivery leaves it to be run again when its lock expires (at least once; receivers de-duplicate on webhook-id).
 */
export class WebhookWorker {
  readonly queue: WebhookQueue;
  private readonly worker: Worker<DeliveryJob>;
  private readonly workerConnection: Redis;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private relaying: Promise<number> | undefined;
  private ticks = 0;

  constructor(private readonly options: WebhookWorkerOptions) {
    const { config } = options;
    this.queue = new WebhookQueue(options.redisUrl, config);
    this.workerConnection = redisFor(options.redisUrl, true);
    this.worker = new Worker<DeliveryJob>(config.queueName, (job) => this.deliver(job), {
      connection: this.workerConnection,
      concurrency: config.concurrency,
      lockDuration: config.lockDurationMs,
      stalledInterval: Math.max(1_000, Math.floor(config.lockDurationMs / 2)),
      // A delivery whose worker died twice mid-send is still tried again rather than failed (its tries are recorded).
      maxStalledCount: 5,
      settings: { backoffStrategy: (attemptsMade: number) => config.schedule[attemptsMade - 1] ?? config.schedule[config.schedule.length - 1] ?? 0 },
    });
    this.worker.on('error', (err) => options.logger.warn({ err: err.message }, 'webhook worker: redis error'));
    this.worker.on('failed', (job, err) => {
      if (!err.message.startsWith('delivery ')) options.logger.error({ err, delivery_id: job?.data.deliveryId }, 'webhook delivery job failed unexpectedly');
    });
  }

  /** Starts relaying every relayIntervalMs (the worker itself runs from construction). */
  start(): this {
    if (this.options.outboxSchema) this.schedule(0);
    return this;
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.relayOnce()
        .catch((err: Error) => this.options.logger.warn({ err: err.message }, 'webhook relay failed; it runs again'))
        .finally(() => this.schedule(this.options.config.relayIntervalMs));
    }, ms);
  }

  /** One relay pass (also for tests): answers the deliveries it created. */
  relayOnce(): Promise<number> {
    this.relaying ??= this.relay().finally(() => (this.relaying = undefined));
    return this.relaying;
  }

  private async relay(): Promise<number> {
    const { db, outboxSchema, service } = this.options;
    if (!outboxSchema) return 0;
    const outbox = raw(`"${outboxSchema}"."webhook_outbox"`);
    const only = this.options.onlyOrganizations?.();
    const created = await withTransaction(db, async (tx) => {
      const events = await query<{ id: string; org_id: string; type: string; payload: WebhookEvent }>(
        tx,
        sql`SELECT id, org_id, type, payload FROM ${outbox} WHERE relayed_at IS NULL ${only ? sql`AND org_id = ANY (${only}::uuid[])` : sql``}
            ORDER BY id LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (events.length === 0) return [];
      const endpoints = await subscribedEndpoints(tx, [...new Set(events.map((e) => e.org_id))]);
      const pairs = events.flatMap((event) =>
        endpoints.filter((e) => e.org_id === event.org_id && e.event_types.includes(event.type)).map((e) => ({ endpointId: e.id, event: event.payload })),
      );
      const ids = await insertDeliveries(tx, service, pairs);
      await tx.$executeRaw(sql`UPDATE ${outbox} SET relayed_at = now() WHERE id = ANY (${events.map((e) => e.id)}::uuid[])`);
      return ids;
    });
    for (const id of created) await this.queue.addDelivery(id);
    // Now and then: jobs lost between a commit and its add, and relayed rows past a week.
    if (this.ticks++ % 60 === 0) await this.sweep();
    return created.length;
  }

  private async sweep(): Promise<void> {
    const { db, outboxSchema } = this.options;
    const only = this.options.onlyOrganizations?.();
    const orphans = await query<{ id: string }>(
      db,
      sql`SELECT id FROM platform.webhook_deliveries WHERE status = 'pending' AND attempt_count = 0
            AND updated_at < now() - ${ORPHAN_AFTER_MS} * interval '1 millisecond' ${only ? sql`AND org_id = ANY (${only}::uuid[])` : sql``}
          LIMIT 1000`,
    );
    for (const { id } of orphans) await this.queue.addDelivery(id);
    if (outboxSchema) {
      const outbox = raw(`"${outboxSchema}"."webhook_outbox"`);
      await db.$executeRaw(sql`DELETE FROM ${outbox} WHERE id IN (SELECT id FROM ${outbox} WHERE relayed_at < now() - interval '7 days' LIMIT 1000)`);
    }
  }

  /** One try of one delivery. Throws (for BullMQ to retry after the schedule's wait) when it failed and tries remain. */
  private async deliver(job: Job<DeliveryJob>): Promise<string> {
    const { db, config, logger } = this.options;
    const row = await queryOne<{
      id: string;
      org_id: string;
      status: string;
      payload: WebhookEvent;
      created_at: Date;
      endpoint_id: string;
      url: string;
      enabled: boolean;
      secret_enc: string;
      previous_secret_enc: string | null;
      previous_secret_expires_at: Date | null;
    }>(
      db,
      sql`SELECT d.id, d.org_id, d.status, d.payload, d.created_at, e.id AS endpoint_id, e.url, e.enabled, e.secret_enc, e.previous_secret_enc,
                 e.previous_secret_expires_at
          FROM platform.webhook_deliveries d JOIN platform.webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = ${job.data.deliveryId}::uuid`,
    );
    // Deleted with its endpoint, or already delivered (a retry raced the scheduled series): nothing to send.
    if (!row || row.status === 'succeeded') return 'skipped';
    if (!row.enabled && row.payload.type !== 'webhook.test') {
      await db.$executeRaw(
        sql`UPDATE platform.webhook_deliveries SET status = 'failed', next_attempt_at = NULL, updated_at = now() WHERE id = ${row.id}::uuid`,
      );
      return 'endpoint disabled';
    }
    const body = JSON.stringify(row.payload);
    const startedAt = new Date();
    let outcome: { statusCode: number | null; error: string | null; durationMs: number };
    try {
      // Checked again at every try: the name may resolve elsewhere now; the connection goes to the address checked.
      const target = await resolveWebhookTarget(row.url, config.safety);
      outcome = await sendWebhook(
        target,
        signedHeaders(row.payload.id, body, signingSecrets({ ...row, id: row.endpoint_id }, config.secretKey)),
        body,
        config.limits,
      );
    } catch (err) {
      if (!(err instanceof UnsafeWebhookUrlError)) throw err;
      outcome = { statusCode: null, error: `refused: ${err.message}`, durationMs: Date.now() - startedAt.getTime() };
    }
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const attemptsAllowed = job.opts.attempts ?? 1;
    const last = !ok && job.attemptsMade + 1 >= attemptsAllowed;
    const wait = config.schedule[job.attemptsMade] ?? 0;
    const nextAt = ok || last ? null : new Date(Date.now() + wait);
    const notices = await withTransaction(db, async (tx) => {
      await tx.$executeRaw(
        sql`INSERT INTO platform.webhook_attempts (id, delivery_id, started_at, duration_ms, status_code, error, next_attempt_at)
            VALUES (gen_random_uuid(), ${row.id}::uuid, ${startedAt}, ${outcome.durationMs}, ${outcome.statusCode}, ${outcome.error}, ${nextAt})`,
      );
      await tx.$executeRaw(
        sql`UPDATE platform.webhook_deliveries SET attempt_count = attempt_count + 1, last_status_code = ${outcome.statusCode},
              status = ${ok ? 'succeeded' : last ? 'failed' : 'pending'}, next_attempt_at = ${nextAt}, updated_at = now()
            WHERE id = ${row.id}::uuid`,
      );
      if (ok) {
        await tx.$executeRaw(sql`UPDATE platform.webhook_endpoints SET last_success_at = now() WHERE id = ${row.endpoint_id}::uuid`);
        return [];
      }
      if (!last || job.data.manual) return [];
      return this.disableIfFailing(tx, row);
    });
    for (const id of notices) await this.queue.addDelivery(id);
    if (ok) return `delivered: ${outcome.statusCode}`;
    const why = outcome.statusCode !== null ? `answered ${outcome.statusCode}` : outcome.error;
    logger.info({ delivery_id: row.id, endpoint_id: row.endpoint_id, try: job.attemptsMade + 1, of: attemptsAllowed }, `webhook delivery failed: ${why}`);
    if (last) return `failed for good: ${why}`;
    throw new Error(`delivery ${row.id}: ${why}`);
  }

  /**
   * The last scheduled try of a delivery failed (about three days of failures) and nothing reached the endpoint
   * since that delivery was made: the endpoint is disabled, and the organization told through its other endpoints
   * that take `webhook_endpoint.disabled` (and the endpoint's disabled_reason, which GET shows).
   */
  private async disableIfFailing(
    tx: Parameters<Parameters<RootDb['$transaction']>[0]>[0],
    row: { org_id: string; endpoint_id: string; created_at: Date },
  ): Promise<string[]> {
    const reason = `disabled on ${new Date().toISOString()}: every try of a delivery failed over ${Math.round(this.options.config.schedule.reduce((a, b) => a + b, 0) / 3_600_000)} h`;
    const disabled = await query<Parameters<typeof endpointView>[0]>(
      tx,
      sql`UPDATE platform.webhook_endpoints SET enabled = false, disabled_reason = ${reason}, updated_at = now()
          WHERE id = ${row.endpoint_id}::uuid AND enabled AND (last_success_at IS NULL OR last_success_at < ${row.created_at})
          RETURNING id, org_id, url, description, event_types, enabled, disabled_reason, secret_enc, previous_secret_enc,
                    previous_secret_expires_at, last_success_at, created_at, updated_at`,
    );
    if (disabled.length === 0) return [];
    this.options.logger.warn({ endpoint_id: row.endpoint_id, org_id: row.org_id }, 'webhook endpoint disabled: it kept failing');
    const id = uuidv7();
    const event: WebhookEvent = {
      id,
      type: 'webhook_endpoint.disabled',
      created: new Date().toISOString(),
      organization: row.org_id,
      data: endpointView(disabled[0]!),
    };
    const others = (await subscribedEndpoints(tx, [row.org_id])).filter((e) => e.id !== row.endpoint_id && e.event_types.includes(event.type));
    return insertDeliveries(
      tx,
      this.options.service,
      others.map((e) => ({ endpointId: e.id, event })),
    );
  }

  /** Stops relaying and lets running deliveries finish. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.relaying?.catch(() => undefined);
    await this.worker.close();
    await this.queue.close();
    await this.workerConnection.quit().catch(() => this.workerConnection.disconnect());
  }
}
