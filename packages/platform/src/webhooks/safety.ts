import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may be sent (issue 36). A URL names a host; the host is resolved and every address it resolves to
 * is checked, at registration and again at each delivery, and the delivery connects to the address that was
 * checked (WebhookTarget.address), so a name that resolves elsewhere a moment later (DNS rebinding) is not followed.
 */
export interface WebhookSafety {
  /** https only (production). */
  httpsOnly: boolean;
  /** WEBHOOK_ALLOW_LOOPBACK=true: loopback addresses (127.0.0.0/8, ::1) allowed, for development and tests; nothing else. */
  allowLoopback: boolean;
  /** WEBHOOK_ALLOWED_HOSTS: host names (lower case) that may resolve to private addresses. Never link-local or unspecified. */
  allowedHosts: ReadonlySet<string>;
}

export function loadWebhookSafety(env: NodeJS.ProcessEnv = process.env): WebhookSafety {
  return {
    httpsOnly: env.NODE_ENV === 'production',
    allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === 'true',
    allowedHosts: new Set(
      (env.WEBHOOK_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  };
}

export class UnsafeWebhookUrlError extends Error {}

/** A URL that passed the checks, and the address to connect to. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** ipaddr.js ranges never reachable whatever the configuration: link-local (169.254.169.254, cloud metadata, is one), unspecified, multicast, broadcast, reserved. */
const NEVER = new Set(['unspecified', 'linkLocal', 'multicast', 'broadcast', 'reserved', 'carrierGradeNat']);
/** Private networks: reachable only for hosts named in WEBHOOK_ALLOWED_HOSTS. */
const PRIVATE = new Set(['private', 'uniqueLocal']);

/** Why an address may not be called, or null. */
export function addressProblem(address: string, host: string, safety: WebhookSafety): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return `${address} is not an IP address`;
  }
  const range = parsed.range();
  if (range === 'loopback') return safety.allowLoopback ? null : `${host} resolves to a loopback address (${address})`;
  if (NEVER.has(range)) return `${host} resolves to a ${range} address (${address}), which is never called`;
  if (PRIVATE.has(range))
    return safety.allowedHosts.has(host) ? null : `${host} resolves to a private address (${address}); name the host in WEBHOOK_ALLOWED_HOSTS to allow it`;
  // IPv4-mapped and other special IPv6 ranges (6to4, teredo, ...) could reach anything: refused.
  if (range !== 'unicast') return `${host} resolves to a ${range} address (${address}), which is never called`;
  return null;
}

/** The URL's own checks, before any lookup: a 400 names what is wrong. */
export function urlProblem(text: string, safety: WebhookSafety): { url: URL } | { problem: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'must be an http(s) URL' };
  if (safety.httpsOnly && url.protocol !== 'https:') return { problem: 'must be an https URL' };
  if (url.username || url.password) return { problem: 'must not carry a user name or password' };
  if (url.hash) return { problem: 'must not have a #fragment' };
  return { url };
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** How long a name may take to resolve before the URL is refused. */
const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * Checks a URL and resolves its host: every address it resolves to must be allowed (one bad address refuses it: a
 * round-robin name cannot smuggle in a private one). Throws UnsafeWebhookUrlError naming the reason.
 */
export async function resolveWebhookTarget(text: string, safety: WebhookSafety, resolve: Resolver = systemResolver): Promise<WebhookTarget> {
  const checked = urlProblem(text, safety);
  if ('problem' in checked) throw new UnsafeWebhookUrlError(checked.problem);
  const { url } = checked;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer in time')), RESOLVE_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      throw new UnsafeWebhookUrlError(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new UnsafeWebhookUrlError(`${host} does not resolve`);
  for (const { address } of addresses) {
    const problem = addressProblem(address, host, safety);
    if (problem) throw new UnsafeWebhookUrlError(problem);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
