import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import { AppError, ConflictError, ValidationError } from '../errors';
import { pgErrorCode, pgErrorMessage, UNIQUE_VIOLATION } from '../db/pg-errors';
import { execute, query, queryOne, withTransaction, type RawDb, type RootDb } from '../db/db';
import { join, prepared, raw, sql, type Sql } from '../db/sql';
import type { Logger } from '../logger';
import type { Reply } from './route';
import { LARGE_BODY_BYTES, yieldToEventLoop } from './event-loop';

/** How long a first response is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a request holding a key may leave its transaction idle before Postgres ends it and a retry may take the
 * key over. Longer than any idempotent request waits between its statements (a 500-item bulk, a 20 MB upload: well
 * under a second here); short enough that a key whose holder went silent is free again within seconds, not a day.
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;
/**
 * The pauses before a request tries again for its key held by another request, then 409. Not only for a duplicate
 * about to finish: a failed statement's own lock outlives its error for a moment (Postgres sends the error before
 * it aborts the transaction and releases the statement's locks), so a request falling back from its one statement
 * (`runInStatement`) may find its key still held by that very statement; seen as a 409 under load.
 */
const KEY_WAITS_MS = [20, 40, 80, 160];
/** Rows the background sweep deletes per statement: short statements, no long lock on the table. */
const SWEEP_BATCH = 1_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const SCHEMA = /^[a-z_][a-z0-9_]*$/;

export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key: this key was already used with a different request');
  }
}

/**
 * JSON with every object's keys sorted (by UTF-16 code unit, recursively), arrays in their order and numbers as
 * JSON.stringify writes the parsed value: two bodies that mean the same JSON write the same text. Strict: a value
 * JSON cannot carry is a bug here, not something to drop quietly from a comparison.
 */
const canonicalJson = configure({ deterministic: true, strict: true, circularValue: Error });

/**
 * What a keyed request is recognised by: its method, path and body, the body as canonical JSON, so the same body
 * sent with its keys in another order (another client library, another serialiser) is the same request.
 */
