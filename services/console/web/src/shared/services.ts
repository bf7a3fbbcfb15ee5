/**
 * The three services' APIs (snapshot, ledger, statement), through the console backend's pass-through,
 * /api/svc/<service>/<path>, which calls <service>/api/v1/<path> with the session's own key (the browser never
 * holds one): @finance/client's clients for it, typed by the services' generated paths without /api/v1
 * (`ledger.GET('/reports/trial_balance')`), called with the session like the console's own API (http.ts) and
 * answered through the same `answer`.
 */
import { createConsoleServiceClients } from '@finance/client';
import { answered, NO_ANSWER, SESSION, type Answer } from './http';

export const { snapshot, ledger, statement } = createConsoleServiceClients(window.location.origin, SESSION);
for (const client of [snapshot, ledger, statement]) client.use(NO_ANSWER);

/**
 * Hands a file one of the APIs made (a CSV export, fetched with `parseAs: 'blob'`) to the browser as a download
 * named as the service names it, and returns that name. A fetch rather than a plain link: the format is chosen by
 * the Accept header, which a link cannot set, and a refusal shows as an error on the page instead of replacing it.
 */
export async function saveDownload(call: Promise<Answer>, fallbackName: string): Promise<string> {
  const { data, response } = await answered(call);
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}

/** A form's filters as query parameters: one left empty is not sent (the services refuse `?type=`). */
export const withoutBlanks = <T extends Record<string, string>>(filters: T) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as { [K in keyof T]?: Exclude<T[K], ''> };
