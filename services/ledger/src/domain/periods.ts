import { AppError, ConflictError, dateProblem, ValidationError, type ErrorDetail, type ListQuery } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import { withTransaction, type Db, type Tx } from '../data-access/db';
import * as repo from '../data-access/periods.repo';
import type { PeriodEventView, SettingsView } from '../views/periods';
import { recordEvent } from '../data-access/webhooks';
import { addDays, defaultFiscalYearStart, fiscalYearOf, fiscalYearStartProblem, type FiscalYearStart } from './fiscal-calendar';

/** Who closes or reopens: the calling key, and the console member when the key is a console session's. */
export interface Actor {
  apiKey: string;
  member: { id: string; email: string } | null;
}

/**
 * 409 PERIOD_CLOSED: a posting dated in the closed period (on or before closed_through). The message and the
 * detail name the closed-through date; the detail's path names the offending field.
 */
export class PeriodClosedError extends AppError {
  constructor(
    readonly closedThrough: string,
    message: string,
    details: ErrorDetail[],
  ) {
    super(409, 'PERIOD_CLOSED', message, details);
  }
}

/**
 * The refusal of a posting dated `date` when `closedThrough` closes it (on or before it), or null when the date is
 * open. `path` names the offending field; `subject` and `remedy` word the message for the operation.
 */
export function periodClosedError(
  date: string,
  closedThrough: string | null,
  options: { path?: string; subject?: string; remedy?: string } = {},
): PeriodClosedError | null {
  if (closedThrough === null || date > closedThrough) return null;
  const path = options.path ?? 'date';
  const message = `${options.subject ?? date} is in a closed period (the books are closed through ${closedThrough}); ${
    options.remedy ?? `date it after ${closedThrough}, or reopen the period first`
  }`;
  return new PeriodClosedError(closedThrough, `${path}: ${message}`, [{ path, message }]);
}

/** The calendar day in UTC, for answers "as of now" (a balance sheet without as_of). */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The organization's fiscal year start: as set, or April 1 for base currency INR and January 1 otherwise. */
export function fiscalYearStartOf(settings: repo.SettingsRecord): FiscalYearStart {
  if (settings.fiscal_year_start_month !== null && settings.fiscal_year_start_day !== null) {
    return { month: settings.fiscal_year_start_month, day: settings.fiscal_year_start_day };
  }
  return defaultFiscalYearStart(settings.base_currency);
}

/** The settings and the fiscal start reports use, in one read. */
export async function reportCalendar(db: Db, orgId: string): Promise<{ settings: repo.SettingsRecord; start: FiscalYearStart }> {
  const settings = await repo.findSettings(db, orgId);
  return { settings, start: fiscalYearStartOf(settings) };
}

function settingsView(s: repo.SettingsRecord, now = new Date()): SettingsView {
  const start = fiscalYearStartOf(s);
  return {
    base_currency: s.base_currency,
    fiscal_year_start_month: start.month,
    fiscal_year_start_day: start.day,
    fiscal_year_start_default: s.fiscal_year_start_month === null,
    current_fiscal_year: fiscalYearOf(today(now), start),
    closed_through: s.closed_through,
    updated_at: s.updated_at?.toISOString() ?? null,
  };
}

/** GET /settings. */
export async function getSettings(db: Db, orgId: string): Promise<SettingsView> {
  return settingsView(await repo.findSettings(db, orgId));
}

export interface SettingsPatch {
  base_currency?: string;
  /** Both or neither; null for both: the default of the base currency. */
  fiscal_year_start_month?: number | null;
  fiscal_year_start_day?: number | null;
}

/**
 * PATCH /settings: the base currency and the fiscal year's start. Changing the start re-splits every balance
 * sheet's earnings between retained and current (their sum, and every other figure, stay as they are).
 */
export async function updateSettings(db: Db, orgId: string, patch: SettingsPatch): Promise<SettingsView> {
  const month = patch.fiscal_year_start_month;
  const day = patch.fiscal_year_start_day;
  if ((month === undefined) !== (day === undefined)) {
    const missing = month === undefined ? 'fiscal_year_start_month' : 'fiscal_year_start_day';
    throw ValidationError.field(missing, 'send the fiscal year start month and day together');
  }
  if ((month === null) !== (day === null)) {
    throw ValidationError.field(month === null ? 'fiscal_year_start_month' : 'fiscal_year_start_day', 'null for both (the default) or a month and a day');
  }
  let start: { month: number; day: number } | null | undefined;
  if (month !== undefined && day !== undefined) {
    if (month === null || day === null) start = null;
    else {
      const problem = fiscalYearStartProblem({ month, day });
      if (problem) throw ValidationError.field(problem.startsWith('the month') ? 'fiscal_year_start_month' : 'fiscal_year_start_day', problem);
      start = { month, day };
    }
  }
  await withTransaction(db, async (tx) => {
    await repo.upsertSettings(tx, orgId, {
      ...(patch.base_currency !== undefined ? { base_currency: patch.base_currency } : {}),
      ...(start !== undefined ? { fiscal_year_start: start } : {}),
    });
  });
  return getSettings(db, orgId);
}

