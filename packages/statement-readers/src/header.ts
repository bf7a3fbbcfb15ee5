/**
 * The header vocabulary every tabular reader (CSV, spreadsheet, PDF) shares: which column names mean which part
 * of a transaction. The contract's names (section 6) come first in each list; the rest are what real bank
 * exports print (plurals, abbreviations, units, `Txn Posted Date`, ICICI's `Transaction Remarks`, SBI's `Ref
 * No./Cheque No.`, card statements' single `Amount` with a `Dr/Cr` or `Type` column).
 */

export type Meaning = 'date' | 'particulars' | 'outflow' | 'inflow' | 'balance' | 'amount' | 'direction' | 'narrationPart';

/** Normalised names (see normaliseHeader), in order of preference when a file has more than one column of a meaning. */
export const HEADER_NAMES: Record<Meaning, string[]> = {
  date: [
    'date', 'txn date', 'transaction date', 'tran date', 'trans date', 'txn posted date', 'posted date', 'posting date',
    'post date', 'booking date', 'date time', 'transaction date time', 'txn dt', 'tran dt', 'date of transaction',
    'value date', 'value dt',
  ],
  particulars: [
    'particulars', 'description', 'narration', 'details', 'transaction details', 'remarks', 'transaction remarks',
    'transaction description', 'transaction particulars', 'narrative', 'description/narration', 'narration/description',
    'particulars/description', 'memo', 'payee', 'merchant', 'merchant name', 'transaction narration',
    // North American card statements.
    'merchant name or transaction description', 'description of transaction', 'transaction details description',
    // DBS/POSB: the narration is Transaction Ref1, Ref2 and Ref3 (narrationPart).
    'transaction ref1',
  ],
  outflow: [
    'withdrawal', 'withdrawal amt', 'withdrawal amount', 'debit', 'debit amount', 'dr', 'withdrawals', 'debits',
    'debit amt', 'dr amount', 'dr amt', 'withdrawal amounts', 'withdrawals amount', 'amount debited', 'debited amount',
    'paid out', 'money out', 'payments', 'withdrawal dr', 'debit dr',
  ],
  inflow: [
    'deposit', 'deposit amt', 'deposit amount', 'credit', 'credit amount', 'cr', 'deposits', 'credits', 'credit amt',
    'cr amount', 'cr amt', 'deposit amounts', 'deposits amount', 'amount credited', 'credited amount', 'paid in',
    'money in', 'receipts', 'deposit cr', 'credit cr',
  ],
  balance: ['balance', 'closing balance', 'running balance', 'available balance', 'balance amount', 'balance amt', 'bal', 'ledger balance'],
  amount: [
    'amount', 'transaction amount', 'txn amount', 'txn amt', 'amt', 'amount in rs', 'billing amount', 'tran amount',
    // Kotak: one column headed `Withdrawal (Dr)/` over `Deposit (Cr)`, its amounts suffixed (Dr)/(Cr).
    'withdrawal/deposit', 'deposit/withdrawal', 'withdrawals/deposits', 'debit/credit amount', 'withdrawal/deposit amount',
  ],
  direction: ['dr/cr', 'cr/dr', 'debit/credit', 'credit/debit', 'd/c', 'c/d', 'dr cr', 'cr dr', 'type', 'txn type', 'transaction type', 'tran type', 'debit credit'],
  /** Columns that continue the narration, appended to it in order. */
  narrationPart: ['transaction ref2', 'transaction ref3'],
};

const MEANINGS = Object.keys(HEADER_NAMES) as Meaning[];
const MEANING_BY_NAME = new Map<string, { meaning: Meaning; rank: number }>(
  MEANINGS.flatMap((meaning) => HEADER_NAMES[meaning].map((name, rank) => [name, { meaning, rank }] as const)),
);

