/** The Periods page's calls to the ledger (its writes admins' only: the console refuses them to other members). */
import type { LedgerPaths } from '@finance/client';
import { answer, type JsonBody } from '../../shared/http';
import { ledger } from '../../shared/services';

export const loadSettings = async () => (await answer(ledger.GET('/settings'))).data;
export const changeSettings = (change: JsonBody<LedgerPaths, '/api/v1/settings', 'patch'>) => answer(ledger.PATCH('/settings', { body: change }));

/** The latest closes and reopens, newest first. */
export const loadPeriodEvents = async () => (await answer(ledger.GET('/periods', { params: { query: { limit: 50 } } }))).data;
export const closePeriod = (close: JsonBody<LedgerPaths, '/api/v1/periods/close', 'post'>) => answer(ledger.POST('/periods/close', { body: close }));
export const reopenPeriod = (reopen: JsonBody<LedgerPaths, '/api/v1/periods/reopen', 'post'>) => answer(ledger.POST('/periods/reopen', { body: reopen }));
