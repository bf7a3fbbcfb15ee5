import { readStatementFile, StatementFileError, type ReaderOutput } from '../src';
import { detectStructuredFormat } from '../src/formats';
import { FORMATS } from '../src/registry';
import { FIXTURES } from './fixtures/structured';
import { failure as readFailure } from './fixtures/files';

/** Rows as the API returns them (milli-units as numbers), for comparing with a fixture's expected rows. */
function apiRows(output: ReaderOutput) {
  return output.rows.map((r) => ({
    date: r.date,
    particulars: r.particulars,
    inflow: Number(r.inflow),
    outflow: Number(r.outflow),
    balance: r.balance === null ? null : Number(r.balance),
  }));
}

async function read(text: string | Buffer, fileName: string): Promise<ReaderOutput> {
  const buffer = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const type = detectStructuredFormat(buffer, fileName);
  if (!type) throw new Error(`${fileName} was not recognised`);
  return FORMATS[type].read({ buffer, reading: {} });
}

const failure = (text: string, fileName: string) => readFailure(read(text, fileName));

describe('structured fixtures through readStatementFile: every row exactly', () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const buffer = await fixture.build();
    const output = await readStatementFile({ buffer, fileName: fixture.fileName, password: fixture.password });
    expect(output.fileType).toBe(fixture.expected.fileType);
    expect(apiRows(output)).toEqual(fixture.expected.rows);
    // The printed opening/closing balances agree with the rows, except in the fixture of a file that contradicts itself.
    expect(output.integrity.ok).toBe(fixture.expected.integrityOk ?? true);
    expect(output.integrity.balance_chain).toBe(fixture.expected.balanceChain ?? 'not_checked');
    expect(output.metadata.acc_no).toBe(fixture.expected.accNo);
    expect(output.metadata.currency ?? undefined).toBe(fixture.expected.currency);
    expect(output.warnings.length).toBeGreaterThanOrEqual(fixture.expected.minWarnings ?? 0);
    if (!fixture.expected.minWarnings) expect(output.warnings).toEqual([]);
    for (const row of output.rows) expect(row.position).toMatch(/^(transaction|line) \d+$/);
    // The detection does not depend on the name: the same bytes under a neutral name are recognised too.
    expect(detectStructuredFormat(buffer, 'download.dat')).toBe(fixture.expected.fileType);
  });
});

const fixture = (name: string) => FIXTURES.find((f) => f.name === name)!;

