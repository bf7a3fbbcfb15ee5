import { AppError, NotFoundError, UpstreamUnavailableError } from '@finance/platform';

/**
 * The statement service as the ledger reads it: over its public HTTP API, with the caller's own api-key and
 * api-secret, so the caller's scopes there decide what may be read (services never import each other).
 *
 * Unreachable, timed out or a 5xx: 502 UPSTREAM_UNAVAILABLE. A 403 there is a 403 here that says which
 * permission the statement service wanted; a 404 is a 404 naming the statement account; other refusals keep
 * their status and code with the statement service named in the message.
 */
export interface StatementCredentials {
  apiKey: string;
  apiSecret: string;
}

export interface StatementAccount {
  id: string;
  name: string;
  currency: string;
}

export interface StatementRow {
  id: string;
  date: string;
  particulars: string;
  /** milli-units */
  inflow: number;
  outflow: number;
  category: string | null;
}

const TIMEOUT_MS = 10_000;
const PAGE_LIMIT = 500;

export class StatementClient {
  constructor(
    private readonly baseUrl: string,
    private readonly credentials: StatementCredentials,
  ) {}

  private async get<T>(path: string, what: string): Promise<{ data: T; page_context?: { has_more: boolean } }> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/api/v1${path}`, {
        headers: { 'api-key': this.credentials.apiKey, 'api-secret': this.credentials.apiSecret, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new UpstreamUnavailableError(`the statement service could not be reached (${(err as Error).message}); nothing was stored`);
    }
    const text = await res.text();
    let body: { data?: T; page_context?: { has_more: boolean }; error?: { code?: string; message?: string } } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (res.status >= 500 || body === undefined) {
      throw new UpstreamUnavailableError(`the statement service answered ${res.status} reading ${what}; nothing was stored`);
    }
    if (res.status === 403) {
      throw new AppError(403, 'FORBIDDEN', `the statement service refused to let this key read ${what}: ${body.error?.message ?? 'forbidden'}`);
    }
    if (res.status === 404) throw new NotFoundError(`${what} not found`);
    if (res.status === 401) {
      throw new UpstreamUnavailableError('the statement service does not accept this key (is it configured against the same platform database?)');
    }
    if (res.status >= 400) {
      throw new AppError(res.status, body.error?.code ?? 'UPSTREAM_REFUSED', `the statement service refused reading ${what}: ${body.error?.message ?? res.status}`);
    }
    return body as { data: T; page_context?: { has_more: boolean } };
  }

  async account(id: string): Promise<StatementAccount> {
    return (await this.get<StatementAccount>(`/accounts/${encodeURIComponent(id)}`, `statement account ${id}`)).data;
  }

  /** The account's closing balance on a date, as milli-units (the service answers base units exact to 3 decimals). */
  async balanceMilli(id: string, asOf: string): Promise<bigint> {
    const { data } = await this.get<{ balance: number }>(`/accounts/${encodeURIComponent(id)}/balance?as_of=${asOf}`, `the balance of statement account ${id}`);
    // At most 15 significant digits (the statement service guarantees it), so x1000 rounds to the exact integer.
    return BigInt(Math.round(data.balance * 1000));
  }

  /** Every row of the account dated within the period, oldest first, in pages of 500. */
  async rows(accountId: string, dateFrom: string, dateTo: string): Promise<StatementRow[]> {
    const rows: StatementRow[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        account: accountId,
        date_from: dateFrom,
        date_to: dateTo,
        sort_by: 'date',
        sort_order: 'asc',
        limit: String(PAGE_LIMIT),
        page: String(page),
        fields: 'id,date,particulars,inflow,outflow,category',
      });
      const body = await this.get<StatementRow[]>(`/transactions?${query}`, `the rows of statement account ${accountId}`);
      rows.push(...body.data);
      if (!body.page_context?.has_more) return rows;
    }
  }
}
