/**
 * The header vocabulary every tabular reader (CSV, spreadsheet, PDF) shares: which column names mean which part
 * of a transaction. The contract's names (section 6) come first in each list; the rest are what real bank
 * exports print (plurals, abbreviations, units, `Txn Posted Date`, ICICI's `Transaction Remarks`, SBI's `Ref
 * No./Cheque No.`, card statements' single `Amount` with a `Dr/Cr` or `Type` column).
 */

export type Meaning = 'date' | 'particulars' | 'outflow' | 'inflow' | 'balance' | 'amount' | 'direction' | 'narrationPart';

/**
 * Normalised names (see normaliseHeader), in order of preference when a file has more than one column of a meaning.
 * Each meaning lists English first, then German, French, Italian, Spanish and Dutch (issue 18: European exports);
 * names are compared without accents (`Libellé` = `libelle`, `Empfänger` = `empfanger`). For dates, every booking
 * date comes before every value date, so that with both the booking date is the row's date.
 */
const DATE_NAMES = {
  en: [
    'date',
    'txn date',
    'transaction date',
    'tran date',
    'trans date',
    'txn posted date',
    'posted date',
    'posting date',
    'post date',
    'booking date',
    'date time',
    'datetime',
    'transaction date time',
    'txn dt',
    'tran dt',
    'date of transaction',
    // Revolut: the day a payment was started is its transaction date; it completes (posts) a day or two later.
    'started date',
    'completed date',
  ],
  de: ['buchungstag', 'buchungsdatum', 'buchung', 'datum', 'belegdatum', 'umsatzdatum'],
  fr: ['date d operation', 'date operation', 'date de l operation', 'date de comptabilisation', 'date comptable', 'date op'],
  it: ['data', 'data contabile', 'data operazione', 'data movimento', 'data registrazione', 'data contabilizzazione'],
  es: ['fecha', 'fecha operacion', 'fecha de operacion', 'f operacion', 'fecha contable'],
  nl: ['boekdatum', 'transactiedatum'],
  // Nordic and Baltic exports (issue 31): Finnish, Swedish, Norwegian, Danish, Estonian.
  nordic: [
    'kirjauspäivä',
    'maksupäivä',
    'päivämäärä',
    'tapahtumapäivä',
    'bokföringsdag',
    'transaktionsdag',
    'bokföringsdatum',
    'transaktionsdatum',
    'dato',
    'bokført dato',
    'bokføringsdato',
    'bogført',
    'bogføringsdato',
    'kuupäev',
  ],
  ru: ['дата', 'дата операции', 'дата проводки', 'дата транзакции', 'дата совершения операции'],
  ja: ['日付', '取引日', 'お取引日', '年月日', 'ご利用日'],
  value: [
    'value date',
    'value dt',
    'valuta',
    'wertstellung',
    'valutadatum',
    'wertstellungsdatum',
    'date de valeur',
    'date valeur',
    'data valuta',
    'fecha valor',
    'f valor',
    'rentedatum',
    'wert',
    'date val',
    'arvopäivä',
    'valutadag',
    'rentedato',
    'väärtuspäev',
    'дата валютирования',
    '起算日',
  ],
};

