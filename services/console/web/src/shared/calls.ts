/** The calls more than one page makes: the console's settings, what the session's key may do, the categories in use. */
import { answer, consoleApi } from './http';
import { ledger, snapshot, statement } from './services';

/** The models, actions and presets a key's permissions are chosen from, and where programs push snapshots. */
export const loadMeta = async () => (await answer(consoleApi.GET('/api/meta'))).data;

const WHOAMI = {
  snapshot: () => answer(snapshot.GET('/whoami')),
  ledger: () => answer(ledger.GET('/whoami')),
  statement: () => answer(statement.GET('/whoami')),
};

/** The scopes of the session's key at a service (its GET /whoami). */
export const loadScopes = async (service: keyof typeof WHOAMI) => (await WHOAMI[service]()).data.scopes;

/** Every category the organization's statement rows carry (the statement service's GET /categories over all dates), most used first. */
export async function loadCategories(): Promise<string[]> {
  const report = (await answer(statement.GET('/categories', { params: { query: { date_from: '1900-01-01', date_to: '2999-12-31' } } }))).data;
  const counts = new Map<string, number>();
  for (const row of report.data) if (row.category) counts.set(row.category, (counts.get(row.category) ?? 0) + row.count);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

/** The organization's bank and card accounts, as the statement service knows them. */
export const loadStatementAccounts = async () => (await answer(statement.GET('/accounts', { params: { query: { limit: 500 } } }))).data;
