/**
 * ISO 20022 CAMT.053 bank-to-customer statements (`Document/BkToCstmrStmt/Stmt`, namespaces camt.053.001.02 to
 * .001.13; the elements read here kept their names and places across those versions, except the related parties,
 * which .08 wrapped in `Pty`). Parsed with fast-xml-parser (well-formedness checked first, so a truncated download
 * is refused instead of read as a shorter statement); values are kept as text, so amounts never pass through a float.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readDateText } from '../dates';
import { parseFailed } from '../errors';
import type { IsoDate, PrintedFigures, ReaderOutput, StatementRow } from '../types';
import { EntryError, collapse, decodeText, entryFailure, finishStructured, flows, mergeParts, readSignedAmount, warning, type StatementPart } from './common';

export const CAMT_HEADER = ['BookgDt', 'Amt', 'CdtDbtInd', 'RmtInf/Ustrd', 'AddtlNtryInf'];
export const CAMT053_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})/;

/** Elements that may repeat; fast-xml-parser otherwise gives one object for one and an array for two. */
const REPEATED = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlRmtInf', 'AdrLine', 'Othr']);

type Xml = Record<string, unknown>;

/**
 * fast-xml-parser builds the whole tree, about ten times the file's size in objects: a 20 MiB upload of small
 * entries would not fit the worker's heap. The statement is therefore parsed with each `Ntry` kept as its raw
 * text (a stop node), and each entry is parsed on its own when it is read, so only one entry's tree exists at a time.
 */
function xmlParser(entriesAsText: boolean): XMLParser {
  return new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => REPEATED.has(name),
    ...(entriesAsText ? { stopNodes: ['*.Ntry'] } : {}),
  });
}

/** One entry's raw XML (a stop node's text, namespace prefixes included) -> its element tree. */
function parseEntry(parser: XMLParser, raw: unknown): Xml {
  if (typeof raw !== 'string') return (raw ?? {}) as Xml;
  let parsed: Xml;
  try {
    parsed = parser.parse(`<Ntry>${raw}</Ntry>`) as Xml;
  } catch (err) {
    throw new EntryError(`the entry cannot be read as XML: ${(err as Error).message}`);
  }
  const entries = parsed['Ntry'] as Xml[] | undefined;
  return entries?.[0] && typeof entries[0] === 'object' ? entries[0] : {};
}

export async function readCamt053Statement(buffer: Buffer): Promise<ReaderOutput> {
  const text = decodeText(buffer);
  // A business message envelope (BizMsgEnvlp with an AppHdr) can push the Document's namespace past the first KiBs.
  const version = CAMT053_NAMESPACE.exec(text.slice(0, 65536));
  if (!version) throw parseFailed('the XML file is not a CAMT.053 statement (no urn:iso:std:iso:20022:tech:xsd:camt.053 namespace)');
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw parseFailed(`the CAMT.053 file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}); it may have been cut short`);
  }
  let doc: Xml;
  try {
    doc = xmlParser(true).parse(text) as Xml;
  } catch (err) {
    throw parseFailed(`the CAMT.053 file cannot be read as XML: ${(err as Error).message}`);
  }
  // The Document is the root, or sits in an envelope (BizMsgEnvlp/Document beside AppHdr) as SWIFT and banks' hosts send it.
  const document = (doc['Document'] ??
    Object.values(doc)
      .map((v) => path(v, 'Document'))
      .find(Boolean)) as Xml | undefined;
  const statements = (path(document, 'BkToCstmrStmt', 'Stmt') as Xml[] | undefined) ?? [];
  if (statements.length === 0) throw parseFailed('the CAMT.053 file has no statement (Document/BkToCstmrStmt/Stmt)');

  let entryNumber = 0;
  const parts: StatementPart[] = [];
  for (const [index, stmt] of statements.entries()) parts.push(await readStatement(stmt, index, () => ++entryNumber));
  const { part, warnings } = mergeParts(parts, 'CAMT.053 statement');
  return finishStructured('CAMT.053 file', part, CAMT_HEADER, warnings);
}

/** Entries parsed between two yields of the event loop (a BullMQ worker must keep renewing its job lock). */
const ENTRIES_PER_YIELD = 2000;

async function readStatement(stmt: Xml, index: number, nextNumber: () => number): Promise<StatementPart> {
  const acct = stmt['Acct'] as Xml | undefined;
  const acc_no = str(path(acct, 'Id', 'IBAN')) ?? str(path(acct, 'Id', 'Othr', 0, 'Id')) ?? null;
  let currency = str(path(acct, 'Ccy'))?.toUpperCase() ?? null;
  const rows: StatementRow[] = [];
  const warnings: StatementPart['warnings'] = [];

  const entryParser = xmlParser(false);
  for (const raw of (stmt['Ntry'] as unknown[] | undefined) ?? []) {
    const number = nextNumber();
    if (number % ENTRIES_PER_YIELD === 0) await new Promise((resolve) => setImmediate(resolve));
    const position = `transaction ${number}`;
    let entry: Xml = {};
    try {
      entry = parseEntry(entryParser, raw);
      const row = readEntry(entry);
      currency ??= row.currency;
      if (currency && row.currency && row.currency !== currency) {
        throw new EntryError(`the entry is in ${row.currency}, not the account's ${currency}`);
      }
      rows.push({ date: row.date, particulars: row.particulars, inflow: row.inflow, outflow: row.outflow, balance: null, position });
    } catch (err) {
      warnings.push(warning(position, entryFailure(err), describe(entry)));
    }
  }

  const printed: PrintedFigures = {};
  for (const bal of (stmt['Bal'] as Xml[] | undefined) ?? []) {
    const code = str(path(bal, 'Tp', 'CdOrPrtry', 'Cd'))?.toUpperCase();
    // OPBD/CLBD are the booked opening and closing balances; PRCD (previous closing) stands for an opening where OPBD is missing.
    const field =
      code === 'OPBD' || (code === 'PRCD' && printed.opening_balance === undefined) ? 'opening_balance' : code === 'CLBD' ? 'closing_balance' : null;
    if (!field) continue;
    try {
      printed[field] = signedAmount(bal).value;
    } catch (err) {
      warnings.push(warning(`statement ${index + 1}`, `the ${code} balance cannot be read: ${entryFailure(err)}`, describe(bal)));
    }
  }
  return { acc_no, position: `statement ${index + 1}`, rows, warnings, currency, printed };
}

