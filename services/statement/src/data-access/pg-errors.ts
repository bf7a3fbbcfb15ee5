/**
 * The SQLSTATE of a Postgres error, whichever way it surfaced: through Prisma's raw-query pipeline (P2010 with
 * meta.driverAdapterError), as the driver adapter's own error, or straight from pg.
 */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as {
    code?: string;
    cause?: { originalCode?: string; code?: string };
    meta?: { code?: string; driverAdapterError?: { cause?: { originalCode?: string; code?: string } } };
  };
  return (
    e?.meta?.driverAdapterError?.cause?.originalCode ??
    e?.meta?.driverAdapterError?.cause?.code ??
    e?.cause?.originalCode ??
    e?.meta?.code ??
    (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined)
  );
}

export function pgErrorMessage(err: unknown): string {
  const e = err as { cause?: { originalMessage?: string }; meta?: { driverAdapterError?: { cause?: { originalMessage?: string } } }; message?: string };
  return e?.meta?.driverAdapterError?.cause?.originalMessage ?? e?.cause?.originalMessage ?? e?.message ?? 'unknown error';
}

export const QUERY_CANCELED = '57014';
export const INVALID_REGULAR_EXPRESSION = '2201B';