export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`json-c14n ${method} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

/**
 * The fingerprint before canonical bodies (the body as sent). Rows kept with it live 24 h after the release that
 * brought canonical fingerprints: until then a retry of such a request is recognised by either. Remove it, and
 * `RequestPrint.accepted`, one release later.
 */
export function legacyFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * The fingerprint a request keeps with its key, and the others a kept row may carry for the same request (asked
 * only when a kept row's fingerprint is not `stored`: hashing a 1 MiB body again costs every request otherwise).
 */
export interface RequestPrint {
  stored: string;
  accepted(): readonly string[];
}

/** The print of a request: stored canonical, the legacy one still accepted (see legacyFingerprint). */
export function requestPrint(method: string, path: string, body: unknown): RequestPrint {
  return { stored: fingerprint(method, path, body), accepted: () => [legacyFingerprint(method, path, body)] };
}

const printOf = (print: string | RequestPrint): RequestPrint => (typeof print === 'string' ? { stored: print, accepted: () => [] } : print);

interface KeyRow {
  fingerprint: string;
  status: number;
  response: unknown;
}

/** A reply the handler gave that is not a success: its effect is rolled back and nothing is kept. */
class NotKept extends Error {
  constructor(readonly reply: Reply) {
    super('not kept');
  }
}

/** Another request's row for the key committed after this one read it: this one's effect is rolled back. */
class KeptMeanwhile extends Error {
  constructor() {
    super('kept meanwhile');
  }
}

/** The handler of an idempotent request: it writes its effect through `db`, the transaction the key commits in. */
export type IdempotentHandler = (db: RawDb) => Promise<Reply>;

/**
 * The key of a request whose handler writes its whole effect in one statement (a route with `keyInStatement`),
 * as SQL to put in that statement, so a keyed request costs one round trip like an unkeyed one:
 * - `lease`, the first CTE of its WITH list: the key's advisory lock, taken for the statement;
 * - `held`, a boolean expression the effect's writes are gated on (false: another request holds the key);
 * - `keep(...)`, a CTE storing the key's row with the reply, from a row set that has one row exactly when the
 *   effect was written; a plain INSERT, so a row already there (a retry after a lost commit, or a request that
 *   committed the key meanwhile) fails the whole statement and rolls the effect back. The reply is the body
 *   `{ data }`; its `instants` are top-level fields of `data` known only to the statement (a row's `created_at`),
 *   given as timestamptz expressions and stored as `toISOString()` writes them;
 * - `columns`, for the statement's result, which the handler passes to `settle` before reading anything else.
 * Whatever the statement cannot settle (the key held elsewhere, a row already there, an answer that is not an
 * error yet wrote nothing) the platform runs again the ordinary way, in a transaction with the key.
 */
export interface KeyInStatement {
  readonly lease: Sql;
  readonly held: Sql;
  keep(reply: { status: number; data: object; instants: Record<string, Sql>; from: Sql }): Sql;
  readonly columns: Sql;
  settle(row: { key_held: boolean; key_kept: boolean }): void;
}

/** Another request holds the key's lock (found by a one-statement request, or by a try of `run`): `run` tries again, then 409. */
class KeyHeldElsewhere extends Error {
  constructor() {
    super('the Idempotency-Key is held by another request');
  }
}

export interface IdempotencyOptions {
  /** The service's Postgres schema; the keys are its `idempotency_keys` table (a migration of the service). */
  schema: string;
  leaseMs?: number;
  ttlMs?: number;
}

/**
 * `Idempotency-Key` for POSTs with no natural identity, kept in Postgres with the effect it guards (one table per
 * service, keyed by organization and key). A request runs in one transaction that first takes a transaction-level
 * advisory lock on its key and reads the key's row, then runs its effect, then stores the row with the reply and
 * commits: the key and the effect commit together or not at all, and only the database decides.
 * - a retry after a lost commit (the reply lost with the connection) finds the row and gets the first reply;
 * - a crash before commit leaves nothing: Postgres rolls the transaction back and frees the lock when the
 *   connection closes, or, for a holder that went silent without closing it, after the lease
 *   (`idle_in_transaction_session_timeout`, set for the transaction), so the retry runs;
 * - a retry while the first still runs finds the lock taken and tries again after 20, 40, 80 and 160 ms
 *   (KEY_WAITS_MS), holding no connection meanwhile; the first done by then, it replays its reply, otherwise 409
 *   with Retry-After (it cannot see the first's uncommitted body, so a different body is told 422 only once the
 *   first has committed);
 * - the same key with another request is a 422.
 * Only successful replies are kept: after an error nothing is written, so the client can fix the request or
 * retry with the same key. Kept rows are removed after 24 hours by `sweep`, in bounded batches.
 * The lock and the read are one statement, so a keyed request costs two statements more than its effect (and the
 * transaction's BEGIN and COMMIT). That read may miss a row committed just before the lock was taken; the row's
 * insert at the end is the arbiter: it finds the row, rolls the effect back, and the first reply is given.
 */
export class IdempotencyStore {
  private readonly table: Sql;
  private readonly schema: string;
  private readonly leaseMs: number;
  private readonly ttlMs: number;

  constructor(
    private readonly db: RootDb,
    options: IdempotencyOptions,
  ) {
    if (!SCHEMA.test(options.schema)) throw new Error(`invalid schema name ${options.schema}`);
    this.schema = options.schema;
    this.table = raw(`"${options.schema}".idempotency_keys`);
    this.leaseMs = Math.max(1, Math.round(options.leaseMs ?? IDEMPOTENCY_LEASE_MS));
    this.ttlMs = Math.round(options.ttlMs ?? IDEMPOTENCY_TTL_MS);
  }

  static parseHeader(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !KEY.test(value)) {
      throw ValidationError.field('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
    }
    return value;
  }

  /** Runs the handler once per (organization, idempotency key); replays its reply to later identical requests. */
  async run(orgId: string, key: string, requestPrint: string | RequestPrint, handler: IdempotentHandler): Promise<Reply & { replayed?: boolean }> {
    const print = printOf(requestPrint);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.runOnce(orgId, key, print, handler);
      } catch (err) {
        if (!(err instanceof KeyHeldElsewhere)) throw err;
        if (attempt === KEY_WAITS_MS.length) throw inProgress();
      }
      await new Promise((resolve) => setTimeout(resolve, KEY_WAITS_MS[attempt]));
    }
  }

  /** One try: the key's lock and row, the effect and the key's row in one transaction; KeyHeldElsewhere when the lock is taken. */
  private async runOnce(orgId: string, key: string, print: RequestPrint, handler: IdempotentHandler): Promise<Reply & { replayed?: boolean }> {
    try {
      return await withTransaction(this.db, async (tx) => {
        const state = await queryOne<{ locked: boolean } & Partial<KeyRow>>(
          tx,
          prepared(sql`SELECT set_config('idle_in_transaction_session_timeout', ${String(this.leaseMs)}, true) AS lease,
                     pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${this.schema}:${orgId}:${key}`}, 0)) AS locked,
                     k.fingerprint, k.status, k.response
              FROM (SELECT 1) AS one
              LEFT JOIN ${this.table} k ON k.org_id = ${orgId}::uuid AND k.key = ${key} AND k.expires_at > now()`),
        );
        if (state?.fingerprint !== undefined && state.fingerprint !== null) return answerFrom(state as KeyRow, print);
        if (!state?.locked) throw new KeyHeldElsewhere();
        const reply = await handler(tx);
        if (reply.status >= 300) throw new NotKept(reply);
        const response = reply.body === undefined ? null : JSON.stringify(reply.body);
        // Prisma writes and reads a statement's parameters as JSON again: not in the turn that wrote this one.
        if (response !== null && response.length >= LARGE_BODY_BYTES) await yieldToEventLoop();
        // A row past its time that the sweep has not reached yet is replaced; a live one means another request
        // committed the key after this one read it.
        const stored = await execute(
          tx,
          prepared(sql`INSERT INTO ${this.table} AS k (org_id, key, fingerprint, status, response, expires_at)
              VALUES (${orgId}::uuid, ${key}, ${print.stored}, ${reply.status}, ${response}::json,
                      now() + ${this.ttlMs} * interval '1 millisecond')
              ON CONFLICT (org_id, key) DO UPDATE
                SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, response = EXCLUDED.response,
                    created_at = now(), expires_at = EXCLUDED.expires_at
                WHERE k.expires_at <= now()`),
        );
        if (stored !== 1) throw new KeptMeanwhile();
        return reply;
      });
    } catch (err) {
      if (err instanceof NotKept) return err.reply;
      if (err instanceof KeptMeanwhile) {
        const row = await queryOne<KeyRow>(
          this.db,
          sql`SELECT fingerprint, status, response FROM ${this.table} WHERE org_id = ${orgId}::uuid AND key = ${key}`,
        );
        if (row) return answerFrom(row, print);
        throw inProgress();
      }
      throw err;
    }
  }

  /**
   * Runs a handler that writes its effect and the key's row in one statement (KeyInStatement); falls back to
   * `run` for whatever that one statement cannot settle. The replies are the same either way.
   */
  async runInStatement(
    orgId: string,
    key: string,
    requestPrint: string | RequestPrint,
    handler: (db: RawDb, key: KeyInStatement | undefined) => Promise<Reply>,
  ): Promise<Reply & { replayed?: boolean }> {
    const print = printOf(requestPrint);
    const inStatement = this.keyInStatement(orgId, key, print.stored);
    try {
      const reply = await handler(this.db, inStatement);
      if (inStatement.kept || reply.status >= 300) return reply;
    } catch (err) {
      if (!(err instanceof KeyHeldElsewhere) && !this.isKeyRowConflict(err)) throw err;
    }
    return this.run(orgId, key, print, (tx) => handler(tx, undefined));
  }

  private keyInStatement(orgId: string, key: string, print: string): KeyInStatement & { kept: boolean } {
    const table = this.table;
    const ttlMs = this.ttlMs;
    const state = {
      kept: false,
      lease: sql`idempotency_lease AS (SELECT pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${this.schema}:${orgId}:${key}`}, 0)) AS locked)`,
      held: sql`(SELECT locked FROM idempotency_lease)`,
      keep: ({ status, data, instants, from }: { status: number; data: object; instants: Record<string, Sql>; from: Sql }) =>
        sql`idempotency_keep AS (
          INSERT INTO ${table} (org_id, key, fingerprint, status, response, expires_at)
          SELECT ${orgId}::uuid, ${key}, ${print}, ${status}::int, ${dataBodyText(data, instants)}::json, now() + ${ttlMs} * interval '1 millisecond'
          FROM ${from}
          RETURNING 1)`,
      columns: sql`(SELECT locked FROM idempotency_lease) AS key_held, EXISTS (SELECT 1 FROM idempotency_keep) AS key_kept`,
      settle(row: { key_held: boolean; key_kept: boolean }) {
        if (!row.key_held) throw new KeyHeldElsewhere();
        state.kept = row.key_kept;
      },
    };
    return state;
  }

  /** A unique violation on the keys table: the key's row was there already (its statement wrote nothing). */
  private isKeyRowConflict(err: unknown): boolean {
    return pgErrorCode(err) === UNIQUE_VIOLATION && pgErrorMessage(err).includes('idempotency_keys_pkey');
  }

  /** Deletes expired keys, SWEEP_BATCH rows per statement, at most `maxBatches` statements; returns how many. */
  async sweep(maxBatches = 10): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const deleted = await execute(
        this.db,
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
  async keysOf(orgId: string): Promise<{ key: string; status: number }[]> {
    return query(this.db, sql`SELECT key, status FROM ${this.table} WHERE org_id = ${orgId} ORDER BY created_at`);
  }
}

/**
 * The text of the body `{ data }` with `instants` (field name -> timestamptz expression) in `data`: the fields'
 * values spliced in by Postgres as `toISOString()` writes them, the rest as JSON.stringify writes it. Text put
 * into a `json` column: Postgres checks its syntax and stores it as is, where parsing it into jsonb and setting the
 * instants in it took about a third of the insert's time (pgbench, BENCHMARKS.md, issue 20).
 */
function dataBodyText(data: object, instants: Record<string, Sql>): Sql {
  const rest: Record<string, unknown> = { ...data };
  const fields = Object.entries(instants).map(([name, instant]) => {
    delete rest[name];
    return sql`${`${JSON.stringify(name)}:"`}::text || to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
  });
  const restText = JSON.stringify(rest);
  if (restText !== '{}') fields.push(sql`${restText.slice(1, -1)}::text`);
  return sql`('{"data":{' || ${join(fields, " || ',' || ")} || '}}')`;
}

/** The kept reply of a key, or 422 when the key was used with another request. */
function answerFrom(row: KeyRow, print: RequestPrint): Reply & { replayed: true } {
  if (row.fingerprint !== print.stored && !print.accepted().includes(row.fingerprint)) throw new IdempotencyKeyReusedError();
  return { status: row.status, body: row.response ?? undefined, replayed: true };
}

function inProgress(): AppError {
  const message = 'Idempotency-Key: the first request with this key is still running; retry in a moment';
  return Object.assign(new ConflictError('IDEMPOTENCY_IN_PROGRESS', message), { headers: { 'Retry-After': '1' } });
}
