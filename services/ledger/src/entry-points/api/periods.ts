import { created, defineRoute, fieldsOf, listReply, ok } from '@finance/platform';
import { asDb, type Db } from '../../domain/db';
import * as periods from '../../domain/periods';
import { periodEventView, settingsView } from '../../views/periods';
import * as s from './schemas';

/** Fiscal years and closed periods (issue 24). */
export function periodRoutes(db: Db) {
  return [
    defineRoute({
      method: 'get',
      path: '/settings',
      permission: 'periods:read',
      summary: "The organization's base currency, fiscal year start (and the current fiscal year) and the date the books are closed through",
      response: settingsView,
      handler: async ({ auth }) => ok(await periods.getSettings(db, auth.org.id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/settings',
      permission: 'periods:edit',
      summary:
        'Set the base currency, or the fiscal year start month and day (null for both: April 1 for base currency INR, January 1 otherwise); the balance sheet splits retained and current earnings there',
      body: s.settingsPatchBody,
      response: settingsView,
      handler: async ({ auth, body }) => ok(await periods.updateSettings(db, auth.org.id, body)),
    }),
    defineRoute({
      method: 'post',
      path: '/periods/close',
      permission: 'periods:create',
      summary:
        'Close every date up to and including `through`: posting, voiding, reversing and bulk items dated there answer 409 PERIOD_CLOSED (drafts may be kept); recorded with the key, member and reason',
      idempotent: true,
      body: s.periodCloseBody,
      response: periodEventView,
      errors: {
        409: 'PERIOD_ALREADY_CLOSED: the books are already closed through that date or a later one (reopen to move the closing back); or IDEMPOTENCY_IN_PROGRESS',
      },
      handler: async ({ auth, body, db: ctxDb }) =>
        created(await periods.closePeriods(asDb(ctxDb), auth.org.id, body.through, { apiKey: auth.key, member: auth.member }, body.reason ?? null)),
    }),
    defineRoute({
      method: 'post',
      path: '/periods/reopen',
      permission: 'periods:delete',
      summary: 'Reopen every closed date from `from` on (all of them without it), with a reason; recorded with the key and member',
      idempotent: true,
      body: s.periodReopenBody,
      response: periodEventView,
      errors: { 409: 'PERIOD_NOT_CLOSED: nothing is closed, or not from that date; or IDEMPOTENCY_IN_PROGRESS' },
      handler: async ({ auth, body, db: ctxDb }) =>
        created(await periods.reopenPeriods(asDb(ctxDb), auth.org.id, body, { apiKey: auth.key, member: auth.member })),
    }),
    defineRoute({
      method: 'get',
      path: '/periods',
      permission: 'periods:read',
      summary: 'Every close and reopen of the books, newest first by default: the closed-through date before and after, the key, the member, the reason',
      list: { fields: fieldsOf(periodEventView), sort: { columns: ['created_at'], default: 'created_at' } },
      response: periodEventView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await periods.listPeriodEvents(db, auth.org.id, list);
        return listReply(list, rows, total);
      },
    }),
  ];
}