function eventView(e: repo.PeriodEventRecord): PeriodEventView {
  return {
    id: e.id,
    action: e.action,
    closed_through: e.closed_through,
    previous_closed_through: e.previous_closed_through,
    reason: e.reason,
    api_key: e.api_key,
    member: e.member_id === null ? null : { id: e.member_id, email: e.member_email ?? '' },
    created_at: e.created_at.toISOString(),
  };
}

/** The latest calendar day anywhere on Earth (UTC+14): a close may reach today wherever the organization is. */
function latestToday(now = new Date()): string {
  return today(new Date(now.getTime() + 14 * 3_600_000));
}

/** The closed-through date moved (under the period lock), and the move recorded with who made it and why. */
async function moveClosedThrough(
  tx: Tx,
  orgId: string,
  move: { action: 'close' | 'reopen'; to: string | null; from: string | null; reason: string | null },
  actor: Actor,
): Promise<PeriodEventView> {
  await repo.upsertSettings(tx, orgId, { closed_through: move.to });
  const event = await repo.insertEvent(tx, orgId, {
    id: uuidv7(),
    action: move.action,
    closed_through: move.to,
    previous_closed_through: move.from,
    reason: move.reason,
    api_key: actor.apiKey,
    member_id: actor.member?.id ?? null,
    member_email: actor.member?.email ?? null,
  });
  const data = eventView(event);
  await recordEvent(tx, { type: move.action === 'close' ? 'period.closed' : 'period.reopened', organization: orgId, data });
  return data;
}

/**
 * POST /periods/close: every date up to and including `through` is closed to posting, voiding and reversing.
 * The period lock is taken exclusively, so the close waits for the postings in flight (they land before it) and
 * every posting after it waits for its commit and then finds the period closed: never a posting after the close.
 */
export async function closePeriods(db: Db, orgId: string, through: string, actor: Actor, reason: string | null): Promise<PeriodEventView> {
  if (through > latestToday()) throw ValidationError.field('through', `${through} is in the future; close a period that has ended`);
  return withTransaction(db, async (tx) => {
    await repo.lockPeriods(tx, orgId);
    const settings = await repo.findSettings(tx, orgId);
    const previous = settings.closed_through;
    if (previous !== null && through <= previous) {
      throw new ConflictError(
        'PERIOD_ALREADY_CLOSED',
        `through: the books are already closed through ${previous}; to move the closing back, reopen from the day after the new date`,
      );
    }
    return moveClosedThrough(tx, orgId, { action: 'close', to: through, from: previous, reason }, actor);
  });
}

/**
 * POST /periods/reopen: every closed date from `from` on (all of them without `from`) is open again; the reason
 * is required and recorded. Under the same exclusive lock as a close.
 */
export async function reopenPeriods(db: Db, orgId: string, input: { from?: string; reason: string }, actor: Actor): Promise<PeriodEventView> {
  return withTransaction(db, async (tx) => {
    await repo.lockPeriods(tx, orgId);
    const settings = await repo.findSettings(tx, orgId);
    const previous = settings.closed_through;
    if (previous === null) throw new ConflictError('PERIOD_NOT_CLOSED', 'nothing is closed: there is no period to reopen');
    if (input.from !== undefined && input.from > previous) {
      throw new ConflictError('PERIOD_NOT_CLOSED', `from: ${input.from} is not closed; the books are closed through ${previous}`);
    }
    const before = input.from === undefined ? null : addDays(input.from, -1);
    const closedThrough = before === null || dateProblem(before) !== null ? null : before;
    return moveClosedThrough(tx, orgId, { action: 'reopen', to: closedThrough, from: previous, reason: input.reason }, actor);
  });
}

/** GET /periods: every close and reopen, newest first by default. */
export async function listPeriodEvents(db: Db, orgId: string, list: ListQuery): Promise<{ rows: PeriodEventView[]; total: number }> {
  const { rows, total } = await repo.findEventPage(db, orgId, list);
  return { rows: rows.map(eventView), total };
}
