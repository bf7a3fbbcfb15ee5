import type { PrintedFigure } from './types';

/**
 * The words statements print around their transactions, in one place for every reader (the header names are in
 * header.ts): balance lines, totals, the end of the table and page furniture. English first, then German, French,
 * Italian, Spanish and Dutch; accents optional, since a Windows-1252 file may have lost them.
 */

const OPENING_WORDS = [
  String.raw`opening balance|opening bal|balance brought forward|balance b\/f|b\/f|brought forward|beginning balance|beginning bal|balance forward|previous balance`,
  String.raw`previous bal|starting balance|starting bal|last month'?s balance|previous statement balance`,
  String.raw`anfangssaldo|alter kontostand|saldo alt`,
  String.raw`solde (?:initial|pr[eé]c[eé]dent|d[eé]but de p[eé]riode)|ancien solde`,
  String.raw`saldo (?:contabile )?iniziale`,
  String.raw`saldo inicial|saldo anterior`,
  String.raw`beginsaldo`,
  // snake_case exports, Nordic and Baltic (issue 31)
  String.raw`opening_balance|beginning_balance|alkusaldo|ing[aå]ende saldo|inng[aå]ende saldo|primosaldo|algsaldo`,
].join('|');

const CLOSING_WORDS = [
  String.raw`closing balance|closing bal|balance carried forward|balance c\/f|c\/f|carried forward|ending balance|ending bal|available balance as on|(?:total )?new balance`,
  String.raw`endsaldo|neuer kontostand|(?<!alter |neuester )kontostand|saldo neu|schlusssaldo`,
  String.raw`solde final|nouveau solde|solde fin de p[eé]riode`,
  String.raw`saldo (?:contabile )?finale`,
  String.raw`saldo final`,
  String.raw`eindsaldo`,
  String.raw`closing_balance|ending_balance|loppusaldo|utg[aå]ende saldo|ultimosaldo|l[oõ]ppsaldo`,
].join('|');

const TOTAL_WORDS = [
  String.raw`total|totals|grand total|page total|page totals|sub total|subtotal|sub totals`,
  'summe|gesamt',
  'totaux|total mouvements',
  'totale|totali',
  String.raw`totaal|umsatzsumme|i alt|k[aä]ive`,
].join('|');

// Labels in scripts JavaScript's \b does not see as words (Cyrillic, Japanese) or that end in a letter it does not
// (`yhteensä`): bounded by hand; `Sum`/`Summa` (Nordic totals) only as a line's first word, since a wrapped
// narration may say `LUMP SUM`, so that a narration holding the word inside another does not match.
const CYRILLIC_EDGE = String.raw`(?<![\u0400-\u04ff])`;
const CYRILLIC_END = String.raw`(?![\u0400-\u04ff])`;
const OPENING_SCRIPTS = String.raw`${CYRILLIC_EDGE}(?:входящий остаток|входящий баланс|остаток на начало(?: периода)?)${CYRILLIC_END}|前月繰越|繰越残高|前期繰越`;
const CLOSING_SCRIPTS = String.raw`${CYRILLIC_EDGE}(?:исходящий остаток|исходящий баланс|остаток на конец(?: периода)?)${CYRILLIC_END}|次月繰越|翌月繰越`;
const TOTAL_SCRIPTS = String.raw`${CYRILLIC_EDGE}(?:итого|обороты|оборот)${CYRILLIC_END}|合計|\byhteens[aä](?![a-zà-ÿ])`;

/** A line carrying the balance before the statement's first transaction. */
export const OPENING = new RegExp(String.raw`\b(?:${OPENING_WORDS})\b|${OPENING_SCRIPTS}`, 'i');

/** A line carrying the balance after the last transaction. */
export const CLOSING = new RegExp(String.raw`\b(?:${CLOSING_WORDS})\b|${CLOSING_SCRIPTS}`, 'i');

/** A line of totals (of a page, of the statement). */
export const TOTAL = new RegExp(String.raw`\b(?:${TOTAL_WORDS})\b|${TOTAL_SCRIPTS}`, 'i');

/** Any balance or totals label, as a pattern source for readers that build their own expressions around it. */
export const SUMMARY_LABEL = String.raw`(?:\b(?:${OPENING_WORDS}|${CLOSING_WORDS}|${TOTAL_WORDS})\b|${OPENING_SCRIPTS}|${CLOSING_SCRIPTS}|${TOTAL_SCRIPTS})`;

/** Rows that close a table (HDFC's "STATEMENT SUMMARY"); what follows is read for printed figures only. */
export const END_OF_TABLE = /statement summary|end of statement|account summary|\*+\s*end\b/i;

/** A page number on a line of its own: `Page 2`, `Page No: 2 of 5`, `2 of 5`, `2/5`. */
export const PAGE_MARKER = /^(?:page\s*(?:no\s*\.?)?\s*:?\s*\d+(?:\s*(?:of|\/)\s*\d+)?|\d+\s*(?:of|\/)\s*\d+)$/i;

/**
 * A page number printed in a cell of a line that holds other text (ICICI prints `Page 2 of 2` on a narration's line):
 * the word `page`, or `n of m` / `n / m` with spaces, which no date or amount prints.
 */
export const PAGE_MARKER_CELL = /^(?:page\s*(?:no\s*\.?)?\s*:?\s*\d+(?:\s*(?:of|\/)\s*\d+)?|\d+\s+of\s+\d+|\d+\s+\/\s+\d+)$/i;

/** The labels of a summary block (a line of labels over a line of figures) and the printed figure each names. */
const SUMMARY_FIGURES: [RegExp, PrintedFigure][] = [
  [/^(?:opening|op(?:en)?\.?) ?bal(?:ance)?\.?$|^balance b\/f$|^brought forward$/i, 'opening_balance'],
  [/^(?:closing|cl(?:osing)?\.?) ?bal(?:ance)?\.?$|^balance c\/f$|^carried forward$/i, 'closing_balance'],
  [/^(?:total )?(?:debits?|withdrawals?|dr)(?: amount| amt\.?)?$|^total withdrawal amount$/i, 'total_outflow'],
  [/^(?:total )?(?:credits?|deposits?|cr)(?: amount| amt\.?)?$|^total deposit amount$/i, 'total_inflow'],
];

/** The printed figure a summary block's label names (`Opening Balance`, `Total Debits`, `Cr Amt.`), or null. */
export function summaryFigure(label: string): PrintedFigure | null {
  const text = label.replace(/\s+/g, ' ').replace(/\s*:$/, '').trim();
  return SUMMARY_FIGURES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** A dated line whose narration is a totals label and nothing more (Italian exports date their `Totale` line). */
export const TOTAL_LABELS = new Set([
  'total',
  'totals',
  'grand total',
  'total debits',
  'total credits',
  'summe',
  'summe umsatze',
  'gesamt',
  'totaux',
  'total des operations',
  'total des mouvements',
  'totale',
  'totali',
  'totale movimenti',
  'totale entrate',
  'totale uscite',
  'total movimientos',
  'totaal',
  'umsatzsumme',
  'summa',
  'sum',
  'i alt',
  'kaive',
  'yhteensa',
  'итого',
  'обороты',
  '合計',
]);
