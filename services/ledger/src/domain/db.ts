/**
 * The service's client as the entry points know it (they go through the domain, never to data access): the
 * routes hand it, or the transaction an Idempotency-Key commits in (`ctx.db`, read with `asDb`), to the use cases.
 */
export { asDb, type Db } from '../data-access/db';