export const HEADER_NAMES: Record<Meaning, string[]> = {
  date: Object.values(DATE_NAMES).flat(),
  particulars: [
    'particulars',
    'description',
    'narration',
    'details',
    'transaction details',
    'remarks',
    'transaction remarks',
    'transaction description',
    'transaction particulars',
    'narrative',
    'description/narration',
    'narration/description',
    'particulars/description',
    'memo',
    // snake_case and short exports (`desc`, Venmo's `Note`).
    'desc',
    'note',
    'payee',
    'merchant',
    'merchant name',
    'transaction narration',
    'counter party',
    'counterparty',
    'label',
    // North American card statements.
    'merchant name or transaction description',
    'description of transaction',
    'activity description', // TD Canada
    'transaction details description',
    // DBS/POSB: the narration is Transaction Ref1, Ref2 and Ref3 (narrationPart).
    'transaction ref1',
    // de
    'verwendungszweck',
    'vorgang/verwendungszweck',
    'buchungstext',
    'buchungsdetails',
    'beschreibung',
    'umsatztext',
    'text',
    // fr
    'libelle',
    'libelle operation',
    'libelle de l operation',
    'libelle simplifie',
    'detail',
    'nature de l operation',
    // it
    'descrizione completa',
    'descrizione',
    'descrizione operazione',
    'descrizione operazioni',
    'causale/descrizione',
    'causale',
    'dettagli',
    'operazione',
    // es
    'concepto',
    'descripcion',
    'movimiento',
    'detalle',
    'concepto/descripcion',
    // nl
    'omschrijving',
    'naam/omschrijving',
    'mededelingen',
    // Nordic and Baltic (issue 31)
    'selite',
    'selitys',
    'saaja/maksaja',
    'viesti',
    'beskrivning',
    'transaktionstext',
    'meddelande',
    'beskrivelse',
    'forklaring',
    'tekst',
    'selgitus',
    'saaja/maksja',
    // ru
    'описание',
    'назначение платежа',
    'описание операции',
    'наименование операции',
    // ja
    '摘要',
    'お取引内容',
    '内容',
    'お取引内容 摘要',
  ],
  outflow: [
    'withdrawal',
    'withdrawal amt',
    'withdrawal amount',
    'debit',
    'debit amount',
    'dr',
    'withdrawals',
    'debits',
    'debit amt',
    'dr amount',
    'dr amt',
    'withdrawal amounts',
    'withdrawals amount',
    'amount debited',
    'debited amount',
    'paid out',
    'money out',
    'payments',
    'withdrawal dr',
    'debit dr',
    'soll',
    'lastschrift',
    'belastung',
    'ausgang',
    'ausgaben', // de
    'debit euros',
    'montant debit', // fr (Débit is debit)
    'dare',
    'uscite',
    'addebiti',
    'addebito', // it
    'cargo',
    'cargos',
    'debe', // es
    'af', // nl
    'veloitus',
    'otto',
    'uttag',
    'ut fra konto',
    'ut',
    'udbetaling',
    'hævet',
    'deebet', // Nordic and Baltic
    'расход',
    'дебет',
    'списание', // ru
    'お支払金額',
    '出金',
    '出金金額',
    'お引出し',
    '支払金額', // ja
  ],
  inflow: [
    'deposit',
    'deposit amt',
    'deposit amount',
    'credit',
    'credit amount',
    'cr',
    'deposits',
    'credits',
    'credit amt',
    'cr amount',
    'cr amt',
    'deposit amounts',
    'deposits amount',
    'amount credited',
    'credited amount',
    'paid in',
    'money in',
    'receipts',
    'deposit cr',
    'credit cr',
    'haben',
    'gutschrift',
    'eingang',
    'einnahmen', // de
    'credit euros',
    'montant credit', // fr (Crédit is credit)
    'avere',
    'entrate',
    'accrediti',
    'accredito', // it
    'abono',
    'abonos',
    'haber', // es
    'bij', // nl
    'hyvitys',
    'pano',
    'insättning',
    'inn på konto',
    'inn',
    'indbetaling',
    'indsat',
    'kreedit', // Nordic and Baltic
    'приход',
    'кредит',
    'поступление',
    'зачисление', // ru
    'お預り金額',
    '入金',
    '入金金額',
    'お預入れ',
    '預入金額', // ja
  ],
  balance: [
    'balance',
    'closing balance',
    'running balance',
    'available balance',
    'balance amount',
    'balance amt',
    'bal',
    'ledger balance',
    'current balance',
    'running bal',
    'saldo',
    'kontostand',
    'saldo nach buchung', // de (Saldo is also it, es, nl)
    'solde', // fr
    'saldo contabile',
    'saldo disponibile', // it
    'saldo disponible',
    'disponible', // es (BBVA: Disponible)
    'saldo na mutatie', // nl
    'balance after', // snake_case `balance_after`
    'behållning',
    'jääk', // sv, et
    'остаток',
    'баланс',
    'исходящий остаток', // ru
    '残高',
    '差引残高', // ja
  ],
  amount: [
    'amount',
    'transaction amount',
    'txn amount',
    'txn amt',
    'amt',
    'amount in rs',
    'billing amount',
    'tran amount',
    'betrag',
    'umsatz',
    'betrag in eur', // de
    'montant',
    'montant de l operation', // fr
    'importo',
    'importo in euro', // it
    'importe', // es
    'bedrag', // nl
    'määrä',
    'määrä euroa',
    'summa',
    'belopp',
    'beløp',
    'beløb', // Nordic and Baltic
    'сумма',
    'сумма операции', // ru
    '金額',
    '取引金額', // ja
    // Kotak: one column headed `Withdrawal (Dr)/` over `Deposit (Cr)`, its amounts suffixed (Dr)/(Cr).
    'withdrawal/deposit',
    'deposit/withdrawal',
    'withdrawals/deposits',
    'debit/credit amount',
    'withdrawal/deposit amount',
  ],
  direction: [
    'dr/cr',
    'cr/dr',
    'debit/credit',
    'credit/debit',
    'd/c',
    'c/d',
    'dr cr',
    'cr dr',
    'type',
    'txn type',
    'transaction type',
    'tran type',
    'debit credit',
    'billing amount sign',
    'amount sign',
    'debit or credit',
    'credit or debit',
    'soll/haben',
    's/h',
    'soll haben', // de
    'af bij',
    'af/bij', // nl
    'sens', // fr (D/C)
    'tipo',
    'cargo/abono', // es
    'd/k',
    'deebet/kreedit', // Danish and Estonian exports: D (debet) / K (kredit)
  ],
  /** Columns that continue the narration, joined with it in column order. */
  narrationPart: [
    'transaction ref2',
    'transaction ref3',
    // de: the other party, beside the purpose (Verwendungszweck)
    'auftraggeber/empfanger',
    'empfanger/zahlungspflichtiger',
    'auftraggeber/zahlungsempfanger',
    'beguenstigter/zahlungspflichtiger',
    'begunstigter/zahlungspflichtiger',
    'name zahlungsbeteiligter',
    'zahlungsempfanger',
    'empfanger',
    'auftraggeber',
    'auftraggeber/begunstigter',
    'begunstigter/auftraggeber',
    'zahlungspflichtige r',
    'zahlungsempfanger in',
  ],
};

