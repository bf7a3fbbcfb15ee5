/**
 * The service's client as the entry points know it (they go through the domain, never to data access): the
 * routes hand it, or the transaction an Idempotency-Key commits in (`ctx.db`, read with `asDb`), to the use cases;
 * the worker runs its steps on the client its composition root built (build-worker.ts).
 */
export { asDb, type Db, type StatementClient } from '../data-access/db';
