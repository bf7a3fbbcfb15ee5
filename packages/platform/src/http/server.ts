import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import type { Logger } from '../logger';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then runs the cleanup. */
  shutdown(): Promise<void>;
}

/**
 * A request Node's HTTP parser refuses before the app sees it (a NUL or a bare CR in a header, a header
 * section over the limit, a malformed request line) still gets the contract's error body rather than
 * Node's bare status line.
 */
export function answerMalformedRequest(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, code] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'PAYLOAD_TOO_LARGE']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT']
        : [400, 'Bad Request', 'VALIDATION_ERROR'];
  const requestId = randomUUID();
  const message = status === 400 ? 'malformed HTTP request (a control character in a header, or a broken request line or body framing)' : reason.toLowerCase();
  const body = JSON.stringify({ error: { code, message, request_id: requestId } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function listen(app: Express, port: number, host = '0.0.0.0'): Promise<RunningServer & { cleanupWith(fn: () => Promise<void>): void }> {
  const server = app.listen(port, host);
  server.on('clientError', answerMalformedRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Keep-alive longer than typical load balancers' idle timeout, so they close first and never hit a closed socket.
  server.keepAliveTimeout = 65_000;
  const cleanups: (() => Promise<void>)[] = [];
  let closing: Promise<void> | undefined;
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    cleanupWith(fn) {
      cleanups.push(fn);
    },
    shutdown() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Idle keep-alive sockets would hold close() open; busy ones close once their response is sent.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        await closed;
        clearInterval(sweep);
        for (const fn of cleanups) await fn();
      })();
      return closing;
    },
  };
}

/** SIGTERM/SIGINT: stop accepting, finish in-flight work, close pools, exit 0 (contract section 1). */
export function exitOnSignals(shutdown: () => Promise<void>, logger: Logger, graceMs = 25_000): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    // Ctrl-C under `pnpm start` reaches a service twice (the terminal signals the whole process group, and
    // scripts/start-all.js passes it on): the second must not kill the shutdown the first began.
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    shutdown().then(
      () => {
        logger.info('shutdown complete');
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}
