import { columnsWidth, EXPECTED_HEADER_HELP, HEADER_NAMES, headerMeaning, matchHeader, NO_TABLE_ADVICE, normaliseHeader, type Meaning } from '../src/header';

/**
 * The header vocabulary as banks print it: each cell below is a column name seen in real exports (with their
 * capitals, punctuation and units), and the meaning the readers must give it. A name dropped from the
 * vocabulary, or moved to another meaning, fails its row here.
 */
const PRINTED: Record<Meaning, string[]> = {
  date: [
    'Date',
    'Txn Date',
    'Transaction Date',
    'Tran Date',
    'Trans. Date',
    'Txn Posted Date',
    'Posted Date',
    'Posting Date',
    'Post Date',
    'Booking Date',
    'DATE & TIME',
    'Transaction Date & Time',
    'Txn Dt.',
    'Tran Dt',
    'Date of Transaction',
    'Value Date',
    'Value Dt',
  ],
  particulars: [
    'Particulars',
    'Description',
    'Narration',
    'Details',
    'Transaction Details',
    'Remarks',
    'Transaction Remarks',
    'Transaction Description',
    'Transaction Particulars',
    'Narrative',
    'Description / Narration',
    'Narration/Description',
    'Particulars / Description',
    'Memo',
    'Payee',
    'Merchant',
    'Merchant Name',
    'Transaction Narration',
    'Transaction Ref1',
  ],
  outflow: [
    'Withdrawal',
    'Withdrawal Amt.',
    'Withdrawal Amount (INR )',
    'Debit',
    'Debit Amount',
    'Dr',
    'Withdrawals',
    'Debits',
    'Debit Amt',
    'Dr Amount',
    'DR AMT.',
    'Withdrawal Amounts',
    'Withdrawals Amount',
    'Amount Debited',
    'Debited Amount',
    'Paid Out',
    'Money Out',
    'Payments',
    'Withdrawal (Dr)',
    'Debit (Dr.)',
    'Withdrawal Dr',
    'Debit Dr',
  ],
  inflow: [
    'Deposit',
    'Deposit Amt.',
    'Deposit Amount (INR )',
    'Credit',
    'Credit Amount',
    'Cr',
    'Deposits',
    'Credits',
    'Credit Amt',
    'Cr Amount',
    'CR AMT.',
    'Deposit Amounts',
    'Deposits Amount',
    'Amount Credited',
    'Credited Amount',
    'Paid In',
    'Money In',
    'Receipts',
    'Deposit Cr',
    'Credit Cr',
  ],
  balance: [
    'Balance',
    'Closing Balance',
    'Running Balance',
    'Available Balance',
    'Balance Amount',
    'Balance Amt.',
    'Bal',
    'Ledger Balance',
    'Balance (INR)',
    'Balance INR',
  ],
  amount: [
    'Amount',
    'Transaction Amount',
    'Txn Amount',
    'Txn Amt',
    'Amt.',
    'Amount in Rs.',
    'Billing Amount',
    'Tran Amount',
    'Amount (INR)',
    'Amount USD',
    'Amount SGD',
    'Amount EUR',
    'Amount GBP',
    'Amount Rs',
    'Amount in INR',
  ],
  direction: [
    'Dr/Cr',
    'Cr / Dr',
    'Debit/Credit',
    'Credit/Debit',
    'D/C',
    'C/D',
    'Dr Cr',
    'Cr Dr',
    'Type',
    'Txn Type',
    'Transaction Type',
    'Tran Type',
    'Debit Credit',
  ],
  narrationPart: ['Transaction Ref2', 'Transaction Ref3'],
};

describe('headerMeaning: column names as banks print them', () => {
  it.each(Object.entries(PRINTED).flatMap(([meaning, names]) => names.map((name) => [name, meaning] as const)))('%j is %s', (name, meaning) => {
    expect(headerMeaning(name)?.meaning).toBe(meaning);
  });

  it.each(['', 'Sl No', 'Cheque No.', 'Ref No./Cheque No.', 'Branch', 'Amount Debited Credited', 'Dated', 'Balances Brought'])(
    '%j means nothing to the rows',
    (name) => {
      expect(headerMeaning(name)).toBeNull();
    },
  );

  it('ranks the names of one meaning in the order of preference: the contract name first', () => {
    expect(headerMeaning('Date')).toEqual({ meaning: 'date', rank: 0 });
    expect(headerMeaning('Value Date')!.rank).toBeGreaterThan(headerMeaning('Transaction Date')!.rank);
    // Every booking date (in every language) ranks before every value date.
    expect(headerMeaning('Value Dt')).toEqual({ meaning: 'date', rank: HEADER_NAMES.date.indexOf('value dt') });
    expect(headerMeaning('Value Dt')!.rank).toBeGreaterThan(headerMeaning('Buchungstag')!.rank);
  });
});