export const EXPECTED_HEADER_HELP =
  'a header row naming a date column (Date, Txn Date, Transaction Date, Value Date, Tran Date), a particulars column ' +
  '(Particulars, Description, Narration, Details, Remarks) and a withdrawal or deposit column (Withdrawal, Debit, Dr, ' +
  'Deposit, Credit, Cr) or a single Amount column';

/**
 * Lowercase, no parenthesised units ("Balance (INR)"), `&`/punctuation to single spaces ("Withdrawal Amt." ->
 * "withdrawal amt", "DATE & TIME" -> "date time"), slashes kept but unspaced ("Dr / Cr" -> "dr/cr"), and a
 * trailing currency word dropped ("Amount INR" -> "amount", "Amount in Rs." -> "amount in rs" stays listed).
 */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    // A stray glyph glued after the unit (`AMOUNT (SGD)I`, a rule drawn as a letter) is not part of the name.
    .replace(/\)[a-z|]$/, ')')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9/]+/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+(?:inr|usd|sgd|eur|gbp|rs|in inr)$/, '')
    .trim();
}

/**
 * What a header cell means, or null for a column the rows do not need (cheque number, branch, serial number).
 * A recognised bank's own names (its profile's vocabulary) come before the shared ones.
 */
export function headerMeaning(text: string, bankNames?: ReadonlyMap<string, Meaning>): { meaning: Meaning; rank: number } | null {
  const name = normaliseHeader(text);
  const own = bankNames?.get(name);
  return own ? { meaning: own, rank: -1 } : (MEANING_BY_NAME.get(name) ?? null);
}

/** Column indexes of a recognised header. `amount` (one signed or marked amount) stands where outflow/inflow do not. */
export type Columns = Record<'date' | 'particulars', number> &
  Partial<Record<'outflow' | 'inflow' | 'balance' | 'amount' | 'direction' | 'valueDate' | 'balanceDirection', number>> & {
    /** Further narration columns (DBS's Transaction Ref2/Ref3), appended to the particulars in order. */
    narrationParts: number[];
  };

/**
 * The header's columns, or null when the cells are not a header: a date, a particulars column and either a
 * withdrawal/deposit column or one amount column. With two date columns the transaction date wins and the other
 * is kept as valueDate (a fallback where a row leaves the first blank).
 */
export function matchHeader(texts: string[], bankNames?: ReadonlyMap<string, Meaning>): Columns | null {
  const best = new Map<Meaning, { index: number; rank: number }>();
  let otherDate: number | undefined;
  texts.forEach((text, index) => {
    const hit = headerMeaning(text, bankNames);
    if (!hit) return;
    const current = best.get(hit.meaning);
    if (!current || hit.rank < current.rank) {
      if (current && hit.meaning === 'date') otherDate = current.index;
      best.set(hit.meaning, { index, rank: hit.rank });
    } else if (hit.meaning === 'date' && otherDate === undefined) {
      otherDate = index;
    }
  });
  const date = best.get('date');
  const particulars = best.get('particulars');
  const directed = best.has('inflow') || best.has('outflow');
  if (!date || !particulars || (!directed && !best.has('amount'))) return null;
  const balance = best.get('balance')?.index;
  // Kotak prints a second Dr/Cr column right of the balance: the balance's own sign.
  const balanceDirection = balance !== undefined && headerMeaning(texts[balance + 1] ?? '', bankNames)?.meaning === 'direction' && balance + 1 !== best.get('direction')?.index ? balance + 1 : undefined;
  return {
    narrationParts: texts.flatMap((text, index) => (headerMeaning(text, bankNames)?.meaning === 'narrationPart' ? [index] : [])),
    balanceDirection,
    date: date.index,
    particulars: particulars.index,
    outflow: best.get('outflow')?.index,
    inflow: best.get('inflow')?.index,
    balance: best.get('balance')?.index,
    // A lone amount column is read only when there are no withdrawal/deposit columns.
    amount: directed ? undefined : best.get('amount')?.index,
    direction: directed ? undefined : best.get('direction')?.index,
    valueDate: otherDate,
  };
}