describe('OFX', () => {
  it('reads the ledger balance as the printed closing balance, and the fields used as the header', async () => {
    const output = await read(await fixture('ofx1-sgml-us-checking').build(), 'x.ofx');
    expect(output.printed).toEqual({ closing_balance: 2543210n });
    expect(output.metadata.header).toEqual(['DTPOSTED', 'TRNAMT', 'NAME', 'MEMO']);
    expect(output.rows.every((r) => r.balance === null)).toBe(true);
    expect(output.rows[0]!.position).toBe('transaction 1');
  });

  it('leaves out a second account of the same download with a warning naming it', async () => {
    const output = await read(await fixture('ofx1-sgml-two-accounts').build(), 'x.ofx');
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'statement 2', reason: expect.stringContaining('another account (000987654321)') })]);
  });

  it('reads all statements of one account in file order, with the last closing balance', async () => {
    const stmt = (amount: string, date: string, ledger: string) =>
      `<STMTTRNRS><STMTRS><CURDEF>INR<BANKACCTFROM><ACCTID>1234567890</BANKACCTFROM><BANKTRANLIST>` +
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${date}<NAME>UPI/DR/412345678901/ZOMATO</STMTTRN>` +
      `</BANKTRANLIST><LEDGERBAL><BALAMT>${ledger}<DTASOF>${date}</LEDGERBAL></STMTRS></STMTTRNRS>`;
    const text = `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1>${stmt('-250.00', '20240401', '1000.00')}${stmt('-100.50', '20240402', '899.50')}</BANKMSGSRSV1></OFX>`;
    const output = await read(text, 'a.ofx');
    expect(output.rows.map((r) => [r.date, r.outflow, r.position])).toEqual([
      ['2024-04-01', 250000n, 'transaction 1'],
      ['2024-04-02', 100500n, 'transaction 2'],
    ]);
    expect(output.printed.closing_balance).toBe(899500n);
    expect(output.metadata.currency).toBe('INR');
  });

  it('gives an empty unclosed leaf\'s "children" back to the transaction (an empty <NAME> before <MEMO>)', async () => {
    const text =
      'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>99</BANKACCTFROM><BANKTRANLIST>\n' +
      '<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240402\n<NAME>\n<TRNAMT>-12.50\n<MEMO>VENMO *J SMITH\n</STMTTRN>\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const output = await read(text, 'a.ofx');
    expect(apiRows(output)).toEqual([{ date: '2024-04-02', particulars: 'VENMO *J SMITH', inflow: 0, outflow: 12500, balance: null }]);
  });

  it('reads a file cut short up to the last whole transaction and says so', async () => {
    const full = (await fixture('ofx1-sgml-us-checking').build()).toString('latin1');
    // Cut inside the ATM transaction's amount: "-100.00" would read as "-10".
    const cut = full.slice(0, full.indexOf('<TRNAMT>-100.00') + '<TRNAMT>-10'.length);
    const output = await read(Buffer.from(cut, 'latin1'), 'a.ofx');
    expect(output.rows).toHaveLength(4);
    expect(output.warnings).toEqual([
      expect.objectContaining({ position: 'transaction 5', reason: expect.stringContaining('cut short') }),
      expect.objectContaining({ position: 'file', reason: expect.stringContaining('cut short') }),
    ]);
  });

  it('skips a transaction in another currency and an unreadable amount, with warnings', async () => {
    const text =
      'OFXHEADER:100\n\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>SGD<CCACCTFROM><ACCTID>4119</CCACCTFROM><BANKTRANLIST>' +
      '<STMTTRN><DTPOSTED>20240402<TRNAMT>-10.00<NAME>A<CURRENCY><CURRATE>1.35<CURSYM>USD</CURRENCY></STMTTRN>' +
      '<STMTTRN><DTPOSTED>20240403<TRNAMT>12.5.0<NAME>B</STMTTRN>' +
      '<STMTTRN><DTPOSTED>20240431<TRNAMT>-1.00<NAME>C</STMTTRN>' +
      '<STMTTRN><DTPOSTED>20240404<TRNAMT>-7.25<NAME>KOPITIAM</STMTTRN>' +
      '</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>';
    const output = await read(text, 'a.ofx');
    expect(apiRows(output)).toEqual([{ date: '2024-04-04', particulars: 'KOPITIAM', inflow: 0, outflow: 7250, balance: null }]);
    expect(output.warnings.map((w) => [w.position, w.reason])).toEqual([
      ['transaction 1', "the transaction is in USD, not the statement's SGD"],
      ['transaction 2', expect.stringContaining('12.5.0')],
      ['transaction 3', expect.stringContaining('day 31')],
    ]);
    expect(output.warnings[1]!.text).toContain('<TRNAMT>12.5.0');
  });

  it('reads transactions that all name one currency when CURDEF is empty, and refuses two currencies there', async () => {
    const file = (trns: string) =>
      'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF></CURDEF><BANKACCTFROM><ACCTID>12345678</ACCTID></BANKACCTFROM><BANKTRANLIST>' +
      trns +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const trn = (day: string, amount: string, currency: string) =>
      `<STMTTRN><TRNTYPE>Credit</TRNTYPE><DTPOSTED>202405${day}</DTPOSTED><TRNAMT>${amount}</TRNAMT><MEMO>SAMPLE</MEMO><CURRENCY><CURRATE>1.0000</CURRATE><CURSYM>${currency}</CURSYM></CURRENCY></STMTTRN>`;
    const one = await read(file(trn('07', '12.34', 'AUD') + trn('08', '-2.00', 'AUD')), 'a.ofx');
    expect(apiRows(one).map((r) => [r.date, r.inflow, r.outflow])).toEqual([
      ['2024-05-07', 12340, 0],
      ['2024-05-08', 0, 2000],
    ]);
    const two = await read(file(trn('07', '12.34', 'AUD') + trn('08', '-2.00', 'GBP') + trn('09', '-1.00', '')), 'a.ofx');
    expect(apiRows(two).map((r) => r.date)).toEqual(['2024-05-09']);
    expect(two.warnings.map((w) => w.position)).toEqual(['transaction 1', 'transaction 2']);
  });

  it("fails a file with no statement, repeating what the bank's server said", async () => {
    const err = await failure(
      'OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Invalid user ID or password</STATUS></SONRS></SIGNONMSGSRSV1></OFX>',
      'a.ofx',
    );
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toContain('15500: Invalid user ID or password');
  });

  it('fails a file whose every transaction is unreadable', async () => {
    const err = await failure(
      'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>2024<TRNAMT>1</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      'a.ofx',
    );
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toContain('transaction 1');
  });

  it('reads a decimal comma, which the OFX specification allows (European banks write it)', async () => {
    const text =
      'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>FR7630006000011234567890189</BANKACCTFROM><BANKTRANLIST>' +
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240402<TRNAMT>-1234,5<NAME>PRLV SEPA EDF</STMTTRN>' +
      '</BANKTRANLIST><LEDGERBAL><BALAMT>+98,76<DTASOF>20240430</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const output = await read(text, 'releve.ofx');
    expect(apiRows(output)).toEqual([{ date: '2024-04-02', particulars: 'PRLV SEPA EDF', inflow: 0, outflow: 1234500, balance: null }]);
    expect(output.printed.closing_balance).toBe(98760n);
  });

  it('reads the account that has transactions when an empty statement of another account comes first', async () => {
    const text =
      'OFXHEADER:100\n\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>5500111122223333</CCACCTFROM><BANKTRANLIST></BANKTRANLIST>' +
      '<LEDGERBAL><BALAMT>-75.00<DTASOF>20240630</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>' +
      '<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>7788</BANKACCTFROM><BANKTRANLIST>' +
      '<STMTTRN><DTPOSTED>20240602<TRNAMT>-9.99<NAME>STREAMING CO</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>400.00<DTASOF>20240630</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const output = await read(text, 'a.ofx');
    expect(output.metadata.acc_no).toBe('7788');
    expect(output.rows.map((r) => r.particulars)).toEqual(['STREAMING CO']);
    // The card's ledger balance is another account's: it is not this statement's closing balance.
    expect(output.printed).toEqual({ closing_balance: 400000n });
    expect(output.warnings).toEqual([]);
  });

  it('reads an OFX 2 file that is not well-formed XML as SGML', async () => {
    const text =
      '<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>55</BANKACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>20240105<TRNAMT>-3.00<NAME>X</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    expect(apiRows(await read(text, 'a.ofx'))).toEqual([{ date: '2024-01-05', particulars: 'X', inflow: 0, outflow: 3000, balance: null }]);
  });
});

describe('QIF', () => {
  it('reads month-first dates and says so when no date decides', async () => {
    const output = await read(await fixture('qif-us-ccard-ambiguous-dates').build(), 'visa.qif');
    expect(output.warnings).toEqual([{ position: 'file', reason: expect.stringContaining('"03/04/2024" is read as 2024-03-04'), text: '03/04/2024' }]);
    expect(output.metadata).toEqual({ acc_no: null, header: ['D', 'T', 'P', 'M'], currency: null });
  });

  it('decides day-first for the whole file from one date above 12, and refuses a date that contradicts it', async () => {
    const text = '!Type:Bank\nD02/04/2024\nT-1.00\nPA\n^\nD25/04/2024\nT-2.00\nPB\n^\nD26/04/2024\nT-3.00\nPC\n^\nD04/13/2024\nT-4.00\nPD\n^\n';
    const output = await read(text, 'a.qif');
    expect(output.rows.map((r) => [r.date, r.particulars, r.position])).toEqual([
      ['2024-04-02', 'A', 'line 2'],
      ['2024-04-25', 'B', 'line 6'],
      ['2024-04-26', 'C', 'line 10'],
    ]);
    expect(output.warnings).toEqual([{ position: 'line 14', reason: expect.stringContaining('day-first'), text: 'D04/13/2024 T-4.00 PD' }]);
  });

  it('reads decimal commas and leaves out an investment section with a warning', async () => {
    const text =
      '!Type:Bank\r\nD31.05.2024\r\nT-1.234,56\r\nPMIETE\r\n^\r\n!Type:Invst\r\nD05/31/2024\r\nNBuy\r\nT100.00\r\n^\r\n!Type:Bank\r\nD30.05.2024\r\nT12,5\r\nPZINS\r\n^\r\n';
    const output = await read(text, 'a.qif');
    expect(apiRows(output)).toEqual([
      { date: '2024-05-31', particulars: 'MIETE', inflow: 0, outflow: 1234560, balance: null },
      { date: '2024-05-30', particulars: 'ZINS', inflow: 12500, outflow: 0, balance: null },
    ]);
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'line 6', reason: expect.stringContaining('investment') })]);
  });

  it('decides the decimal mark for the whole file: 1.234 is 1234 beside 12,50', async () => {
    const text = '!Type:Bank\nD25.04.2024\nT-1.234\nPMIETE\n^\nD26.04.2024\nT-12,50\nPBAECKEREI\n^\nD27.04.2024\nT1.2.3\nPX\n^\n';
    const output = await read(text, 'a.qif');
    expect(output.rows.map((r) => r.outflow)).toEqual([1234000n, 12500n]);
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'line 10', reason: expect.stringContaining('decimal comma') })]);
  });

  it('does not read a last record without its ^ (the file was cut there)', async () => {
    const output = await read('!Type:Bank\nD06/22/2021\nT-1,875.00\nPRENT\n^\nD06/23/2021\nT-18', 'a.qif');
    expect(output.rows.map((r) => r.particulars)).toEqual(['RENT']);
    expect(output.warnings).toEqual([{ position: 'line 6', reason: expect.stringContaining('not ended by ^'), text: 'D06/23/2021 T-18' }]);
  });

  it('reads the first account of a multi-account export and leaves the other out', async () => {
    const text =
      '!Account\nNSavings 1234\nTBank\n^\n!Type:Bank\nD1/20/24\nT5.00\nPA\n^\n!Account\nNVisa 9876\nTCCard\n^\n!Type:CCard\nD1/3/24\nT-9.00\nPB\n^\n';
    const output = await read(text, 'a.qif');
    expect(output.metadata.acc_no).toBe('Savings 1234');
    expect(output.rows.map((r) => r.particulars)).toEqual(['A']);
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'line 14', reason: expect.stringContaining('another account (Visa 9876)') })]);
  });

  it('reads an opening balance record as the printed opening balance and says so', async () => {
    const output = await read(await fixture('qif-opening-balance-splits-investment').build(), 'harbor.qif');
    expect(output.printed).toEqual({ opening_balance: 1250000n });
    expect(output.warnings).toEqual([
      { position: 'line 12', reason: expect.stringContaining('opening balance'), text: "D3/ 1'24 T1,250.00 CX POpening Balance L[Harbor Checking]" },
      expect.objectContaining({ position: 'line 43', reason: expect.stringContaining('investment section (!Type:Invst)') }),
    ]);
  });

  it('knows the opening balance record by its payee or by its self-transfer category, and only as the first record', async () => {
    const byCategory = await read(
      '!Account\nNJoint\nTBank\n^\n!Type:Bank\nD01/02/2024\nT-40.00\nPBalance b/f\nL[Joint]\n^\nD01/03/2024\nT-5.00\nPOpening Balance\n^\n',
      'a.qif',
    );
    expect(byCategory.printed).toEqual({ opening_balance: -40000n });
    // Later in the file the same words are a transaction's payee, read as the transaction it is.
    expect(byCategory.rows.map((r) => [r.particulars, r.outflow])).toEqual([['Opening Balance', 5000n]]);
    const plain = await read('!Type:Bank\nD01/02/2024\nT-40.00\nPGROCER\nL[Savings]\n^\n', 'a.qif');
    expect(plain.printed).toEqual({});
    expect(plain.rows).toHaveLength(1);
  });

  it("reads an account with only its opening balance as an empty statement, and another account's transactions are not mixed in", async () => {
    const empty = await read('!Type:Bank\nD01/15/2024\nT300.00\nPOpening Balance\n^\n', 'a.qif');
    expect(empty.rows).toEqual([]);
    expect(empty.printed).toEqual({ opening_balance: 300000n });
    const two = await read(
      '!Account\nNOld Savings\nTBank\n^\n!Type:Bank\nD01/15/2024\nT300.00\nPOpening Balance\n^\n!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD01/16/2024\nT-9.00\nPB\n^\n',
      'a.qif',
    );
    expect(two.metadata.acc_no).toBe('Visa');
    expect(two.rows.map((r) => r.particulars)).toEqual(['B']);
    expect(two.printed).toEqual({});
  });

  it('reads a split record without a T line as the sum of its parts', async () => {
    const output = await read('!Type:Bank\nD01/15/2024\nPHARDWARE BARN\nSHome\n$-30.25\nSGarden\n$-12.00\n^\nD01/16/2024\nPNOTHING\nSHome\n^\n', 'a.qif');
    expect(output.rows.map((r) => [r.particulars, r.outflow])).toEqual([['HARDWARE BARN', 42250n]]);
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'line 9', reason: 'the record has no amount (T line)' })]);
  });

  it('fails a file with no readable record', async () => {
    const err = await failure('!Type:Bank\nDyesterday\nT1.00\n^\n', 'a.qif');
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toContain('line 2');
  });
});

describe('CAMT.053', () => {
  it('reports a printed closing balance the entries do not add up to (the pipeline stalls it with BALANCE_MISMATCH)', async () => {
    const output = await readStatementFile({ buffer: await fixture('camt053-printed-balances-disagree').build(), fileName: 'x.xml' });
    expect(output.printed).toEqual({ opening_balance: 9120400n, closing_balance: 9613350n });
    expect(output.integrity).toMatchObject({ ok: false, balance_chain: 'not_checked', closing_balance: { printed: 9613350, computed: 9913350, ok: false } });
  });

  it('reads OPBD and CLBD as the printed opening and closing balances', async () => {
    const output = await read(await fixture('camt053-v02-sg-dbs').build(), 'x.xml');
    expect(output.printed).toEqual({ opening_balance: 15230400n, closing_balance: 19711350n });
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'transaction 7', reason: expect.stringContaining('PDNG') })]);
    // Opening + rows = closing: the fixture is a consistent statement.
    const sum = output.rows.reduce((s, r) => s + r.inflow - r.outflow, 0n);
    expect(output.printed.opening_balance! + sum).toBe(output.printed.closing_balance);
  });

  it('signs a DBIT balance negative and reads an IBAN', async () => {
    const text = (await fixture('camt053-v08-in-icici').build())
      .toString('utf8')
      .replace('<Othr><Id>000405012345</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr>', '<IBAN>DE89370400440532013000</IBAN>')
      .replace('<Amt Ccy="INR">245000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>', '<Amt Ccy="INR">245000.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>');
    const output = await read(text, 'x.xml');
    expect(output.metadata.acc_no).toBe('DE89370400440532013000');
    expect(output.printed.opening_balance).toBe(-245000000n);
  });

  it('reads a statement inside a business message envelope (AppHdr before the Document)', async () => {
    const inner = (await fixture('camt053-v08-in-icici').build()).toString('utf8').replace(/^<\?xml[^>]*>\n/, '');
    const header = `<AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.02"><Fr><FIId><FinInstnId><BICFI>ICICINBBXXX</BICFI></FinInstnId></FIId></Fr>${'<Rltd><BizMsgIdr>X</BizMsgIdr></Rltd>'.repeat(200)}<MsgDefIdr>camt.053.001.08</MsgDefIdr></AppHdr>`;
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<BizMsgEnvlp>${header}${inner}</BizMsgEnvlp>`;
    expect(text.indexOf('camt.053.001.08"')).toBeGreaterThan(4096);
    const output = await read(text, 'statement.xml');
    expect(apiRows(output)).toEqual(fixture('camt053-v08-in-icici').expected.rows);
  });

  it('refuses a file cut short rather than reading a shorter statement', async () => {
    const text = (await fixture('camt053-v08-in-icici').build()).toString('utf8');
    const err = await failure(text.slice(0, Math.floor(text.length / 2)), 'x.xml');
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toContain('not well-formed');
  });

  it('skips an entry in another currency or without an indicator, with warnings', async () => {
    const text = (await fixture('camt053-v02-sg-dbs').build())
      .toString('utf8')
      .replace('<Amt Ccy="SGD">186.55</Amt>', '<Amt Ccy="USD">186.55</Amt>')
      .replace('<Amt Ccy="SGD">12.50</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>', '<Amt Ccy="SGD">12.50</Amt>');
    const output = await read(text, 'x.xml');
    expect(output.rows).toHaveLength(4);
    expect(output.warnings.map((w) => w.position)).toEqual(['transaction 2', 'transaction 4', 'transaction 7']);
  });
});

describe('MT940', () => {
  it('takes the opening balance of the first page and the closing balance of the last', async () => {
    const output = await read(await fixture('mt940-in-hdfc-blocks').build(), 'x.sta');
    expect(output.printed).toEqual({ opening_balance: 1234567890n, closing_balance: 1563209390n });
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'line 25', text: '240515D,NTRFNONREF' })]);
    expect(output.rows[0]!.position).toBe('line 6');
    expect(output.metadata.header).toEqual([':61:', ':86:']);
  });

  it('leaves out a statement of another account with a warning', async () => {
    const text =
      ':20:A\n:25:111\n:28C:1/1\n:60F:C240101EUR100,\n:61:240102D10,NTRFNONREF\n:86:COFFEE\n:62F:C240102EUR90,\n-\n' +
      ':20:B\n:25:222\n:28C:1/1\n:60F:C240101EUR5,\n:61:240102C1,NTRFNONREF\n:86:OTHER\n:62F:C240102EUR6,\n-\n';
    const output = await read(text, 'x.txt');
    expect(apiRows(output)).toEqual([{ date: '2024-01-02', particulars: 'COFFEE', inflow: 0, outflow: 10000, balance: null }]);
    expect(output.printed).toEqual({ opening_balance: 100000n, closing_balance: 90000n });
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'line 9', reason: expect.stringContaining('another account (222)') })]);
  });

  it('reads the first currency of a multi-currency account and leaves the other currency out', async () => {
    const text =
      ':20:A\n:25:0123456789\n:28C:1/1\n:60F:C240101SGD100,\n:61:240102D10,NTRFNONREF\n:86:NETS\n:62F:C240102SGD90,\n-\n' +
      ':20:B\n:25:0123456789\n:28C:1/1\n:60F:C240101USD5,\n:61:240102C1,NTRFNONREF\n:86:TT INWARD\n:62F:C240102USD6,\n-\n';
    const output = await read(text, 'x.sta');
    expect(output.metadata.currency).toBe('SGD');
    expect(output.rows.map((r) => r.particulars)).toEqual(['NETS']);
    expect(output.warnings).toEqual([
      expect.objectContaining({ position: 'line 9', reason: expect.stringContaining('is in USD while the first one is in SGD') }),
    ]);
  });

  it('reads the currency that has transactions when an empty statement in another currency comes first', async () => {
    const text =
      ':20:A\n:25:0123456789\n:28C:1/1\n:60F:C240101EUR7,\n:62F:C240102EUR7,\n-\n' +
      ':20:B\n:25:0123456789\n:28C:1/1\n:60F:C240101USD5,\n:61:240102C1,NTRFNONREF\n:86:TT INWARD\n:62F:C240102USD6,\n-\n';
    const output = await read(text, 'x.sta');
    expect(output.metadata.currency).toBe('USD');
    expect(output.rows.map((r) => r.particulars)).toEqual(['TT INWARD']);
    expect(output.printed).toEqual({ opening_balance: 5000n, closing_balance: 6000n });
    expect(output.warnings).toEqual([]);
  });

  it('reads RC as money out, funds codes, an entry date across the year end and German ?-subfields', async () => {
    const text =
      ':20:STARTUMSE\n:25:10020030/1234567\n:28C:00001/001\n:60F:D231229EUR1234,56\n' +
      ':61:2312290102RC50,00NTRFNONREF\n:86:166?00GUTSCHRIFT?109075?20SVWZ+RECHNUNG 4711?32MUSTERMANN GMBH\n' +
      ':61:231230DR20,5NCHGNONREF\n:86:ENTGELT\n:62F:D231230EUR1305,06\n';
    const output = await read(text, 'x.sta');
    expect(apiRows(output)).toEqual([
      { date: '2024-01-02', particulars: 'GUTSCHRIFT 9075 SVWZ+RECHNUNG 4711 MUSTERMANN GMBH', inflow: 0, outflow: 50000, balance: null },
      { date: '2023-12-30', particulars: 'ENTGELT', inflow: 0, outflow: 20500, balance: null },
    ]);
    expect(output.printed).toEqual({ opening_balance: -1234560n, closing_balance: -1305060n });
  });

  it('does not read the last statement line of a file cut before its closing balance', async () => {
    const full = (await fixture('mt940-sg-bare').build()).toString('utf8');
    // Cut inside the references: the line still parses, but nothing says it is whole.
    const cut = full.slice(0, full.indexOf(':61:240628D13000,') + ':61:240628D13000,NTRF//PY24'.length);
    const output = await read(cut, 'x.sta');
    expect(output.rows.map((r) => r.position)).toEqual(['line 5', 'line 8', 'line 9']);
    expect(output.printed).toEqual({ opening_balance: 42100000n });
    expect(output.warnings).toEqual([expect.objectContaining({ position: 'line 11', reason: expect.stringContaining('cut short') })]);
    const withInfo = full.slice(0, full.indexOf(':86:PAYROLL JUN') + ':86:PAYR'.length);
    expect((await read(withInfo, 'x.sta')).rows).toHaveLength(3);
  });

  it('skips banks\' own fields, keeps a lone "-" inside :86: as text, and reads a statement-level :86: without a warning', async () => {
    const output = await read(await fixture('mt940-bank-specific-tags').build(), 'x.sta');
    expect(output.printed).toEqual({ opening_balance: 2500000n, closing_balance: 4133510n });
    expect(output.warnings).toEqual([]);
    // A lone "-" followed by a field is still the end of a bare message: the next :20: starts a new statement.
    const two = await read(
      ':20:A\n:25:1\n:60F:C240101EUR5,\n:61:240102C1,NTRFNONREF\n:86:X\n-\n:20:B\n:25:1\n:61:240103C2,NTRFNONREF\n:86:Y\n:62F:C240103EUR8,\n-\n',
      'x.sta',
    );
    expect(two.rows.map((r) => r.particulars)).toEqual(['X', 'Y']);
  });

  it('reads the account of a :25P: field (account and owner BIC)', async () => {
    const output = await read(':20:A\n:25P:NL02ABNA0123456789\nABNANL2A\n:60F:C240101EUR5,\n:61:240102C1,NTRFNONREF\n:86:X\n:62F:C240102EUR6,\n', 'x.sta');
    expect(output.metadata.acc_no).toBe('NL02ABNA0123456789');
  });

  it('reads a :61: whose transaction type is one letter padded with spaces, after a funds code (`DF2402,00S   X`)', async () => {
    const output = await read(
      ':20:STARTUMS\n:25:1111222233334444\n:28:00046\n:60F:C301011HUF1000,00\n:61:3010111011DF200,50S   X\n:61:3010121012CF50,00S   X\n:62F:C301012HUF849,50\n',
      'x.sta',
    );
    expect(apiRows(output).map((r) => [r.date, r.inflow, r.outflow])).toEqual([
      ['2030-10-11', 0, 200500],
      ['2030-10-12', 50000, 0],
    ]);
    expect(output.printed).toEqual({ opening_balance: 1000000n, closing_balance: 849500n });
  });

  it('fails a file without a readable statement line', async () => {
    const err = await failure(':20:X\n:25:1\n:60F:C240101EUR1,00\n:61:garbage\n:62F:C240101EUR1,00\n', 'x.sta');
    expect(err.code).toBe('PARSE_FAILED');
  });
});

describe('detectStructuredFormat', () => {
  it.each([
    ['OFXHEADER:100\nDATA:OFXSGML\n', 'x.txt', 'ofx'],
    ['\uFEFF<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX>', 'x.xml', 'ofx'],
    ['!Type:Bank\nD1/1/24\n', 'x.txt', 'qif'],
    ['!Option:AutoSwitch\n!Account\n', 'x.qif', 'qif'],
    ['D1/1/24\nT-1.00\nPX\n^\n', 'x.qif', 'qif'],
    ['<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04">', 'x.xml', 'camt053'],
    ['{1:F01BANKBEBBAXXX0000000000}{2:I940BANKBEBBXXXXN}{4:\n:20:X\n:25:1\n', 'x.fin', 'mt940'],
    [':20:X\r\n:25:1\r\n:28C:1\r\n', 'x.txt', 'mt940'],
    [':20:X\n:61:240101C1,NTRFNONREF\n', 'x.sta', 'mt940'],
  ])('%j (%s) is %s', (text, name, type) => {
    expect(detectStructuredFormat(Buffer.from(text), name)).toBe(type);
  });

  it.each([
    ['Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/04/24,UPI-X,1.00,,2.00\n', 'x.csv'],
    ['<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02">', 'x.xml'],
    ['D1/1/24\nT-1.00\n^\n', 'x.txt'],
    [':20:X\n:61:240101C1,NTRFNONREF\n', 'x.txt'],
    ['%PDF-1.7 <OFX>', 'x.pdf'],
  ])('%j (%s) is not structured', (text, name) => {
    const buffer = text.startsWith('%PDF') ? Buffer.concat([Buffer.from(text), Buffer.from([0, 1, 2])]) : Buffer.from(text);
    expect(detectStructuredFormat(buffer, name)).toBeNull();
  });
});

describe('damaged files', () => {
  // A fixed-seed generator: the same mutations every run, so a failure reproduces.
  let seed = 12345;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const junk = [
    '<',
    '>',
    '&#99999999;',
    '&',
    ':61:',
    ':86:',
    '\n',
    '^',
    '!Type:Bank\n',
    '</STMTTRN>',
    '<STMTTRN>',
    '{4:',
    '-}',
    ',',
    '.',
    '-',
    'D',
    '<Ntry>',
    '</Ntry>',
    '"',
    '99999999999999999999',
  ];

  it('fail only with StatementFileError (cut, deleted and inserted bytes in every fixture)', async () => {
    const faults: string[] = [];
    for (const f of FIXTURES) {
      const original = (await f.build()).toString('latin1');
      for (let i = 0; i < 150; i++) {
        let text = original;
        for (let j = 1 + random(4); j > 0; j--) {
          const at = random(text.length);
          const op = random(3);
          if (op === 0) text = text.slice(0, at) + text.slice(at + 1 + random(20));
          else if (op === 1) text = text.slice(0, at) + junk[random(junk.length)] + text.slice(at);
          else text = text.slice(0, at);
        }
        const buffer = Buffer.from(text, 'latin1');
        try {
          await FORMATS[detectStructuredFormat(buffer, f.fileName) ?? (f.expected.fileType as 'ofx')].read({ buffer, reading: {} });
        } catch (err) {
          if (!(err instanceof StatementFileError)) faults.push(`${f.name}: ${(err as Error).message}`);
        }
      }
    }
    expect([...new Set(faults)]).toEqual([]);
  });
});