describe('EXPECTED_HEADER_HELP: what a file without a header is told', () => {
  it('says in plain words what a header needs, with an example every part of which the vocabulary knows', () => {
    expect(EXPECTED_HEADER_HELP).toMatch(/a date, a description and an amount/);
    const example = /such as "([^"]+)"/.exec(EXPECTED_HEADER_HELP)![1]!.split(', ');
    expect(matchHeader(example)).not.toBeNull();
  });
});

describe('normaliseHeader', () => {
  it.each([
    ['Withdrawal Amount (INR )', 'withdrawal amount'],
    ['DATE & TIME', 'date time'],
    ['Withdrawal Amt.', 'withdrawal amt'],
    ['  Dr / Cr  ', 'dr/cr'],
    ['Dr/ Cr', 'dr/cr'],
    ['Cr /Dr', 'cr/dr'],
    ['Balance(INR)Amount', 'balance amount'],
    ['Amount INR', 'amount'],
    ['Amount in INR', 'amount'],
    ['Amount in Rs.', 'amount in rs'],
    ['Amount Rs', 'amount'],
    ['Amount (Rs.) (Cr)', 'amount'],
    ['Txn\tDate', 'txn date'],
    ['BALANCE', 'balance'],
    ['INR', 'inr'],
    ['Balance_2', 'balance 2'],
    ['Amount EURO', 'amount'],
    ['INR Amount', 'inr amount'],
  ])('%j -> %j', (text, normal) => {
    expect(normaliseHeader(text)).toBe(normal);
  });
});

