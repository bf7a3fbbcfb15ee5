import { view } from '@finance/platform';
import { z } from 'zod';

export const fiscalYearView = z
  .strictObject({
    /** Named by the calendar year it ends in. */
    fiscal_year: z.number().int(),
    date_from: view.date,
    date_to: view.date,
  })
  .meta({ id: 'FiscalYear' });

/** An organization's ledger settings (issue 24). */
export const settingsView = z
  .strictObject({
    base_currency: view.currency,
    fiscal_year_start_month: z.number().int().min(1).max(12),
    fiscal_year_start_day: z.number().int().min(1).max(31),
    /** true while the start follows the base currency (April 1 for INR, January 1 otherwise) rather than a setting. */
    fiscal_year_start_default: z.boolean(),
    /** The fiscal year containing today (UTC). */
    current_fiscal_year: fiscalYearView,
    /** Every date up to and including it is closed to posting; null when nothing is closed. */
    closed_through: view.date.nullable(),
    updated_at: view.timestamp.nullable(),
  })
  .meta({ id: 'LedgerSettings' });
export type SettingsView = z.output<typeof settingsView>;

/** A close or a reopen: what it changed, who did it, when and why. */
export const periodEventView = z
  .strictObject({
    id: view.id,
    action: z.enum(['close', 'reopen']),
    /** closed_through after the event (null: nothing closed). */
    closed_through: view.date.nullable(),
    previous_closed_through: view.date.nullable(),
    reason: z.string().nullable(),
    /** The API key that made the call. */
    api_key: z.string(),
    /** The console member signed in with that key (a console session's key); null for other keys. */
    member: z.strictObject({ id: view.id, email: z.string() }).nullable(),
    created_at: view.timestamp,
  })
  .meta({ id: 'PeriodEvent' });
export type PeriodEventView = z.output<typeof periodEventView>;
