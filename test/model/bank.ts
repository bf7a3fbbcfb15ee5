/**
 * What the bank really did in April 2024, per statement account: the source the model cuts statements from. A
 * statement is a window of consecutive rows of it, printed with the bank's running balances (or, for the card,
 * as an OFX credit-card statement stating its currency), so every statement the model uploads is one a bank
 * could have sent, and two uploads of the same window are the same bytes.
 */
import { hdfcCsv, type FixtureRow } from '@finance/statement-readers/testing';

export type StatementKey = 'bank' | 'card';

export interface BankRow {
  /** ISO date. */
  date: string;
  particulars: string;
  /** Minor units (paise, cents), non-negative; one of them is zero. */
  inflow: number;
  outflow: number;
}

export interface BankAccount {
  accNo: string;
  /** What the upload must create: the kind and currency the file states (issue 30, part 4). */
  kind: 'bank' | 'credit_card';
  currency: string;
  /** The balance before the first row, minor units (negative on the card: owed). */
  opening: number;
  rows: BankRow[];
}

const d = (day: number) => `2024-04-${String(day).padStart(2, '0')}`;
const out = (day: number, particulars: string, amount: number): BankRow => ({ date: d(day), particulars, inflow: 0, outflow: amount });
const inn = (day: number, particulars: string, amount: number): BankRow => ({ date: d(day), particulars, inflow: amount, outflow: 0 });

export const BANK: Record<StatementKey, BankAccount> = {
  bank: {
    accNo: '50100012345678',
    kind: 'bank',
    currency: 'INR',
    opening: 1_000_000,
    rows: [
      out(1, 'UPI/412345678901/SWIGGY/food', 25_000),
      inn(2, 'NEFT/N123456789/ACME TECHNOLOGIES/SALARY', 5_000_000),
      out(3, 'CHQ PAID 004512 LANDLORD RENT', 2_000_000),
      // Two identical rows of one day: a person ordered twice; both are real.
      out(4, 'UPI/412345678902/SWIGGY/food', 31_000),
      out(4, 'UPI/412345678902/SWIGGY/food', 31_000),
      inn(5, 'RAZORPAY SETTLEMENT BATCH', 300_000),
      out(6, 'BANK CHARGES', 11_800),
      inn(8, 'INTEREST CREDIT', 4_250),
      out(10, 'ATM WDL/MUMBAI/ANDHERI', 500_000),
      out(12, 'UPI/412345678903/ZOMATO/food', 45_500),
      inn(15, 'IMPS/P2A/RAO AND CO/REFUND', 120_000),
      out(18, 'ACH D- HDFC LTD HOME LOAN EMI', 2_800_000),
      out(20, 'BANK CHARGES', 11_800),
      inn(22, 'NEFT/N987654321/ACME TECHNOLOGIES/BONUS', 1_000_000),
      out(25, 'UPI/412345678904/SWIGGY/food', 25_000),
      out(28, 'POS 400000999997 AMAZON RETAIL INDIA', 210_000),
    ],
  },
  card: {
    accNo: '4119110087654321',
    kind: 'credit_card',
    currency: 'SGD',
    opening: -50_000,
    rows: [
      out(2, 'GRAB A-5XKQ2WNJWB7Z', 2_380),
      out(5, 'NTUC FAIRPRICE TAMPINES', 15_635),
      out(9, 'MARKS AND SPENCER ION', 8_990),
      inn(11, 'PAYMENT - DBS INTERNET', 50_000),
      out(14, 'SINGAPORE AIRLINES SIN-BKK', 120_410),
      inn(17, 'REFUND - SHOPEE SINGAPORE', 4_500),
      out(21, 'GRAB A-7PLM3QWERT', 1_960),
      out(26, 'NTUC FAIRPRICE TAMPINES', 15_635),
    ],
  },
};

/** The bank's balance after row `i` (before the first row for -1), minor units. */
export function balanceAfter(account: BankAccount, i: number): number {
  let balance = account.opening;
  for (let k = 0; k <= i; k++) balance += account.rows[k]!.inflow - account.rows[k]!.outflow;
  return balance;
}

