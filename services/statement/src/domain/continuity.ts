import { formatMilli } from '@finance/platform';
import type { ContinuityBreak, StatementContinuity, StatementFigures } from '../views/accounts';

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const minDate = (a: string, b: string) => (a < b ? a : b);
const maxDate = (a: string, b: string) => (a > b ? a : b);

/**
 * The continuity of an account's statements (issue 22), in memory: in period order (first row's date, then last
 * row's, then the order given), each is compared with the one reaching furthest before it. Its opening balance
 * must be that one's closing balance (`balance`; `balance_unknown` when either is not known); days between the
 * two that no statement covers are a `gap`, days both cover an `overlap`. A gap across which the balances chain
 * is listed, but the bank recorded nothing those days, so it leaves `ok` true. `currency` is the account's.
 */
export function statementContinuity(statements: StatementFigures[], currency: string): StatementContinuity {
  // For a person: the account's currency with its own decimals (the platform's table); the fields carry milli-units.
  const money = (milli: number) => `${formatMilli(milli, currency)} ${currency}`;
  const ordered = statements
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (a.s.from < b.s.from ? -1 : a.s.from > b.s.from ? 1 : a.s.to < b.s.to ? -1 : a.s.to > b.s.to ? 1 : a.i - b.i))
    .map(({ s }) => s);
  const breaks: ContinuityBreak[] = [];
  let ok = true;
  let previous: StatementFigures | null = null;
  for (const s of ordered) {
    if (previous) {
      const expected = previous.closing_balance_milli;
      const opening = s.opening_balance_milli;
      const figures = { previous_statement: previous.statement, statement: s.statement, expected_opening_milli: expected, opening_milli: opening };
      const chains = expected !== null && opening !== null && expected === opening;
      if (s.from <= previous.to) {
        const to = minDate(s.to, previous.to);
        ok = false;
        breaks.push({
          kind: 'overlap',
          ...figures,
          from: s.from,
          to,
          message: `statements ${previous.statement} and ${s.statement} both cover ${s.from} to ${to}: rows of those days may be counted twice`,
        });
      } else if (s.from > addDays(previous.to, 1)) {
        const from = addDays(previous.to, 1);
        const to = addDays(s.from, -1);
        breaks.push({
          kind: 'gap',
          ...figures,
          from,
          to,
          message: chains
            ? `no statement covers ${from} to ${to}; the balances chain across it (the bank recorded nothing those days)`
            : `no statement covers ${from} to ${to}`,
        });
      }
      if (expected === null || opening === null) {
        ok = false;
        breaks.push({
          kind: 'balance_unknown',
          ...figures,
          from: minDate(previous.to, s.from),
          to: maxDate(previous.to, s.from),
          message: `${expected === null ? `statement ${previous.statement} states no closing balance` : `statement ${s.statement} states no opening balance`}; continuity cannot be checked`,
        });
      } else if (!chains) {
        ok = false;
        breaks.push({
          kind: 'balance',
          ...figures,
          from: minDate(previous.to, s.from),
          to: maxDate(previous.to, s.from),
          message: `statement ${s.statement} opens at ${money(opening)}; the previous statement ${previous.statement} closed at ${money(expected)} (a difference of ${money(opening - expected)})`,
        });
      }
    }
    if (!previous || s.to >= previous.to) previous = s;
  }
  return { ok, statements: ordered, breaks };
}
