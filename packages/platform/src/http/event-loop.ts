/**
 * From this size a request's body, or an answer kept for its Idempotency-Key, is worked on in steps of one
 * event-loop turn each, so one large request never holds the loop for all of them at once: under CPU starvation
 * a stream of 1 MiB batches kept the snapshot service from answering even /healthz for over 30 s (issue 32).
 */
export const LARGE_BODY_BYTES = 64 * 1024;

/** Lets the event loop run what is waiting (I/O, other requests, /healthz) before going on. */
export const yieldToEventLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
