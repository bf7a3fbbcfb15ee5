/**
 * The conventions European, UK and US exports print (issue 18), one decision at a time: header names in five
 * languages, account labels and numbers, amounts with other currencies and thousands marks, direction words, and
 * the day order of dates that both orders can read. The fixtures in fixtures/csv-statements.ts read whole files.
 */
import { readStatementFile } from '../src';
import { readAmountText } from '../src/amounts';
import { toPointDecimal } from '../src/csv-layout';
import { matchHeader, normaliseHeader } from '../src/header';
import { directionOf, findAccountNumber } from '../src/table';

describe('header names', () => {
  it.each([
    ['RunningBalance', 'running balance'],
    ['BillingAmountSign', 'billing amount sign'],
    ['Libellé', 'libelle'],
    ['Auftraggeber/Empfänger', 'auftraggeber/empfanger'],
    ["Date d'opération", 'date d operation'],
    ['Saldo CHF', 'saldo'],
    ['Débit euros', 'debit'],
    ['CURRENT BALANCE', 'current balance'],
  ])('%s reads as "%s"', (header, normalised) => {
    expect(normaliseHeader(header)).toBe(normalised);
  });

  it.each([
    [
      ['Buchungstag', 'Valuta', 'Buchungstext', 'Verwendungszweck', 'Soll', 'Haben', 'Saldo'],
      { date: 0, valueDate: 1, particulars: 3, outflow: 4, inflow: 5, balance: 6 },
    ],
    [
      ["Date d'opération", 'Date de valeur', 'Libellé', 'Débit', 'Crédit', 'Solde'],
      { date: 0, valueDate: 1, particulars: 2, outflow: 3, inflow: 4, balance: 5 },
    ],
    [
      ['Data valuta', 'Data contabile', 'Descrizione', 'Uscite', 'Entrate', 'Saldo'],
      { date: 1, valueDate: 0, particulars: 2, outflow: 3, inflow: 4, balance: 5 },
    ],
    [['Fecha', 'Fecha valor', 'Concepto', 'Cargo', 'Abono', 'Saldo'], { date: 0, valueDate: 1, particulars: 2, outflow: 3, inflow: 4, balance: 5 }],
    [['Datum', 'Naam / Omschrijving', 'Af Bij', 'Bedrag (EUR)'], { date: 0, particulars: 1, direction: 2, amount: 3 }],
    [['Buchungstag', 'Umsatz', 'Soll/Haben', 'Verwendungszweck'], { date: 0, amount: 1, direction: 2, particulars: 3 }],
    // `Amount` beside a column headed CR: the column marks credits, it is not a deposit column.
    [['Date', 'Description', 'Amount', 'CR'], { date: 0, particulars: 1, amount: 2, direction: 3 }],
    // An unnamed column right of a lone amount is its marker (Volksbank's S/H).
    [['Buchungstag', 'Vorgang/Verwendungszweck', 'Umsatz', ''], { date: 0, particulars: 1, amount: 2, direction: 3 }],
    // Only the other party named: it is the particulars.
    [['Buchung', 'Auftraggeber/Empfänger', 'Betrag'], { date: 0, particulars: 1, amount: 2 }],
    [
      ['Transaction Date', 'Sort Code', 'Account Number', 'Transaction Description', 'Debit Amount', 'Credit Amount', 'Balance'],
      { date: 0, account: 2, particulars: 3, outflow: 4, inflow: 5, balance: 6 },
    ],
    // Starling, Revolut, Boursorama (CamelCase), Sparkasse (the own account on every row), Spanish abbreviations.
    [['Date', 'Counter Party', 'Reference', 'Type', 'Amount (GBP)', 'Balance (GBP)'], { date: 0, particulars: 1, amount: 4, balance: 5 }],
    [
      ['Type', 'Product', 'Started Date', 'Completed Date', 'Description', 'Amount', 'Fee', 'Currency', 'State', 'Balance'],
      // The started date is the transaction's (issue 31: Revolut's rows complete a day or two later).
      { date: 2, valueDate: 3, particulars: 4, amount: 5, balance: 9 },
    ],
    [['dateOp', 'dateVal', 'label', 'category', 'amount', 'accountNum'], { date: 0, valueDate: 1, particulars: 2, amount: 4, account: 5 }],
    [
      ['Auftragskonto', 'Buchungstag', 'Valutadatum', 'Buchungstext', 'Verwendungszweck', 'Beguenstigter/Zahlungspflichtiger', 'Betrag'],
      { account: 0, date: 1, valueDate: 2, particulars: 4, narrationParts: [5], amount: 6 },
    ],
    [['F. Operación', 'F. Valor', 'Concepto', 'Importe', 'Saldo'], { date: 0, valueDate: 1, particulars: 2, amount: 3, balance: 4 }],
    [['Buchungstag', 'Buchungstext', 'Umsatz in EUR'], { date: 0, particulars: 1, amount: 2 }],
    // BBVA (F.Valor before Fecha, Disponible), Intesa Sanpaolo (Operazione, Valuta holding the currency), Poste.
    [
      ['F.Valor', 'Fecha', 'Concepto', 'Movimiento', 'Importe', 'Divisa', 'Disponible', 'Divisa'],
      { date: 1, valueDate: 0, particulars: 2, amount: 4, balance: 6 },
    ],
    [['Data', 'Operazione', 'Dettagli', 'Conto o carta', 'Contabilizzazione', 'Categoria', 'Valuta', 'Importo'], { date: 0, particulars: 2, amount: 7 }],
    [['Data Contabile', 'Data Valuta', 'Addebiti', 'Accrediti', 'Descrizione operazioni'], { date: 0, valueDate: 1, outflow: 2, inflow: 3, particulars: 4 }],
    // Barclaycard (Debit or Credit: DBIT/CRDT), Capital One (the card's last digits on every row), Bank of America.
    [['Transaction Date', 'Posting Date', 'Billing Amount', 'Merchant', 'Debit or Credit'], { date: 0, valueDate: 1, amount: 2, particulars: 3, direction: 4 }],
    [
      ['Transaction Date', 'Posted Date', 'Card No.', 'Description', 'Category', 'Debit', 'Credit'],
      { date: 0, account: 2, particulars: 3, outflow: 5, inflow: 6 },
    ],
    [['Date', 'Description', 'Amount', 'Running Bal.'], { date: 0, particulars: 1, amount: 2, balance: 3 }],
  ])('%j', (header, columns) => {
    expect(matchHeader(header)).toMatchObject(columns);
  });

  it('joins the other party and the purpose in the order the file prints them', async () => {
    const csv = 'Buchungstag;Auftraggeber/Empfänger;Verwendungszweck;Betrag\n01.10.2026;Stadtwerke;Strom Oktober;-85,40\n';
    const parsed = await readStatementFile({ buffer: Buffer.from(csv), fileName: 'umsaetze.csv' });
    expect(parsed.rows.map((r) => [r.particulars, r.outflow])).toEqual([['Stadtwerke Strom Oktober', 85400n]]);
  });
});

