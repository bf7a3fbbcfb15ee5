import { createStatementClient, type StatementSchemas } from '@finance/client';
import { AppError, NotFoundError, UpstreamUnavailableError } from '@finance/platform';

/**
 * The statement service as the ledger reads it: over its public HTTP API through the generated typed client
 * (`@finance/client`), with the caller's own api-key and api-secret, so the caller's scopes there decide what
 * may be read (services never import each other; the paths, parameters and answers are checked against the
 * statement service's OpenAPI document at compile time).
 *
 * Unreachable, timed out or a 5xx: 502 UPSTREAM_UNAVAILABLE. A 403 there is a 403 here that says which
 * permission the statement service wanted; a 404 is a 404 naming the statement account; other refusals keep
 * their status and code with the statement service named in the message.
 */
export interface StatementCredentials {
  apiKey: string;
  apiSecret: string;
}

export type StatementAccount = Pick<StatementSchemas['AccountDetail'], 'id' | 'name' | 'currency' | 'continuity'>;
/** The continuity of the account's statements, as the statement service reports it (milli-units). */
export type StatementContinuity = StatementSchemas['StatementContinuity'];
export type ContinuityBreak = StatementSchemas['ContinuityBreak'];
/** A statement row as the reconciliation reads it; inflow and outflow are milli-units. */
export type StatementRow = Pick<StatementSchemas['Transaction'], 'id' | 'date' | 'particulars' | 'inflow' | 'outflow' | 'category'>;

const TIMEOUT_MS = 10_000;
const PAGE_LIMIT = 500;
const ROW_FIELDS: (keyof StatementRow)[] = ['id', 'date', 'particulars', 'inflow', 'outflow', 'category'];

type Answer<T> = { data?: T; error?: unknown; response: Response };

export class StatementClient {
  private readonly api: ReturnType<typeof createStatementClient>;

  constructor(baseUrl: string, credentials: StatementCredentials) {
    this.api = createStatementClient(baseUrl, { key: credentials.apiKey, secret: credentials.apiSecret });
  }

  /** The answer's body, or the refusal as this service's error. */
  private async read<T>(what: string, call: (signal: AbortSignal) => Promise<Answer<T>>): Promise<T> {
    let answer: Answer<T>;
    try {
      answer = await call(AbortSignal.timeout(TIMEOUT_MS));
    } catch (err) {
      throw new UpstreamUnavailableError(`the statement service could not be reached or answered unreadably (${(err as Error).message}); nothing was stored`);
    }
    const { response, data } = answer;
    const refusal = (answer.error as { error?: { code?: string; message?: string } } | undefined)?.error;
    if (response.status >= 500 || (data === undefined && refusal === undefined)) {
      throw new UpstreamUnavailableError(`the statement service answered ${response.status} reading ${what}; nothing was stored`);
    }
    if (response.status === 403) {
      throw new AppError(403, 'FORBIDDEN', `the statement service refused to let this key read ${what}: ${refusal?.message ?? 'forbidden'}`);
    }
    if (response.status === 404) throw new NotFoundError(`${what} not found`);
    if (response.status === 401) {
      throw new UpstreamUnavailableError('the statement service does not accept this key (is it configured against the same platform database?)');
    }
    if (response.status >= 400) {
      throw new AppError(
        response.status,
        refusal?.code ?? 'UPSTREAM_REFUSED',
        `the statement service refused reading ${what}: ${refusal?.message ?? response.status}`,
      );
    }
    return data as T;
  }

  async account(id: string): Promise<StatementAccount> {
    const body = await this.read(`statement account ${id}`, (signal) =>
      this.api.GET('/api/v1/accounts/{account_id}', { params: { path: { account_id: id } }, signal }),
    );
    return body.data;
  }

  /** The account's closing balance on a date, as milli-units (the service answers base units exact to 3 decimals). */
  async balanceMilli(id: string, asOf: string): Promise<bigint> {
    const body = await this.read(`the balance of statement account ${id}`, (signal) =>
      this.api.GET('/api/v1/accounts/{account_id}/balance', { params: { path: { account_id: id }, query: { as_of: asOf } }, signal }),
    );
    // At most 15 significant digits (the statement service guarantees it), so x1000 rounds to the exact integer.
    return BigInt(Math.round(body.data.balance * 1000));
  }

  /** How many rows of the account are dated within the period (one page of one row is read). */
  async rowCount(accountId: string, dateFrom: string, dateTo: string): Promise<number> {
    const query = { account: accountId, date_from: dateFrom, date_to: dateTo, limit: 1, page: 1, fields: 'id' } as const;
    const body = await this.read(`the rows of statement account ${accountId}`, (signal) => this.api.GET('/api/v1/transactions', { params: { query }, signal }));
    return body.page_context.total;
  }

  /** Every row of the account dated within the period, oldest first, in pages of 500. */
  async rows(accountId: string, dateFrom: string, dateTo: string): Promise<StatementRow[]> {
    const rows: StatementRow[] = [];
    for (let page = 1; ; page++) {
      const query = {
        account: accountId,
        date_from: dateFrom,
        date_to: dateTo,
        sort_by: 'date',
        sort_order: 'ASC',
        limit: PAGE_LIMIT,
        page,
        fields: ROW_FIELDS.join(','),
      } as const;
      const body = await this.read(`the rows of statement account ${accountId}`, (signal) =>
        this.api.GET('/api/v1/transactions', { params: { query }, signal }),
      );
      rows.push(...body.data);
      if (!body.page_context.has_more) return rows;
    }
  }
}