describe('matchHeader: which columns a header row names', () => {
  it('finds date, particulars, withdrawal, deposit and balance', () => {
    expect(matchHeader(['Sl No', 'Txn Date', 'Narration', 'Chq./Ref.No.', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'])).toEqual({
      narrationParts: [],
      balanceDirection: undefined,
      date: 1,
      particulars: 2,
      outflow: 4,
      inflow: 5,
      balance: 6,
      amount: undefined,
      direction: undefined,
      valueDate: undefined,
    });
  });

  it('is not a header without a date, a particulars column, or any amount column', () => {
    expect(matchHeader(['Narration', 'Withdrawal', 'Deposit'])).toBeNull();
    expect(matchHeader(['Date', 'Withdrawal', 'Deposit'])).toBeNull();
    expect(matchHeader(['Date', 'Narration', 'Balance'])).toBeNull();
    expect(matchHeader(['Date', 'Narration', 'Dr/Cr'])).toBeNull();
    expect(matchHeader(['Date', 'Narration', 'Deposit'])).toMatchObject({ date: 0, particulars: 1, inflow: 2, outflow: undefined });
    expect(matchHeader(['Date', 'Narration', 'Withdrawal'])).toMatchObject({ date: 0, particulars: 1, outflow: 2, inflow: undefined });
  });

  it('reads one amount column with its direction only where there are no withdrawal/deposit columns', () => {
    expect(matchHeader(['Date', 'Description', 'Amount', 'Dr/Cr', 'Balance'])).toMatchObject({
      amount: 2,
      direction: 3,
      balance: 4,
      outflow: undefined,
      inflow: undefined,
    });
    expect(matchHeader(['Date', 'Description', 'Amount', 'Type', 'Debit', 'Credit'])).toMatchObject({
      amount: undefined,
      direction: undefined,
      outflow: 4,
      inflow: 5,
    });
  });

  it('keeps the preferred name of a meaning, wherever it stands', () => {
    // 'Transaction Date' ranks before 'Value Date' whichever comes first; the other date is the value date.
    expect(matchHeader(['Value Date', 'Transaction Date', 'Description', 'Debit', 'Credit'])).toMatchObject({ date: 1, valueDate: 0 });
    expect(matchHeader(['Transaction Date', 'Value Date', 'Description', 'Debit', 'Credit'])).toMatchObject({ date: 0, valueDate: 1 });
    // A third date column does not replace the value date.
    expect(matchHeader(['Date', 'Value Date', 'Posted Date', 'Description', 'Debit'])).toMatchObject({ date: 0, valueDate: 1 });
    // Only dates keep the column they displaced (as the value date); other meanings simply take the better name.
    expect(matchHeader(['Date', 'Narration', 'Particulars', 'Debit'])).toMatchObject({ particulars: 2, valueDate: undefined });
    expect(matchHeader(['Date', 'Particulars', 'Narration', 'Debit'])).toMatchObject({ particulars: 1 });
    expect(matchHeader(['Date', 'Narration', 'Debit', 'Dr'])).toMatchObject({ outflow: 2, valueDate: undefined });
    // Of two columns with the same name, the first.
    expect(matchHeader(['Date', 'Narration', 'Debit', 'Debit', 'Balance', 'Balance'])).toMatchObject({ outflow: 2, balance: 4 });
    expect(matchHeader(['Date', 'Narration', 'Debit', 'Balance', 'Bal'])).toMatchObject({ balance: 3 });
  });

  it("takes a Dr/Cr column right of the balance as the balance's sign (Kotak)", () => {
    expect(matchHeader(['Date', 'Narration', 'Amount', 'Dr/Cr', 'Balance', 'Dr/Cr'])).toMatchObject({
      amount: 2,
      direction: 3,
      balance: 4,
      balanceDirection: 5,
    });
    // The amount's own direction right of the balance is not the balance's sign.
    expect(matchHeader(['Date', 'Narration', 'Amount', 'Balance', 'Dr/Cr'])).toMatchObject({ direction: 4, balanceDirection: undefined });
    expect(matchHeader(['Date', 'Narration', 'Debit', 'Balance', 'Remarks'])).toMatchObject({ balanceDirection: undefined });
    // A Dr/Cr left of the balance is the amount's.
    expect(matchHeader(['Date', 'Narration', 'Amount', 'Dr/Cr', 'Balance'])).toMatchObject({ direction: 3, balanceDirection: undefined });
    expect(matchHeader(['Date', 'Narration', 'Debit', 'Credit', 'Balance'])).toMatchObject({ balanceDirection: undefined });
  });

  it("lists DBS's Transaction Ref2 and Ref3 as narration parts, in order", () => {
    expect(
      matchHeader(['Transaction Date', 'Reference', 'Debit Amount', 'Credit Amount', 'Transaction Ref1', 'Transaction Ref2', 'Transaction Ref3']),
    ).toMatchObject({
      particulars: 4,
      narrationParts: [5, 6],
    });
  });
});

describe("matchHeader: markers, other parties and a bank's own names (issue 31, mutation survivors)", () => {
  it("takes a column headed just CR or DR beside a lone Amount as the amount's marker, not as a deposit or withdrawal", () => {
    expect(matchHeader(['Date', 'Description', 'Amount', 'CR'])).toMatchObject({ amount: 2, direction: 3, inflow: undefined, outflow: undefined });
    expect(matchHeader(['Date', 'Description', 'Amount', 'Dr.'])).toMatchObject({ amount: 2, direction: 3, inflow: undefined, outflow: undefined });
  });

  it("keeps CR and DR as money columns where they are not a lone amount's marker", () => {
    // With both sides named, CR and DR are the deposit and withdrawal columns, and the Amount is not read.
    expect(matchHeader(['Date', 'Description', 'Amount', 'DR', 'CR'])).toMatchObject({ outflow: 3, inflow: 4, amount: undefined, direction: undefined });
    // Without an Amount column there is nothing to mark.
    expect(matchHeader(['Date', 'Description', 'CR'])).toMatchObject({ inflow: 2, direction: undefined });
    // Only a column headed just CR or DR marks the amount: `Deposit Cr` and `Cr Amount` hold amounts of their own.
    expect(matchHeader(['Date', 'Description', 'Amount', 'Deposit Cr'])).toMatchObject({ inflow: 3, amount: undefined, direction: undefined });
    expect(matchHeader(['Date', 'Description', 'Amount', 'Cr Amount'])).toMatchObject({ inflow: 3, amount: undefined, direction: undefined });
    // A direction column already named is the amount's marker; the CR column stays a deposit column.
    expect(matchHeader(['Date', 'Description', 'Amount', 'Dr/Cr', 'CR'])).toMatchObject({ inflow: 4, amount: undefined, direction: undefined });
  });

  it("takes an unnamed column right of a lone amount as its marker (`CR`, Volksbank's `S`/`H`)", () => {
    expect(matchHeader(['Date', 'Description', 'Amount', ''])).toMatchObject({ amount: 2, direction: 3 });
    expect(matchHeader(['Date', 'Description', 'Amount', '  ', 'Balance'])).toMatchObject({ amount: 2, direction: 3, balance: 4 });
  });

  it('finds no marker column where there is none', () => {
    // The last column, a named column, an unnamed column left of the amount, or beside withdrawal/deposit columns.
    expect(matchHeader(['Date', 'Description', 'Amount'])).toMatchObject({ amount: 2, direction: undefined });
    expect(matchHeader(['Date', 'Description', 'Amount', 'Balance'])).toMatchObject({ amount: 2, direction: undefined, balance: 3 });
    expect(matchHeader(['Date', 'Description', '', 'Amount', 'Balance'])).toMatchObject({ amount: 3, direction: undefined });
    expect(matchHeader(['Date', 'Description', 'Debit', 'Credit', ''])).toMatchObject({ outflow: 2, inflow: 3, direction: undefined });
    // A named direction column wins over an unnamed one.
    expect(matchHeader(['Date', 'Description', 'Amount', '', 'Type'])).toMatchObject({ amount: 2, direction: 4 });
  });

  it('takes the other party as the narration where a file names nothing else (`Auftraggeber/Empfänger`)', () => {
    expect(matchHeader(['Buchungstag', 'Auftraggeber/Empfänger', 'Betrag'])).toMatchObject({ date: 0, particulars: 1, amount: 2, narrationParts: [] });
    expect(matchHeader(['Buchungstag', 'Auftraggeber/Empfänger', 'Verwendungszweck', 'Betrag'])).toMatchObject({ particulars: 2, narrationParts: [1] });
    expect(matchHeader(['Buchungstag', 'Betrag'])).toBeNull();
  });

  it("prefers a bank's own name for a meaning to the shared vocabulary's", () => {
    const own = new Map<string, Meaning>([['valuta', 'date']]);
    expect(headerMeaning('Valuta', own)).toEqual({ meaning: 'date', rank: -1 });
    expect(headerMeaning('Valuta')).toEqual({ meaning: 'date', rank: HEADER_NAMES.date.indexOf('valuta') });
    // With the bank's name, `Valuta` is the row's date and the shared `Date` the value date.
    expect(matchHeader(['Date', 'Valuta', 'Details', 'Amount'], own)).toMatchObject({ date: 1, valueDate: 0 });
    expect(matchHeader(['Date', 'Valuta', 'Details', 'Amount'])).toMatchObject({ date: 0, valueDate: 1 });
  });
});

describe('columnsWidth: how many cells a row of a header spans', () => {
  it.each([
    [['Date', 'Description', 'Amount'], 3],
    [['Date', 'Description', 'Amount', ''], 4],
    [['Amount', 'Description', 'Date'], 3],
    [['Date', 'Narration', 'Amount', 'Dr/Cr', 'Balance', 'Dr/Cr'], 6],
    [['Date', 'Narration', 'Amount', 'Balance', 'Dr/Cr'], 5],
    [['Date', 'Description', 'Amount', 'Branch', 'Account Number'], 5],
    [['Transaction Date', 'Debit Amount', 'Transaction Ref1', 'Transaction Ref2', 'Transaction Ref3'], 5],
    [['Date', 'Description', 'Amount', 'Value Date'], 4],
  ])('%j spans %i cells', (texts, width) => {
    expect(columnsWidth(matchHeader(texts)!)).toBe(width);
  });
});

describe('normaliseHeader: glyphs and letters the vocabulary compares without', () => {
  it.each([
    // A stray glyph glued after the unit (`AMOUNT (SGD)I`, a rule drawn as a letter or a bar).
    ['AMOUNT (SGD)I', 'amount'],
    ['Balance (INR)|', 'balance'],
    ['Date (DD/MM/YYYY)l', 'date'],
    ['Date (DD/MM/YYYY)', 'date'],
    ['(Dr)Amount', 'amount'],
    ['Straße', 'strasse'],
    ['Empfänger', 'empfanger'],
  ])('%j -> %j', (text, normal) => {
    expect(normaliseHeader(text)).toBe(normal);
  });
});

describe('NO_TABLE_ADVICE: what a person can do about a file whose table was not found', () => {
  it('says where to get the file again and in which formats', () => {
    expect(NO_TABLE_ADVICE).toBe(
      "check that the file is a statement downloaded from the bank's website with its column names; if it is, download it again, or in another format (CSV, Excel or PDF)",
    );
  });
});

describe('normaliseHeader: every script, compatibility forms and snake_case (issue 31)', () => {
  it.each([
    ['Исходящий остаток', 'исходящии остаток'],
    ['Номер счёта', 'номер счета'],
    ['ご利用日', 'こ利用日'],
    ['お取引内容　摘要', 'お取引内容 摘要'],
    ['Ｄａｔｅ', 'date'],
    ['ＡＭＯＵＮＴ（ＪＰＹ）', 'amount'],
    ['balance_after', 'balance after'],
    ['BALANCE__AFTER', 'balance after'],
    ['Transaction Ref2', 'transaction ref2'],
    ['Bokført dato', 'bokført dato'],
    ['Määrä EUROA', 'maara euroa'],
  ])('%j -> %j', (text, normal) => {
    expect(normaliseHeader(text)).toBe(normal);
  });

  it('gives a name listed twice (once with a currency word) its first, better rank', () => {
    expect(['Amount', 'Debit', 'Credit', 'Debit Euros', 'Betrag In EUR', 'Importo'].map((text) => headerMeaning(text))).toEqual([
      { meaning: 'amount', rank: 0 },
      { meaning: 'outflow', rank: 3 },
      { meaning: 'inflow', rank: 3 },
      { meaning: 'outflow', rank: 3 },
      { meaning: 'amount', rank: 8 },
      { meaning: 'amount', rank: 13 },
    ]);
    // So `Amount` still outranks `Txn Amount`.
    expect(matchHeader(['Date', 'Txn Amount', 'Amount', 'Description'])).toMatchObject({ amount: 2 });
  });
});

describe('matchHeader: a narration under a blank header cell (issue 31)', () => {
  it.each([
    // The first blank cell before the last named one.
    [['Date', '', 'Amount', 'Balance'], { particulars: 1, amount: 2, balance: 3 }],
    [['Date', '', '', 'Amount', 'Balance'], { particulars: 1, amount: 3, balance: 4 }],
    [['Date', '', 'Amount', 'Balance', ''], { particulars: 1, amount: 2, balance: 3 }],
    [['', 'Date', 'Amount'], { particulars: 0, date: 1, amount: 2 }],
    [['Date', ' ', 'Amount'], { particulars: 1, amount: 2 }],
    // The last cell when it is the header's only blank one.
    [['Date', 'Amount', 'Balance', ''], { particulars: 3, amount: 1, balance: 2 }],
    [['Date', 'Amount', 'Balance', '  '], { particulars: 3, amount: 1, balance: 2 }],
    // Never the blank right of a lone amount, which is that amount's marker; a named marker or withdrawal/deposit
    // columns leave it free.
    [['Date', '', 'Amount', '', 'Balance'], { particulars: 1, amount: 2, direction: 3, balance: 4 }],
    [['Date', 'Amount', '', 'Type'], { particulars: 2, amount: 1, direction: 3 }],
    [['Date', 'Amount', '', 'Credit', 'Balance'], { particulars: 2, amount: undefined, inflow: 3, balance: 4 }],
    [['Date', 'Amount', '', 'Debit', 'Balance'], { particulars: 2, amount: undefined, outflow: 3, balance: 4 }],
    [['Date', 'Debit', '', 'Credit'], { particulars: 2, outflow: 1, inflow: 3 }],
    [['Date', '', 'Debit', 'Credit'], { particulars: 1, outflow: 2, inflow: 3 }],
    [['Date', '', 'Amount', 'Type'], { particulars: 1, amount: 2, direction: 3 }],
    [['Date', 'Amount', 'CR', ''], { particulars: 3, amount: 1, direction: 2 }],
    // A named narration (or the other party) wins over a blank cell.
    [['Date', '', 'Description', 'Amount'], { particulars: 2, amount: 3 }],
    [['Date', '', 'Empfänger', 'Amount'], { particulars: 2, amount: 3, narrationParts: [] }],
  ])('%j -> %j', (texts, columns) => {
    expect(matchHeader(texts)).toMatchObject({ date: 0, ...columns });
  });

  it.each([
    // Only the marker's blank, two blanks after the last name, or a blank the amount's marker takes.
    ['Date', 'Amount', '', 'Balance'],
    ['Date', 'Amount', '', 'Balance', ''],
    ['Date', 'Amount', 'Balance', '', ''],
    ['Date', 'Amount'],
  ])('finds no narration in %j', (...texts) => {
    expect(matchHeader(texts)).toBeNull();
  });

  it('takes no blank cell for the narration when the caller asks for named columns only', () => {
    expect([matchHeader(['Date', '', 'Amount', 'Balance'], undefined, false), matchHeader(['Date', 'Amount', 'Balance', ''], undefined, false)]).toEqual([
      null,
      null,
    ]);
    expect(matchHeader(['Date', 'Description', 'Amount', ''], undefined, false)).toMatchObject({ particulars: 1, amount: 2, direction: 3 });
    expect(matchHeader(['Date', '', 'Empfänger', 'Amount'], undefined, false)).toMatchObject({ particulars: 2 });
  });
});
