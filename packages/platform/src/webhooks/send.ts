import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { WebhookTarget } from './safety';

export interface SendLimits {
  /** The whole attempt, connection to last byte read (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Bytes of the answer read at most; the rest is not waited for (WEBHOOK_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
}

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * The Standard Webhooks headers of one attempt, signed by the `standardwebhooks` package itself (the library
 * receivers verify with): `webhook-signature` carries one `v1,<base64>` per secret that signs now, space-separated.
 */
export function signedHeaders(eventId: string, body: string, secrets: string[], at = new Date()): Record<string, string> {
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(eventId, timestamp, body)).join(' '),
  };
}

/**
 * One POST to a checked target: connected to the address that was checked (the name is still sent as Host and as
 * TLS SNI, and the certificate checked against it), no redirects followed (a 3xx is an answer like any non-2xx),
 * bounded in time and in the bytes read.
 */
export function sendWebhook(target: WebhookTarget, headers: Record<string, string>, body: string, limits: SendLimits): Promise<SendOutcome> {
  const started = process.hrtime.bigint();
  const elapsed = () => Math.round(Number(process.hrtime.bigint() - started) / 1e6);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, error, durationMs: elapsed() });
    };
    const req = transport.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'finance-webhooks/1', ...headers },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough: only the status matters; an endless answer must not hold the worker.
          if (read > limits.maxResponseBytes) {
            res.destroy();
            finish(res.statusCode ?? null, null);
          }
        });
        res.on('end', () => finish(res.statusCode ?? null, null));
        res.on('error', () => finish(res.statusCode ?? null, null));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(null, `no answer within ${limits.timeoutMs} ms`);
    }, limits.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish(null, err.code ? `${err.code}: ${err.message}` : err.message));
    req.end(body);
  });
}
