import { accountFacts, headerCurrency, lineCurrency, looksLikeCardNumber, preambleBank } from '../src/account-facts';
import { balancesOwed, integrityReport } from '../src/integrity';
import { readStatementFile } from '../src';
import type { StatementFileType, StatementRow } from '../src/types';
import { toCsv } from './fixtures/files';

/**
 * What a statement says about its account (issue 30): the currency, whether it is a card's, the bank's name. Each
 * rule takes only what the file states; a file that states nothing gives nothing (the service's defaults apply).
 */
describe('the currency a file states', () => {
  it('reads a header unit, a labelled line, or nothing', () => {
    expect(headerCurrency(['TRANSACTION DATE', 'DESCRIPTION', 'AMOUNT (SGD)I'])).toBe('SGD');
    expect(headerCurrency(['Date', 'Withdrawal Amount (INR )', 'Deposit Amount (INR )', 'Balance (INR )'])).toBe('INR');
    expect(headerCurrency(['Date', 'Amount(in Rs)'])).toBe('INR');
    expect(headerCurrency(['Buchungstag', 'Betrag EUR'])).toBe('EUR');
    // Two currencies, a bare dollar sign, an unknown code: none stated.
    expect(headerCurrency(['Date', 'Amount (USD)', 'Amount (EUR)'])).toBeNull();
    expect(headerCurrency(['Date', 'Amount ($)'])).toBeNull();
    expect(headerCurrency(['Date', 'Amount (ABC)', 'Balance (No.)'])).toBeNull();
    expect(lineCurrency('Currency: SGD')).toBe('SGD');
    expect(lineCurrency('Währung: EUR')).toBe('EUR');
    expect(lineCurrency('All amounts in GBP')).toBe('GBP');
    expect(lineCurrency('Currency: XXX')).toBeNull();
    expect(lineCurrency('Statement of account')).toBeNull();
  });
});

describe('a card statement', () => {
  it('is told by a card number, a card column, or what only a card statement prints', () => {
    expect(looksLikeCardNumber('1233 26XX XXXX 2231')).toBe(true);
    expect(looksLikeCardNumber('0000 **** **** 0000')).toBe(true);
    expect(looksLikeCardNumber('5488-2926-6730-9473')).toBe(true);
    // Not a card: a bank account number, sixteen digits that fail the Luhn check, an IBAN.
    expect(looksLikeCardNumber('50100012345678')).toBe(false);
    expect(looksLikeCardNumber('5488-2926-6730-9474')).toBe(false);
    expect(looksLikeCardNumber('DE12 5001 0517 0648 4898 90')).toBe(false);
    const base = { accNo: null, header: ['Date', 'Description', 'Amount'], preamble: [], outside: [], currencyColumn: new Set<string>(), profileBank: null };
    expect(accountFacts({ ...base, preamble: ['STATEMENT DATE PAYMENT DUE DATE TOTAL CREDIT LIMIT TOTAL MINIMUM DUE'] }).kind).toBe('credit_card');
    expect(accountFacts({ ...base, outside: ['Minimum Amount Due 500.00'] }).kind).toBe('credit_card');
    expect(accountFacts({ ...base, header: ['Transaction Date', 'Card No.', 'Description', 'Debit', 'Credit'] }).kind).toBe('credit_card');
    expect(accountFacts({ ...base, accNo: 'XXXX XXXX XXXX 1234' }).kind).toBe('credit_card');
    // A bank statement naming a card in a line is still a bank statement.
    expect(accountFacts({ ...base, accNo: '50100012345678', outside: ['CREDIT CARD PAYMENT HDFC'] }).kind).toBeNull();
  });
});

