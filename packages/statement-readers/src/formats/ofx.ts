/**
 * OFX statements: OFX 1.x (SGML: `OFXHEADER:100` header lines, leaf elements without end tags such as
 * `<TRNAMT>-12.50`), OFX 2.x (XML with `<?OFX ...?>`) and QFX (Quicken's OFX, the same plus `<INTU.BID>`).
 * Bank statements (`BANKMSGSRSV1/STMTTRNRS/STMTRS`) and credit card statements (`CREDITCARDMSGSRSV1/.../CCSTMTRS`).
 *
 * No maintained npm reader fits: the OFX packages turn SGML into XML with regular expressions (which breaks on an
 * empty `<MEMO>` or a `<` in a name) and read amounts as floats. OFX 1.x's SGML is simple enough to read with a
 * small tokenizer that follows the spec's rule (aggregates always have end tags; elements may omit theirs);
 * OFX 2.x is well-formed XML and goes through fast-xml-parser, like CAMT.053.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readDateText } from '../dates';
import { parseFailed } from '../errors';
import type { IsoDate, PrintedFigures, ReaderOutput, StatementRow } from '../types';
import { EntryError, collapse, decodeText, entryFailure, finishStructured, flows, mergeParts, readSignedAmount, warning, type StatementPart } from './common';

/** An OFX element: a leaf has text, an aggregate has children. */
export interface OfxNode {
  name: string;
  text: string | null;
  children: OfxNode[];
  /** Ended by its own end tag (always, in XML): an aggregate without one was cut short. */
  closed?: boolean;
}

export const OFX_HEADER = ['DTPOSTED', 'TRNAMT', 'NAME', 'MEMO'];

export async function readOfxStatement(buffer: Buffer): Promise<ReaderOutput> {
  const { root, complete } = parseOfx(buffer);
  const statements = findAll(root, (n) => n.name === 'STMTRS' || n.name === 'CCSTMTRS');
  if (statements.length === 0) {
    const status = findAll(root, (n) => n.name === 'STATUS').find((s) => child(s, 'CODE') !== '0');
    const said = status ? ` (the bank's server answered code ${child(status, 'CODE')}${child(status, 'MESSAGE') ? `: ${child(status, 'MESSAGE')}` : ''})` : '';
    throw parseFailed(`the OFX file has no bank or credit card statement (STMTRS / CCSTMTRS)${said}`);
  }
  let transactionNumber = 0;
  const parts = statements.map((stmt, index) => readStatement(stmt, index, () => ++transactionNumber));
  const { part, warnings } = mergeParts(parts, 'OFX statement');
  if (!complete) {
    // A download cut short still has whole transactions before the cut; they are read, and the gap is said.
    warnings.push(warning('file', 'the file ends before </OFX>: it may have been cut short, and transactions after the cut are missing', ''));
  }
  return finishStructured('OFX file', part, OFX_HEADER, warnings);
}

function readStatement(stmt: OfxNode, index: number, nextNumber: () => number): StatementPart {
  const account = stmt.name === 'CCSTMTRS' ? first(stmt, 'CCACCTFROM') : first(stmt, 'BANKACCTFROM');
  const acc_no = (account && child(account, 'ACCTID')) || null;
  const currency = child(stmt, 'CURDEF')?.toUpperCase() ?? null;
  const rows: StatementRow[] = [];
  const warnings: StatementPart['warnings'] = [];
  // The specification has one BANKTRANLIST a statement; some exports write one per day or page: all are read, in order.
  const transactions = stmt.children.filter((c) => c.name === 'BANKTRANLIST').flatMap((list) => list.children.filter((c) => c.name === 'STMTTRN'));
  // A statement that leaves CURDEF empty (Nationwide) while every transaction names one currency is in that
  // currency: its amounts are not foreign to anything. Several currencies stay refused, none being the statement's.
  const named = new Set(transactions.flatMap((trn) => [first(trn, 'CURRENCY')].flatMap((c) => (c ? [child(c, 'CURSYM')?.toUpperCase()] : []))));
  const rowsCurrency = currency || (named.size === 1 ? ([...named][0] ?? null) : null);
  for (const trn of transactions) {
    const position = `transaction ${nextNumber()}`;
    try {
      // A transaction the file ends inside may have lost the end of its amount (-1850.00 cut to -18): not read.
      if (!trn.closed) throw new EntryError('the transaction is cut short (the file ends before its </STMTTRN>)');
      rows.push({ ...readTransaction(trn, rowsCurrency), position });
    } catch (err) {
      warnings.push(warning(position, entryFailure(err), describe(trn)));
    }
  }
  const printed: PrintedFigures = {};
  const ledger = first(stmt, 'LEDGERBAL');
  const ledgerAmount = ledger && child(ledger, 'BALAMT');
  if (ledgerAmount) {
    try {
      printed.closing_balance = ofxAmount(ledgerAmount);
    } catch (err) {
      warnings.push(warning(`statement ${index + 1}`, `the ledger balance (LEDGERBAL) cannot be read: ${entryFailure(err)}`, describe(ledger)));
    }
  }
  return {
    acc_no,
    position: `statement ${index + 1}`,
    rows,
    warnings,
    currency,
    printed,
    ...(stmt.name === 'CCSTMTRS' ? { kind: 'credit_card' as const } : {}),
  };
}