describe('account numbers', () => {
  it.each([
    ['IBAN DE12 5001 0517 0648 4898 90', 'DE12 5001 0517 0648 4898 90'],
    ['IBAN: IT60X0542811101000000123456', 'IT60X0542811101000000123456'],
    ['IBAN GB29 NWBK 6016 1331 9268 19', 'GB29 NWBK 6016 1331 9268 19'],
    ['Konto: 0012345678', '0012345678'],
    ['Kontonummer: 12-345678-9', '12-345678-9'],
    ['Numéro de compte 00012345678', '00012345678'],
    ['Conto corrente n. 000055554444 - MARIO ROSSI', '000055554444'],
    ['Número de cuenta: 0049 1500 05 1234567890', '0049 1500 05 1234567890'],
    ['Account Number 000011112222(INR) - A SAMPLE', '000011112222'],
    ['ACCOUNT- 3423564233525', '3423564233525'],
    ['Account Number 20-32-06 13152170', '20-32-06 13152170'],
  ])('%s -> %s', (line, accNo) => {
    expect(findAccountNumber(line)).toBe(accNo);
  });

  it.each([
    'ACCOUNT- SAVINGS ACCOUNT - RES',
    'Statement of Account - 01-03-2030 to 31-03-2030',
    'Kontoinhaber: Erika Mustermann',
    'Titular de la cuenta: MARIA LOPEZ',
  ])('takes no account number from "%s"', (line) => {
    expect(findAccountNumber(line)).toBeNull();
  });

  it('pairs a label with the value under it, column by column', async () => {
    const csv = [
      'ACCOUNT TYPE,ACCOUNT NUMBER,IFSC',
      'SAVINGS,000011112222,SMPL0000001',
      'Date,Narration,Debit,Credit,Balance',
      '01/03/2030,UPI,1.00,,9.00',
    ].join('\n');
    const parsed = await readStatementFile({ buffer: Buffer.from(csv), fileName: 's.csv' });
    expect(parsed.metadata.acc_no).toBe('000011112222');
  });
});