function readEntry(entry: Xml): { date: IsoDate; particulars: string; inflow: bigint; outflow: bigint; currency: string | null } {
  const status = str(path(entry, 'Sts', 'Cd')) ?? str(path(entry, 'Sts'));
  if (status && status.toUpperCase() !== 'BOOK') {
    // Pending (PDNG) or information-only (INFO) entries are not on the account yet; the booked entry comes later.
    throw new EntryError(`the entry's status is ${status}, not booked (BOOK)`);
  }
  const dateText =
    str(path(entry, 'BookgDt', 'Dt')) ?? str(path(entry, 'BookgDt', 'DtTm')) ?? str(path(entry, 'ValDt', 'Dt')) ?? str(path(entry, 'ValDt', 'DtTm'));
  if (!dateText) throw new EntryError('the entry has no booking date (BookgDt)');
  const date = readDateText(dateText.slice(0, 10)); // a DtTm's day as written; its offset is not applied
  const { value, currency } = signedAmount(entry);
  // RvslInd marks a reversal, but CdtDbtInd already says which way the money moved: it is kept as given.
  return { date, particulars: particulars(entry, value < 0n), ...flows(value), currency };
}

/** `<Amt Ccy="EUR">12.50</Amt>` with `<CdtDbtInd>DBIT</CdtDbtInd>` -> -12500 milli-units. */
function signedAmount(node: Xml): { value: bigint; currency: string | null } {
  const amt = node['Amt'];
  const text = typeof amt === 'object' && amt !== null ? str((amt as Xml)['#text']) : str(amt);
  if (!text) throw new EntryError('there is no amount (Amt)');
  const currency = typeof amt === 'object' && amt !== null ? (str((amt as Xml)['@Ccy'])?.toUpperCase() ?? null) : null;
  const magnitude = readSignedAmount(text);
  if (magnitude < 0n) throw new EntryError(`the amount "${text}" is negative; CAMT amounts are magnitudes with a CdtDbtInd`);
  const indicator = str(node['CdtDbtInd'])?.toUpperCase();
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new EntryError(`the credit/debit indicator (CdtDbtInd) is "${indicator ?? ''}", not CRDT or DBIT`);
  return { value: indicator === 'DBIT' ? -magnitude : magnitude, currency };
}

/**
 * The counterparty (the debtor of a credit, the creditor of a debit), the remittance lines (`Ustrd`, or a
 * structured reference) and the bank's additional entry information, without repeats, in that order.
 */
function particulars(entry: Xml, debit: boolean): string {
  const parts: string[] = [];
  const add = (value: unknown) => {
    const text = collapse(str(value) ?? '');
    if (text) parts.push(text);
  };
  for (const details of (entry['NtryDtls'] as Xml[] | undefined) ?? []) {
    for (const tx of (details['TxDtls'] as Xml[] | undefined) ?? []) {
      const parties = tx['RltdPties'] as Xml | undefined;
      const party = debit ? (parties?.['Cdtr'] as Xml | undefined) : (parties?.['Dbtr'] as Xml | undefined);
      // .02-.07: Dbtr/Nm; .08 and later: Dbtr/Pty/Nm.
      add(path(party, 'Nm') ?? path(party, 'Pty', 'Nm'));
      for (const line of (path(tx, 'RmtInf', 'Ustrd') as unknown[] | undefined) ?? []) add(line);
      for (const s of (path(tx, 'RmtInf', 'Strd') as Xml[] | undefined) ?? []) {
        add(path(s, 'CdtrRefInf', 'Ref'));
        for (const line of (s['AddtlRmtInf'] as unknown[] | undefined) ?? []) add(line);
      }
      add(tx['AddtlTxInf']);
    }
  }
  add(entry['AddtlNtryInf']);
  if (parts.length === 0) add(entry['AcctSvcrRef'] ?? path(entry, 'BkTxCd', 'Prtry', 'Cd'));
  // Banks repeat the counterparty inside the remittance line and one line in several transactions of a batch:
  // a text already contained in another (or an earlier copy of itself) is said once.
  return parts.filter((p, i) => parts.indexOf(p) === i && !parts.some((other, j) => j !== i && other !== p && other.includes(p))).join(' ');
}

function describe(node: Xml): string {
  const amt = node['Amt'];
  const amount = typeof amt === 'object' && amt !== null ? `${str((amt as Xml)['#text']) ?? ''} ${str((amt as Xml)['@Ccy']) ?? ''}` : (str(amt) ?? '');
  return [amount, str(node['CdtDbtInd']), str(path(node, 'BookgDt', 'Dt')) ?? str(path(node, 'BookgDt', 'DtTm')), str(node['AddtlNtryInf'])]
    .filter(Boolean)
    .join(' ');
}

function path(node: unknown, ...keys: (string | number)[]): unknown {
  let at = node;
  for (const key of keys) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (value !== null && typeof value === 'object' && '#text' in value) return str((value as Xml)['#text']);
  return null;
}