function readTransaction(trn: OfxNode, currency: string | null): Omit<StatementRow, 'position'> {
  const posted = child(trn, 'DTPOSTED');
  if (!posted) throw new EntryError('the transaction has no posting date (DTPOSTED)');
  const amountText = child(trn, 'TRNAMT');
  if (!amountText) throw new EntryError('the transaction has no amount (TRNAMT)');
  const foreign = first(trn, 'CURRENCY');
  const foreignCode = foreign && child(foreign, 'CURSYM')?.toUpperCase();
  if (foreignCode && foreignCode !== currency) {
    // TRNAMT is then in that currency, and converting it would need CURRATE's decimal rate and a rounding rule.
    throw new EntryError(`the transaction is in ${foreignCode}, not the statement's ${currency ?? 'currency'}`);
  }
  const signed = ofxAmount(amountText);
  return { date: ofxDate(posted), particulars: particulars(trn), ...flows(signed), balance: null };
}

/**
 * OFX amounts have no thousands separators and either a period or a comma as the decimal mark (OFX 1.6,
 * 3.2.9.1): European banks write `<TRNAMT>-12,50`. A lone comma is therefore always the decimal mark here.
 */
function ofxAmount(text: string): bigint {
  return readSignedAmount(text, text.includes(',') && !text.includes('.') ? 'comma' : 'point');
}

/** NAME (or PAYEE/NAME) and MEMO; the FITID (and cheque number) only when both are empty, so no row is blank. */
function particulars(trn: OfxNode): string {
  const payee = first(trn, 'PAYEE');
  const name = collapse(child(trn, 'NAME') ?? (payee && child(payee, 'NAME')) ?? '');
  const memo = collapse(child(trn, 'MEMO') ?? '');
  if (name || memo) {
    // Banks often repeat the name at the start of the memo; once is enough.
    if (!name) return memo;
    if (!memo || memo === name || memo.startsWith(`${name} `)) return memo || name;
    return `${name} ${memo}`;
  }
  const check = child(trn, 'CHECKNUM');
  return collapse([check ? `CHECK ${check}` : '', child(trn, 'FITID') ?? '', check ? '' : (child(trn, 'TRNTYPE') ?? '')].join(' '));
}

/**
 * `YYYYMMDD[HHMMSS[.XXX]][[gmt offset[:tz name]]]` -> the calendar day as written. The offset is not applied:
 * the bank writes its own posting day (converting 20240402000000[-5:EST] to UTC would move it to another day).
 */
export function ofxDate(text: string): IsoDate {
  const m = /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d{1,3})?)?)?)?\s*(?:\[[^\]]*\])?$/.exec(text.trim());
  if (!m) throw new EntryError(`"${text}" is not an OFX date (YYYYMMDD, optionally with a time and [offset:zone])`);
  return readDateText(`${m[1]}-${m[2]}-${m[3]}`);
}

function describe(node: OfxNode): string {
  return node.children.map((c) => (c.text !== null ? `<${c.name}>${c.text}` : `<${c.name}>…`)).join(' ');
}

// --- the element tree -----------------------------------------------------------------------------------------

export function child(node: OfxNode, name: string): string | null {
  const found = node.children.find((c) => c.name === name && c.text !== null);
  return found ? found.text!.trim() : null;
}

function first(node: OfxNode, name: string): OfxNode | undefined {
  return node.children.find((c) => c.name === name);
}

function findAll(node: OfxNode, test: (n: OfxNode) => boolean, out: OfxNode[] = []): OfxNode[] {
  for (const c of node.children) {
    if (test(c)) out.push(c);
    else findAll(c, test, out);
  }
  return out;
}

/**
 * The file's `<OFX>` element. The header decides: OFX 1.x's `KEY:VALUE` lines (`CHARSET:1252` is Windows-1252)
 * or OFX 2.x's `<?xml ...?><?OFX ...?>`. An XML file that is not well-formed is still read as SGML: some banks
 * label OFX 1.x bodies with an XML header.
 */