describe("the bank's name", () => {
  it('is a preamble line that is a bank name alone, or the profile', () => {
    expect(preambleBank(['DBS Bank', 'Account No: 1234'])).toBe('DBS Bank');
    expect(preambleBank(['HDFC BANK Ltd.'])).toBe('HDFC BANK');
    expect(preambleBank(['Bank of Baroda'])).toBe('Bank of Baroda');
    expect(preambleBank(['Statement of account', 'Transfer to DBS Bank 1234', 'Mr A Rao'])).toBeNull();
    const base = { accNo: null, header: [], preamble: ['Acme Bank'], outside: [], currencyColumn: new Set<string>(), profileBank: 'HDFC Bank' };
    expect(accountFacts(base).bank).toBe('HDFC Bank');
  });

  it('comes out of a CSV read whole, with the currency column and the card', async () => {
    const csv = toCsv([
      ['Acme Bank'],
      ['Card Number: 4111 XXXX XXXX 1111'],
      ['Credit Limit', '5,000.00'],
      [],
      ['Date', 'Description', 'Amount', 'Currency'],
      ['02/07/2024', 'COFFEE', '4.20', 'SGD'],
      ['03/07/2024', 'BOOKS', '12.00', 'SGD'],
    ]);
    const parsed = await readStatementFile({ buffer: Buffer.from(csv), fileName: 'card.csv' });
    expect(parsed.metadata).toMatchObject({ acc_no: '4111 XXXX XXXX 1111', currency: 'SGD', kind: 'credit_card', bank: 'Acme Bank' });
  });
});

describe('a one-row statement', () => {
  const row = (balance: bigint | null): StatementRow => ({ date: '2024-04-01', particulars: 'UPI/1', inflow: 0n, outflow: 250_000n, balance });

  it("checks its row's balance against the printed opening balance, so both balances are known", () => {
    const report = integrityReport([row(9_750_000n)], { opening_balance: 10_000_000n }, []);
    expect(report).toMatchObject({
      ok: true,
      opening_balance: { printed: 10_000_000, computed: 10_000_000, ok: true },
      closing_balance: { computed: 9_750_000 },
    });
  });

  it('flags a row whose balance does not follow from the printed opening balance', () => {
    const report = integrityReport([row(9_000_000n)], { opening_balance: 10_000_000n }, []);
    expect(report).toMatchObject({ ok: false, opening_balance: { printed: 10_000_000, computed: 9_250_000, ok: false } });
  });
});

describe("a card statement's printed balances are what is owed (issue 31: TD's card PDF)", () => {
  const row = (date: string, inflow: bigint, outflow: bigint): StatementRow => ({
    date: date as StatementRow['date'],
    particulars: 'x',
    inflow,
    outflow,
    balance: null,
  });
  // PREVIOUS STATEMENT BALANCE 2,918.81, purchases 1,491.56 and 150.00, a payment of 50.00: TOTAL NEW BALANCE 4,510.37.
  const rows = [row('2018-07-15', 0n, 1_491_560n), row('2018-07-20', 0n, 150_000n), row('2018-08-01', 50_000n, 0n)];
  const printed = { opening_balance: 2_918_810n, closing_balance: 4_510_370n };

  it('reconciles opening + purchases - payments with the new balance when owed, and not as a bank balance', () => {
    const owed = integrityReport(rows, printed, [], true);
    expect(owed.ok).toBe(true);
    expect(owed.closing_balance).toEqual({ printed: 4_510_370, computed: 4_510_370, ok: true });
    const held = integrityReport(rows, printed, [], false);
    expect(held.ok).toBe(false);
    expect(held.closing_balance).toEqual({ printed: 4_510_370, computed: 1_327_250, ok: false });
    // From the closing balance alone, the opening it implies.
    expect(integrityReport(rows, { closing_balance: 4_510_370n }, [], true).opening_balance.computed).toBe(2_918_810);
  });

  it('applies to a card printed for people (PDF, CSV, workbook), never to the signed balances of OFX, CAMT.053 or MT940, nor to a bank', () => {
    expect(['pdf', 'csv', 'excel'].map((type) => balancesOwed(type as StatementFileType, { kind: 'credit_card' }))).toEqual([true, true, true]);
    expect(['ofx', 'camt053', 'mt940', 'qif'].map((type) => balancesOwed(type as StatementFileType, { kind: 'credit_card' }))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(balancesOwed('pdf', { kind: null })).toBe(false);
    expect(balancesOwed('pdf', {})).toBe(false);
  });

  it("is told by the terms' minimum payment, as TD prints it", () => {
    const base = { accNo: null, header: ['Date', 'Description', 'Amount'], preamble: [], outside: [], currencyColumn: new Set<string>(), profileBank: null };
    expect(accountFacts({ ...base, outside: ['Minimum Payment shown on this statement, and the Minimum Payment on all subsequent statements'] }).kind).toBe(
      'credit_card',
    );
    expect(accountFacts({ ...base, outside: ['Payments: see your agreement'] }).kind).toBeNull();
  });
});