describe('amounts', () => {
  it.each([
    ['£1,062.40', 1062400n, null],
    ['£100.00 CR', 100000n, 'cr'],
    ['-$7,971.39', -7971390n, null],
    ['12.50 €', 12500n, null],
    ['EUR 1234.56', 1234560n, null],
    ["11'373.94", 11373940n, null],
    ['11’373.94', 11373940n, null],
  ])('%s', (text, value, marker) => {
    expect(readAmountText(text)).toEqual({ value, marker });
  });

  it("refuses apostrophes that do not group thousands (1'23.45)", () => {
    expect(() => readAmountText("1'23.45")).toThrow(/not an amount/);
  });

  it.each([
    ['1.234,56', '1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ["11'373,94", '11373.94'],
    ['-1.234.567,8', '-1234567.8'],
    ['12,50 €', '12.50 €'],
    // Mixed marks are not one European amount: left for the table to refuse.
    ['1.234 567,89', '1.234 567,89'],
  ])('decimal comma %s -> %s', (text, point) => {
    expect(toPointDecimal(text)).toBe(point);
  });
});

describe('direction words', () => {
  it.each([
    ['S', 'out'],
    ['H', 'in'],
    ['Soll', 'out'],
    ['Haben', 'in'],
    ['Af', 'out'],
    ['Bij', 'in'],
    ['CR', 'in'],
    ['DBIT', 'out'],
    ['CRDT', 'in'],
    ['Débit', 'out'],
    ['Crédit', 'in'],
    ['', null],
  ])('%s -> %s', (word, direction) => {
    expect(directionOf(word)).toBe(direction);
  });
});

describe('day order when both orders read every date', () => {
  const csv = (dates: string[]) => Buffer.from(['Date,Description,Amount,Balance', ...dates.map((d, i) => `${d},row ${i},-1.00,${100 - i}.00`)].join('\n'));

  it('reads 10/01, 10/03, 10/06 as three October days (month first), not January to June', async () => {
    const parsed = await readStatementFile({ buffer: csv(['10/01/2026', '10/03/2026', '10/06/2026']), fileName: 's.csv' });
    expect(parsed.rows.map((r) => r.date)).toEqual(['2026-10-01', '2026-10-03', '2026-10-06']);
  });

  it('reads 01/10, 03/10, 06/10 as three October days (day first)', async () => {
    const parsed = await readStatementFile({ buffer: csv(['01/10/2026', '03/10/2026', '06/10/2026']), fileName: 's.csv' });
    expect(parsed.rows.map((r) => r.date)).toEqual(['2026-10-01', '2026-10-03', '2026-10-06']);
  });
});

describe('dates without separators', () => {
  it('reads YYYYMMDD (ING Netherlands) and refuses what is no calendar day', async () => {
    const csv = ['Datum,Omschrijving,Bedrag', '20261001,Albert Heijn,-1.00', '20261302,bad month,-1.00', '20261031,Salaris,2.00'].join('\n');
    const parsed = await readStatementFile({ buffer: Buffer.from(csv), fileName: 's.csv' });
    expect(parsed.rows.map((r) => r.date)).toEqual(['2026-10-01', '2026-10-31']);
    expect(parsed.warnings[0]).toMatchObject({ position: 'line 3', reason: expect.stringMatching(/month 13/) });
  });
});

describe('dated balance and total lines', () => {
  it('reads a dated Totale line and a dated Saldo finale line as figures, not rows', async () => {
    const csv = [
      'Data;Descrizione;Dare;Avere;Saldo',
      '01/10/2026;Pagamento POS;12,50;;987,50',
      '02/10/2026;Bonifico stipendio;;1.000,00;1.987,50',
      '31/10/2026;Totale;12,50;1.000,00;',
      '31/10/2026;Saldo finale;;;1.987,50',
    ].join('\n');
    const parsed = await readStatementFile({ buffer: Buffer.from(csv), fileName: 'movimenti.csv' });
    expect(parsed.rows.map((r) => r.particulars)).toEqual(['Pagamento POS', 'Bonifico stipendio']);
    expect(parsed.printed).toMatchObject({ total_outflow: 12500n, total_inflow: 1000000n, closing_balance: 1987500n });
    expect(parsed.integrity.ok).toBe(true);
  });
});

describe('amounts nothing marks (no sign, marker, type or balance)', () => {
  it('reads them as card charges, except payments to the card, refunds and reversals', async () => {
    const csv = [
      'Date,Description,Amount',
      '01/10/2026,AMAZON MARKETPLACE,20.00',
      '02/10/2026,PAYMENT RECEIVED - THANK YOU,100.00',
      '03/10/2026,UPI PAYMENT TO SAMPLE STORE,5.00',
      '04/10/2026,REFUND AMAZON,7.50',
    ].join('\n');
    const parsed = await readStatementFile({ buffer: Buffer.from(csv), fileName: 'card.csv' });
    expect(parsed.rows.map((r) => [r.inflow, r.outflow])).toEqual([
      [0n, 20000n],
      [100000n, 0n],
      [0n, 5000n],
      [7500n, 0n],
    ]);
    expect(parsed.warnings).toEqual([expect.objectContaining({ position: 'file', reason: expect.stringMatching(/payment, refund or reversal as credits/) })]);
  });
});
