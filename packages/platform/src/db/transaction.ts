/**
 * Runs `fn` in a database transaction: a new one when given a client, the caller's when already given a
 * transaction. Domain functions take either, so callers can compose several inside one transaction.
 */
interface TransactionCapable<Tx> {
  $transaction<T>(fn: (tx: Tx) => Promise<T>, options?: { timeout?: number; maxWait?: number; isolationLevel?: never }): Promise<T>;
}

export async function inTransaction<Tx, T>(db: Tx | TransactionCapable<Tx>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = db as Partial<TransactionCapable<Tx>>;
  if (typeof client.$transaction === 'function') return client.$transaction(fn, { timeout: 15_000, maxWait: 5_000 });
  return fn(db as Tx);
}

/** Postgres unique violation, as raised through Prisma (P2002) or straight from the driver adapter (23505). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string; originalCode?: string; kind?: string }; meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } };
  return (
    e?.code === 'P2002' ||
    e?.code === '23505' ||
    e?.cause?.code === '23505' ||
    e?.cause?.originalCode === '23505' ||
    e?.cause?.kind === 'UniqueConstraintViolation' ||
    e?.meta?.driverAdapterError?.cause?.originalCode === '23505'
  );
}
