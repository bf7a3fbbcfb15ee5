import type { BankProfile } from './profile';

/**
 * The banks whose layouts are known (from the public sample files and parsers studied for each, and the layout
 * classes of the statements users upload). A new bank is one entry here and one fixture in test/fixtures; the
 * package README says how. IFSC prefixes (`HDFC0`, `SBIN0`, ...) identify Indian banks on any statement that
 * prints its branch; names are matched whole-word so a narration naming another bank (a transfer to HDFC) never
 * sits above the header.
 */
export const BANK_PROFILES: readonly BankProfile[] = [
  {
    id: 'hdfc-bank',
    bank: 'HDFC Bank',
    country: 'IN',
    recognise: { text: /\bHDFC\s+BANK\b|\bHDFC0\d{6}\b/i, header: ['narration', 'closing balance', 'chq/ref number'] },
    columns: {
      date: ['date', 'value dt', 'value dat'],
      particulars: ['narration'],
      outflow: ['withdrawal amt', 'debit amount'],
      inflow: ['deposit amt', 'credit amount'],
      balance: ['closing balance'],
    },
    dayOrder: 'dmy',
    accountNumber: /\bAccount\s*(?:No|Number)\.?\s*:?\s*(\d{14})\b/i,
  },
  {
    id: 'state-bank-of-india',
    bank: 'State Bank of India',
    country: 'IN',
    recognise: { text: /\bState\s+Bank\s+of\s+India\b|\bSBIN0\d{6}\b/i },
    columns: { date: ['txn date', 'value date'], particulars: ['description'], outflow: ['debit'], inflow: ['credit'], balance: ['balance'] },
    dayOrder: 'dmy',
    accountNumber: /\bAccount\s*(?:No|Number)\.?\s*:?\s*_*(\d{11,17})\b/i,
  },
  {
    id: 'icici-bank',
    bank: 'ICICI Bank',
    country: 'IN',
    recognise: { text: /\bICICI\s+Bank\b|\bICIC0\d{6}\b/i },
    columns: {
      date: ['transaction date', 'value date', 'txn posted date'],
      particulars: ['transaction remarks', 'remarks', 'description'],
      outflow: ['withdrawal amount', 'withdrawal amount inr'],
      inflow: ['deposit amount', 'deposit amount inr'],
      balance: ['balance', 'balance inr'],
    },
    dayOrder: 'dmy',
    // Net banking prints the currency against the number: `000011112222(INR) - A SAMPLE`.
    accountNumber: /\bAccount\s*(?:No|Number)\.?\s*:?\s*([0-9Xx*]{9,18})\s*(?:\(\s*[A-Z]{3}\s*\))?/i,
  },
  {
    id: 'axis-bank',
    bank: 'Axis Bank',
    country: 'IN',
    recognise: { text: /\bAxis\s+Bank\b|\bUTIB0\d{6}\b/i },
    columns: {
      date: ['tran date', 'value date'],
      particulars: ['particulars'],
      outflow: ['debit', 'dr'],
      inflow: ['credit', 'cr'],
      balance: ['balance', 'bal'],
    },
    dayOrder: 'dmy',
    accountNumber: /\bAccount\s*(?:No|Number)\.?\s*:?\s*([0-9Xx*]{9,18})\b/i,
  },
  {
    id: 'kotak-mahindra-bank',
    bank: 'Kotak Mahindra Bank',
    country: 'IN',
    recognise: { text: /\bKotak\s+Mahindra\b|\bKKBK0\d{6}\b/i },
    columns: {
      date: ['transaction date', 'date', 'value date'],
      particulars: ['description', 'narration'],
      // The PDF prints one amount column headed `Withdrawal (Dr)/` over `Deposit (Cr)`, marked (Dr)/(Cr).
      amount: ['amount', 'withdrawal/deposit'],
      direction: ['dr/cr'],
      balance: ['balance'],
    },
    dayOrder: 'dmy',
    accountNumber: /\b(?:Account|A\/c)\s*(?:No|Number)\.?\s*:?\s*([0-9Xx*]{9,18})\b/i,
  },
  {
    id: 'bank-of-baroda',
    bank: 'Bank of Baroda',
    country: 'IN',
    recognise: { text: /\bBank\s+of\s+Baroda\b|\bBARB0[A-Z0-9]{6}\b/i },
    columns: {
      date: ['tran date', 'date', 'value date'],
      particulars: ['narration', 'description'],
      outflow: ['withdrawal', 'debit'],
      inflow: ['deposit', 'credit'],
      balance: ['balance'],
    },
    dayOrder: 'dmy',
    accountNumber: /\bAccount\s*(?:No|Number)\.?\s*:?[\s,]*([0-9Xx*]{10,16})\b/i,
  },
  {
    id: 'idbi-bank',
    bank: 'IDBI Bank',
    country: 'IN',
    recognise: { text: /\bIDBI\s+Bank\b|\bIBKL0\d{6}\b/i },
    columns: { date: ['txn date', 'value date'], particulars: ['description'], amount: ['amount'], direction: ['cr/dr', 'dr/cr'], balance: ['balance'] },
    dayOrder: 'dmy',
    accountNumber: /\bA(?:ccount|\/c)\s*(?:No|Number)\.?\s*:?\s*([0-9Xx*]{9,18})\b/i,
  },
  {
    id: 'paytm-payments-bank',
    bank: 'Paytm Payments Bank',
    country: 'IN',
    recognise: { text: /\bPaytm\s+Payments\s+Bank\b|\bPYTM0\d{6}\b/i },
    // One amount column signed both ways (`- Rs.100`, `+ Rs.50`): the printed sign decides.
    columns: { date: ['date time', 'date'], particulars: ['transaction details'], amount: ['amount'], balance: ['closing balance', 'available balance'] },
    dayOrder: 'dmy',
    accountNumber: /\b(?:Account|A\/c)\s*(?:No|Number)\.?\s*:?\s*([0-9Xx*]{9,18})\b/i,
  },
  {
    id: 'hsbc-india',
    bank: 'HSBC India',
    country: 'IN',
    // The preamble writes `ACCOUNT- SAVINGS ACCOUNT - RES` and then `ACCOUNT- 3423564233525`.
    recognise: { text: /\bHSBC\b|\bHSBC0\d{6}\b/i, header: ['date', 'transaction details', 'deposits', 'withdrawals', 'balance'] },
    columns: { particulars: ['transaction details'], outflow: ['withdrawals'], inflow: ['deposits'], balance: ['balance'] },
    dayOrder: 'dmy',
    accountNumber: /\bACCOUNT\s*-\s*(\d{9,18})\b/i,
  },
  {
    id: 'chase',
    bank: 'JPMorgan Chase',
    country: 'US',
    recognise: { header: ['details', 'posting date', 'description', 'amount', 'type', 'balance'] },
    columns: { date: ['posting date'], particulars: ['description'], amount: ['amount'], balance: ['balance'] },
    dayOrder: 'mdy',
  },
  {
    id: 'charles-schwab',
    bank: 'Charles Schwab Bank',
    country: 'US',
    recognise: { header: ['date', 'status', 'check number', 'description', 'withdrawal', 'deposit', 'running balance'] },
    columns: { outflow: ['withdrawal'], inflow: ['deposit'], balance: ['running balance'] },
    dayOrder: 'mdy',
  },
  {
    id: 'digital-federal-credit-union',
    bank: 'Digital Federal Credit Union',
    country: 'US',
    recognise: { header: ['date', 'transaction type', 'description', 'amount', 'memo', 'current balance'] },
    columns: { particulars: ['description'], amount: ['amount'], balance: ['current balance'] },
    dayOrder: 'mdy',
  },
];