const money = (minor: number) => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${units}.${String(abs % 100).padStart(2, '0')}`;
};
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;

export interface Window {
  start: number;
  /** Inclusive. */
  end: number;
  /** A printed balance the bank got wrong (row index inside the window), 100.00 too high. */
  misprint: number | null;
}

/** The file of a window: an HDFC-style CSV with running balances for the bank, an OFX card statement for the card. */
export function statementFile(key: StatementKey, w: Window): { bytes: Buffer; name: string } {
  const account = BANK[key];
  if (key === 'bank') {
    const rows: FixtureRow[] = [];
    for (let i = w.start; i <= w.end; i++) {
      const r = account.rows[i]!;
      const printed = balanceAfter(account, i) + (w.misprint === i ? 10_000 : 0);
      rows.push({
        date: dmy(r.date),
        particulars: r.particulars,
        withdrawal: r.outflow ? money(r.outflow) : '',
        deposit: r.inflow ? money(r.inflow) : '',
        balance: money(printed),
      });
    }
    return { bytes: hdfcCsv(rows, { accNo: account.accNo }), name: `hdfc-${w.start}-${w.end}${w.misprint === null ? '' : `-m${w.misprint}`}.csv` };
  }
  const ofxDate = (iso: string) => `${iso.replace(/-/g, '')}000000.000[+8:SGT]`;
  const trn = (r: BankRow, i: number) =>
    `        <STMTTRN>\n          <TRNTYPE>${r.inflow ? 'CREDIT' : 'DEBIT'}</TRNTYPE>\n          <DTPOSTED>${ofxDate(r.date)}</DTPOSTED>\n` +
    `          <TRNAMT>${r.inflow ? money(r.inflow).replace(/,/g, '') : `-${money(r.outflow).replace(/,/g, '')}`}</TRNAMT>\n` +
    `          <FITID>SG2404${String(i).padStart(6, '0')}</FITID>\n          <NAME>${r.particulars}</NAME>\n        </STMTTRN>\n`;
  const body = account.rows
    .slice(w.start, w.end + 1)
    .map((r, k) => trn(r, w.start + k))
    .join('');
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' +
    '<OFX>\n' +
    '  <SIGNONMSGSRSV1>\n    <SONRS>\n      <STATUS>\n        <CODE>0</CODE>\n        <SEVERITY>INFO</SEVERITY>\n      </STATUS>\n' +
    '      <DTSERVER>20240505093000.000[+8:SGT]</DTSERVER>\n      <LANGUAGE>ENG</LANGUAGE>\n    </SONRS>\n  </SIGNONMSGSRSV1>\n' +
    '  <CREDITCARDMSGSRSV1>\n    <CCSTMTTRNRS>\n      <TRNUID>0</TRNUID>\n      <STATUS>\n        <CODE>0</CODE>\n        <SEVERITY>INFO</SEVERITY>\n      </STATUS>\n' +
    `      <CCSTMTRS>\n        <CURDEF>${account.currency}</CURDEF>\n        <CCACCTFROM>\n          <ACCTID>${account.accNo}</ACCTID>\n        </CCACCTFROM>\n` +
    `        <BANKTRANLIST>\n          <DTSTART>${ofxDate(account.rows[w.start]!.date)}</DTSTART>\n          <DTEND>${ofxDate(account.rows[w.end]!.date)}</DTEND>\n` +
    body +
    '        </BANKTRANLIST>\n' +
    `        <LEDGERBAL>\n          <BALAMT>${money(balanceAfter(account, w.end)).replace(/,/g, '')}</BALAMT>\n          <DTASOF>${ofxDate(account.rows[w.end]!.date)}</DTASOF>\n        </LEDGERBAL>\n` +
    '      </CCSTMTRS>\n    </CCSTMTTRNRS>\n  </CREDITCARDMSGSRSV1>\n</OFX>\n';
  return { bytes: Buffer.from(xml, 'utf8'), name: `card-${w.start}-${w.end}.ofx` };
}