const MEANINGS = Object.keys(HEADER_NAMES) as Meaning[];
// Names are listed as banks print them (`bokført dato`, `お支払金額`) and compared normalised, as the cells are.
const MEANING_BY_NAME = new Map<string, { meaning: Meaning; rank: number }>();
for (const meaning of MEANINGS) {
  HEADER_NAMES[meaning].forEach((name, rank) => {
    // A name listed twice under one meaning keeps its first (better) rank. The name as listed stays a key too: a
    // cell's normal form can keep what the listed name's drops (`Amount in Rs.` normalises to `amount in rs`).
    for (const key of new Set([name, normaliseHeader(name)])) {
      if (MEANING_BY_NAME.get(key)?.meaning !== meaning) MEANING_BY_NAME.set(key, { meaning, rank });
    }
  });
}

export const EXPECTED_HEADER_HELP = 'a line of column names with a date, a description and an amount, such as "Date, Description, Debit, Credit, Balance"';

/** What a person can do about a file whose table was not found. */
export const NO_TABLE_ADVICE =
  "check that the file is a statement downloaded from the bank's website with its column names; if it is, download it again, or in another format (CSV, Excel or PDF)";

/**
 * Lowercase, no parenthesised units ("Balance (INR)"), `&`/punctuation to single spaces ("Withdrawal Amt." ->
 * "withdrawal amt", "DATE & TIME" -> "date time"), slashes kept but unspaced ("Dr / Cr" -> "dr/cr"), and a
 * trailing currency word dropped ("Amount INR" -> "amount", "Amount in Rs." -> "amount in rs" stays listed).
 */
export function normaliseHeader(text: string): string {
  return (
    text
      // CamelCase exports (`RunningBalance`, `BillingAmountSign`) name words by their capitals.
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      // A stray glyph glued after the unit (`AMOUNT (SGD)I`, a rule drawn as a letter) is not part of the name.
      .replace(/\)[a-z|]$/, ')')
      // Accents off: European headers compare as `libelle`, `debit`, `empfanger` (and Cyrillic `й` as `и`, kana
      // without their voicing marks, on both sides alike).
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/ß/g, 'ss')
      .replace(/\([^)]*\)/g, ' ')
      // Letters of every script: Cyrillic and Japanese headers are names too (issue 31); `_` of snake_case is a space.
      .replace(/[^\p{L}\p{N}/]+/gu, ' ')
      .replace(/\s*\/\s*/g, '/')
      .replace(/\s+(?:in\s+)?(?:inr|usd|sgd|eur|euro|euros|gbp|chf|rs)$/, '')
      .trim()
  );
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
  Partial<Record<'outflow' | 'inflow' | 'balance' | 'amount' | 'direction' | 'valueDate' | 'balanceDirection' | 'account', number>> & {
    /** Further narration columns (DBS's Transaction Ref2/Ref3), appended to the particulars in order. */
    narrationParts: number[];
  };

/**
 * The header's columns, or null when the cells are not a header: a date, a particulars column and either a
 * withdrawal/deposit column or one amount column. With two date columns the transaction date wins and the other
 * is kept as valueDate (a fallback where a row leaves the first blank). A blank cell may stand for the narration
 * (unnamedNarration) unless `allowUnnamedNarration` is false: callers first look for a header spread over 2-3 lines
 * that names every part, so `Date, , Amt., Amt., Balance` under `Txn, Narration, Withdrawal, Deposit, Closing` is
 * the second line of one header, not a header of its own.
 */