export function parseOfx(buffer: Buffer): { root: OfxNode; complete: boolean } {
  const head = buffer.subarray(0, 2048).toString('latin1');
  const charset = /^\s*CHARSET:\s*(\S+)/im.exec(head)?.[1];
  const encoding = /^\s*ENCODING:\s*(\S+)/im.exec(head)?.[1];
  const text = decodeText(buffer, charset === '1252' && encoding?.toUpperCase() !== 'UTF-8' ? 'windows-1252' : undefined);
  const start = text.search(/<OFX>/i);
  if (start === -1) throw parseFailed('the OFX file has no <OFX> element');
  const isXml = /<\?xml|<\?OFX/i.test(text.slice(0, start));
  const xml = text.slice(text.indexOf('<'));
  if (isXml && XMLValidator.validate(xml) === true) {
    const ofx = parseXml(xml)?.find((n) => n.name === 'OFX');
    if (ofx) return { root: ofx, complete: true };
  }
  return { root: parseSgml(text.slice(start)), complete: /<\/OFX\s*>/i.test(text.slice(start)) };
}

/** The XML's elements, or null where fast-xml-parser refuses what its validator let through (read as SGML then). */
function parseXml(text: string): OfxNode[] | null {
  const parser = new XMLParser({
    preserveOrder: true,
    parseTagValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    trimValues: true,
    transformTagName: (name) => name.toUpperCase(),
  });
  type Ordered = Record<string, unknown>;
  const convert = (items: Ordered[]): OfxNode[] =>
    items.flatMap((item) => {
      const name = Object.keys(item).find((k) => k !== ':@' && k !== '#text');
      if (!name) return [];
      const content = item[name] as Ordered[];
      const textItem = content.find((c) => '#text' in c);
      const children = convert(content);
      return [{ name, text: children.length === 0 ? String(textItem?.['#text'] ?? '') : null, children, closed: true }];
    });
  let parsed: Ordered[];
  try {
    parsed = parser.parse(text) as Ordered[];
  } catch {
    return null;
  }
  return convert(parsed);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      // A reference to no character is kept as written rather than guessed at.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * OFX 1.x SGML -> element tree. A start tag followed by text is a leaf (its end tag, when present, is skipped).
 * An end tag closes the nearest open element of that name and any elements left open inside it. An element that
 * was never given text nor closed (an empty `<MEMO>` without `</MEMO>`) is not an aggregate: what was read as its
 * children belong to its parent, and are moved there when an ancestor's end tag closes it.
 */
export function parseSgml(text: string): OfxNode {
  const root: OfxNode = { name: '#root', text: null, children: [] };
  const stack: OfxNode[] = [root];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    if (open === -1) break;
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open);
      at = end === -1 ? text.length : end + 3;
      continue;
    }
    const close = text.indexOf('>', open);
    if (close === -1) break;
    const tag = text.slice(open + 1, close).trim();
    const next = text.indexOf('<', close + 1);
    const body = text.slice(close + 1, next === -1 ? text.length : next);
    at = next === -1 ? text.length : next;
    if (tag.startsWith('?') || tag.startsWith('!')) continue;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim().toUpperCase();
      const index = stack.map((n) => n.name).lastIndexOf(name);
      if (index <= 0) continue; // the end tag of a leaf already closed by its text
      while (stack.length > index + 1) unwind(stack);
      stack.pop()!.closed = true;
      continue;
    }
    const node: OfxNode = { name: tag.split(/\s/)[0]!.toUpperCase(), text: null, children: [] };
    stack[stack.length - 1]!.children.push(node);
    const value = body.trim();
    if (value !== '') node.text = decodeEntities(value);
    else stack.push(node);
  }
  while (stack.length > 1) unwind(stack);
  return root.children.find((c) => c.name === 'OFX') ?? root;
}

/** Closes the innermost open element implicitly; an empty leaf hands what it swallowed back to its parent. */
function unwind(stack: OfxNode[]): void {
  const node = stack.pop()!;
  if (!KNOWN_AGGREGATES.has(node.name) && node.children.length > 0) {
    const parent = stack[stack.length - 1]!;
    parent.children.push(...node.children);
    node.children = [];
    node.text = '';
  }
}

/** Aggregates the readers look into; an unclosed one of these is truncated, not an empty leaf. */
const KNOWN_AGGREGATES = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'STATUS',
  'FI',
  'BANKMSGSRSV1',
  'CREDITCARDMSGSRSV1',
  'STMTTRNRS',
  'CCSTMTTRNRS',
  'STMTRS',
  'CCSTMTRS',
  'BANKACCTFROM',
  'CCACCTFROM',
  'BANKTRANLIST',
  'STMTTRN',
  'PAYEE',
  'CURRENCY',
  'ORIGCURRENCY',
  'LEDGERBAL',
  'AVAILBAL',
  'BANKACCTTO',
  'CCACCTTO',
]);
