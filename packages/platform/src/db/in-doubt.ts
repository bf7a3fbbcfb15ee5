import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';
import { isDatabaseUnreachable } from './pg-errors';

/**
 * Whether a request's write may have committed although it failed: the connection was lost while a commit was on
 * its way (a COMMIT, or a statement that commits on its own), so the database may have done it and its reply was
 * lost. Such a request cannot be told "nothing was done". The request's watch is taken when its statement is sent
 * (the pool's callbacks run in the connection's context, not the request's), and read by the app's error handler.
 */
export interface CommitWatch {
  inDoubt: boolean;
}

const watches = new AsyncLocalStorage<CommitWatch>();

/** Runs `fn` (a request) with a watch of its own: statements it sends from there on note a lost commit on it. */
export function watchCommits<T>(watch: CommitWatch, fn: () => T): T {
  return watches.run(watch, fn);
}

/** A statement that commits what came before it in its transaction. */
const COMMIT = /^\s*(COMMIT|END)\b/i;
/** A statement that, sent outside a transaction, commits on its own unless it only reads. */
const READ_ONLY = /^\s*(SELECT|SHOW|BEGIN|START\s+TRANSACTION|ROLLBACK|ABORT|SET|RESET)\b/i;

type QueryConfigLike = string | { text?: string };
const textOf = (config: unknown): string => (typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? ''));

/**
 * `send` (a pg query call) with `watch(args)` asked as each statement is sent: the function it answers, if any, is
 * told the statement's error. Both of pg's call forms are kept: a trailing callback, or a returned promise.
 */
export function onQueryError(send: (...args: unknown[]) => unknown, watch: (args: unknown[]) => ((err: unknown) => void) | undefined) {
  return function (this: unknown, ...args: unknown[]): unknown {
    const note = watch(args);
    if (!note) return send.apply(this, args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        if (err) note(err);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return send.apply(this, args);
    }
    const result = send.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).catch((err: unknown) => {
        note(err);
        throw err;
      });
    }
    return result;
  };
}

/** Notes a lost connection on the caller's watch, for the statements that `commits` says commit. */
function noting(send: (...args: unknown[]) => unknown, commits: (config: QueryConfigLike) => boolean) {
  return onQueryError(send, (args) => {
    const watch = watches.getStore();
    if (!watch || !commits(args[0] as QueryConfigLike)) return undefined;
    return (err) => {
      if (isDatabaseUnreachable(err)) watch.inDoubt = true;
    };
  });
}

/**
 * Watches the pool's commits: `pool.query` runs one statement on its own (autocommit), so any that is not a read;
 * a client checked out for a transaction (Prisma's interactive transactions) sends its COMMIT through `query`.
 */
export function watchPoolCommits(pool: Pool): void {
  const poolQuery = pool.query as unknown as (...args: unknown[]) => unknown;
  pool.query = noting(poolQuery, (config) => !READ_ONLY.test(textOf(config))) as unknown as Pool['query'];
  pool.on('connect', (client: PoolClient) => {
    const clientQuery = client.query as unknown as (...args: unknown[]) => unknown;
    client.query = noting(clientQuery, (config) => COMMIT.test(textOf(config))) as unknown as PoolClient['query'];
  });
}