export function matchHeader(texts: string[], bankNames?: ReadonlyMap<string, Meaning>, allowUnnamedNarration = true): Columns | null {
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
  const parts = texts.flatMap((text, index) => (headerMeaning(text, bankNames)?.meaning === 'narrationPart' ? [index] : []));
  // A file that names only the other party (`Auftraggeber/Empfänger`) has that as its particulars.
  const particulars =
    best.get('particulars') ?? (parts.length > 0 ? { index: parts.shift()!, rank: 0 } : allowUnnamedNarration ? unnamedNarration(texts, best) : undefined);
  // `Amount` beside a column headed just `CR` (or `DR`): that column marks the amount, it holds no amount of its own.
  for (const side of ['inflow', 'outflow'] as const) {
    const marker = best.get(side);
    const other = best.get(side === 'inflow' ? 'outflow' : 'inflow');
    if (marker && !other && best.has('amount') && !best.has('direction') && /^(?:cr|dr)$/.test(normaliseHeader(texts[marker.index]!))) {
      best.delete(side);
      best.set('direction', marker);
    }
  }
  const directed = best.has('inflow') || best.has('outflow');
  if (!date || !particulars || (!directed && !best.has('amount'))) return null;
  // An unnamed column right of a lone amount holds its marker (`CR`, Volksbank's `S`/`H`) where the file has one.
  const amountIndex = best.get('amount')?.index;
  if (!directed && amountIndex !== undefined && !best.has('direction') && texts[amountIndex + 1] !== undefined && texts[amountIndex + 1]!.trim() === '') {
    best.set('direction', { index: amountIndex + 1, rank: 0 });
  }
  const balance = best.get('balance')?.index;
  // Kotak prints a second Dr/Cr column right of the balance: the balance's own sign.
  const balanceDirection =
    balance !== undefined && headerMeaning(texts[balance + 1] ?? '', bankNames)?.meaning === 'direction' && balance + 1 !== best.get('direction')?.index
      ? balance + 1
      : undefined;
  return {
    narrationParts: parts,
    account: accountColumn(texts),
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

/**
 * A narration under a column with no header (issue 31: some exports print `Date,,Amount,Balance`), where the header
 * names no narration of its own: the first blank header cell before the last named one, or the last cell when it
 * is the header's only blank one (`Date,Amount,Balance,` over rows that end in their narration). A blank cell right
 * of a lone amount is that amount's marker column (below), never the narration.
 */
function unnamedNarration(texts: string[], named: Map<Meaning, { index: number; rank: number }>): { index: number; rank: number } | undefined {
  const blank = texts.flatMap((text, i) => (text.trim() === '' ? [i] : []));
  const lastNamed = texts.reduce((last, text, i) => (text.trim() === '' ? last : i), -1);
  const amount = named.get('amount')?.index;
  const marker = amount !== undefined && !named.has('direction') && !named.has('inflow') && !named.has('outflow') ? amount + 1 : -1;
  const index = blank.find((i) => i !== marker && (i < lastNamed || (i === texts.length - 1 && blank.length === 1)));
  return index === undefined ? undefined : { index, rank: 0 };
}

/**
 * Columns that may hold the statement's own account number on every row (UK exports: `Sort Code`, `Account Number`;
 * Sparkasse's `Auftragskonto`, ING's `Rekening`). Some exports name the other party's account the same way, so the
 * table takes the value only when every row prints the same one.
 */
const ACCOUNT_COLUMN_NAMES = new Set(
  [
    'account number',
    'account no',
    'account',
    'acct no',
    'account num',
    'card no',
    'card number', // en (Capital One: Card No.)
    'auftragskonto',
    'auftraggeberkonto',
    'iban auftraggeberkonto',
    'kontonummer',
    'konto', // de
    'numero de compte',
    'no de compte',
    'compte', // fr
    'numero carta',
    'numero conto',
    'conto', // it
    'numero de cuenta',
    'cuenta', // es
    'rekening',
    'rekeningnummer', // nl
    // UBS names the account by its product: `Produit` / `Produkt` holds `0123 45678901.23A` on every row.
    'produit',
    'produkt',
    'product',
    'tilinumero',
    'tili',
    'kliendi konto', // fi, et
    'номер счета',
    'счет', // ru
    '口座番号', // ja
  ].map((name) => normaliseHeader(name)),
);

function accountColumn(texts: string[]): number | undefined {
  const index = texts.findIndex((text) => ACCOUNT_COLUMN_NAMES.has(normaliseHeader(text)));
  return index === -1 ? undefined : index;
}

/** How many cells a row of this header spans: its named columns, and an unnamed marker column after the last. */
export function columnsWidth(columns: Columns): number {
  const indexes = [
    columns.date,
    columns.particulars,
    columns.outflow,
    columns.inflow,
    columns.balance,
    columns.amount,
    columns.direction,
    columns.valueDate,
    columns.balanceDirection,
    columns.account,
    ...columns.narrationParts,
  ];
  return Math.max(...indexes.filter((i): i is number => i !== undefined)) + 1;
}
