import { createHash, randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { AppError, ConflictError, ValidationError } from '../errors';
import { execute, query, queryOne, withTransaction, type Db } from '../db/db';
import { raw, sql, type Sql } from '../db/sql';
import type { Logger } from '../logger';
import type { Reply } from './route';

/** How long a first response is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claimed key is held for the request that claimed it before a retry may take it over. Longer than
 * any idempotent request takes (a 500-item bulk, a 20 MB upload: well under a second here); short enough that
 * a key whose process died is free again within seconds, not a day.
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;
/** Rows the background sweep deletes per statement: short statements, no long lock on the table. */
const SWEEP_BATCH = 1_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const SCHEMA = /^[a-z_][a-z0-9_]*$/;

export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key: this key was already used with a different request');
  }
}

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

interface KeyRow {
  fingerprint: string;
  state: 'running' | 'done';
  status: number | null;
  response: unknown;
  lease_ms_left: number;
}

/** A reply the handler gave that is not a success: its effect is rolled back and the key released. */
class NotKept extends Error {
  constructor(readonly reply: Reply) {
    super('not kept');
  }
}

/** The handler of an idempotent request: it writes its effect through `db`, the transaction the key commits in. */
export type IdempotentHandler = (db: Db) => Promise<Reply>;

export interface IdempotencyOptions {
  /** The service's Postgres schema; the keys are its `idempotency_keys` table (a migration of the service). */
  schema: string;
  leaseMs?: number;
  ttlMs?: number;
}

/**
 * `Idempotency-Key` for POSTs with no natural identity, kept in Postgres with the effect it guards (one table per
 * service, keyed by organization and key). A request first claims its key: a committed `running` row with a
 * lease and a token. Its effect then runs in one transaction that also turns the row into `done` with the reply,
 * but only while the row still carries its token; so the key and the effect commit together or not at all:
 * - a retry after a lost commit (the reply lost with the connection) finds `done` and gets the first reply;
 * - a crash before commit leaves only the claim, which a retry takes over once its lease has run out;
 * - a holder that outlives its lease finds its token gone at the end and rolls back: the effect never runs twice;
 * - the same key with another request is a 422, a retry while the first still runs a 409 (with Retry-After).
 * Only successful replies are kept: after an error the claim is released, so the client can fix the request
 * or retry with the same key. Done rows are removed after 24 hours by `sweep`, in bounded batches.
 */
export class IdempotencyStore {
  private readonly table: Sql;
  private readonly statementPrefix: string;
  private readonly leaseMs: number;
  private readonly ttlMs: number;

  constructor(
    private readonly pool: Pool,
    options: IdempotencyOptions,
  ) {
    if (!SCHEMA.test(options.schema)) throw new Error(`invalid schema name ${options.schema}`);
    this.table = raw(`"${options.schema}".idempotency_keys`);
    this.statementPrefix = `idempotency.${options.schema}`;
    this.leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
    this.ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  }

  static parseHeader(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !KEY.test(value)) {
      throw ValidationError.field('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
    }
    return value;
  }

  /** Runs the handler once per (organization, idempotency key); replays its reply to later identical requests. */
  async run(orgId: string, key: string, print: string, handler: IdempotentHandler): Promise<Reply & { replayed?: boolean }> {
    const token = randomUUID();
    const claimed = await this.named<{ token: string }>(
      this.pool,
      'claim',
      sql`INSERT INTO ${this.table} AS k (org_id, key, fingerprint, state, token, lease_expires_at, expires_at)
          VALUES (${orgId}, ${key}, ${print}, 'running', ${token}, now() + ${this.leaseMs} * interval '1 millisecond', now() + ${this.ttlMs} * interval '1 millisecond')
          ON CONFLICT (org_id, key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, token = EXCLUDED.token, created_at = now(),
                lease_expires_at = EXCLUDED.lease_expires_at, expires_at = EXCLUDED.expires_at
            -- A claim whose holder died (or a done row past its time that the sweep has not reached yet).
            WHERE (k.state = 'running' AND k.lease_expires_at < now()) OR k.expires_at < now()
          RETURNING k.token`,
    );
    if (claimed.length === 0) return this.answerTaken(orgId, key, print);

    try {
      return await withTransaction(this.pool, async (tx) => {
        const reply = await handler(tx);
        if (reply.status >= 300) throw new NotKept(reply);
        await this.complete(tx, orgId, key, token, reply);
        return reply;
      });
    } catch (err) {
      // Free the claim so the client can retry at once. Only a `running` row is deleted: if the commit happened
      // and only its reply was lost, the row is `done` and stays, and the retry gets the first reply.
      await this.release(orgId, key, token).catch(() => undefined);
      if (err instanceof NotKept) return err.reply;
      throw err;
    }
  }

  /** The key is taken: replay its reply, or say why not. */
  private async answerTaken(orgId: string, key: string, print: string): Promise<Reply & { replayed?: boolean }> {
    const row = await queryOne<KeyRow>(
      this.pool,
      sql`SELECT fingerprint, state, status, response,
                 greatest(0, ceil(extract(epoch FROM lease_expires_at - now()) * 1000))::int AS lease_ms_left
          FROM ${this.table} WHERE org_id = ${orgId} AND key = ${key}`,
    );
    // Released between the claim and this read: the first request failed; the client may simply retry.
    if (!row) throw inProgress(1);
    if (row.fingerprint !== print) throw new IdempotencyKeyReusedError();
    if (row.state === 'running') throw inProgress(Math.max(1, Math.ceil(row.lease_ms_left / 1000)));
    return { status: row.status ?? 200, body: row.response ?? undefined, replayed: true };
  }

  /** Marks the claim done with the reply, in the effect's transaction; refuses (rolling the effect back) if the claim was taken over. */
  private async complete(tx: PoolClient, orgId: string, key: string, token: string, reply: Reply): Promise<void> {
    const updated = await this.named(
      tx,
      'complete',
      sql`UPDATE ${this.table} SET state = 'done', status = ${reply.status}, response = ${reply.body === undefined ? null : JSON.stringify(reply.body)}::jsonb
          WHERE org_id = ${orgId} AND key = ${key} AND token = ${token} AND state = 'running' RETURNING 1 AS done`,
    );
    if (updated.length !== 1) throw inProgress(1, 'Idempotency-Key: this request outlived its lease and another request with the key took over');
  }

  /** A statement of every idempotent request, prepared once per connection (named): its planning is most of its cost. */
  private async named<T>(db: Db, name: string, statement: Sql): Promise<T[]> {
    return (await db.query({ name: `${this.statementPrefix}.${name}`, text: statement.text, values: statement.values })).rows as T[];
  }

  private async release(orgId: string, key: string, token: string): Promise<void> {
    await execute(this.pool, sql`DELETE FROM ${this.table} WHERE org_id = ${orgId} AND key = ${key} AND token = ${token} AND state = 'running'`);
  }

  /** Deletes expired keys, SWEEP_BATCH rows per statement, at most `maxBatches` statements; returns how many. */
  async sweep(maxBatches = 10): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const deleted = await execute(
        this.pool,
        sql`DELETE FROM ${this.table} WHERE ctid = ANY (ARRAY(
              SELECT ctid FROM ${this.table} WHERE expires_at < now() LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED))`,
      );
      total += deleted;
      if (deleted < SWEEP_BATCH) break;
    }
    return total;
  }

  /** Sweeps every `intervalMs` until the returned function is called (by the service on shutdown). */
  startSweeping(logger: Logger, intervalMs = 60_000): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.sweep()
        .then((n) => n > 0 && logger.debug({ deleted: n }, 'expired idempotency keys removed'))
        .catch((err: Error) => logger.warn({ err: err.message }, 'could not remove expired idempotency keys; will try again'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** For tests and operators: the stored keys of an organization. */
  async keysOf(orgId: string): Promise<{ key: string; state: string }[]> {
    return query(this.pool, sql`SELECT key, state FROM ${this.table} WHERE org_id = ${orgId} ORDER BY created_at`);
  }
}

function inProgress(retryAfterSeconds: number, message = 'Idempotency-Key: the first request with this key is still running; retry in a moment'): AppError {
  return Object.assign(new ConflictError('IDEMPOTENCY_IN_PROGRESS', message), { headers: { 'Retry-After': String(retryAfterSeconds) } });
}
