/**
 * Seeded CSV statements (issue 31 part 3). The table's layout and rows come from text-table.ts (its header
 * documents that parameter space: columns, header languages, dates, numbers, currencies, balance lines,
 * headerless files, account and narration columns, reversals); what only a text file has is drawn here:
 *
 * - `delimiter`: `,` `;` tab `|` (a decimal comma is never written unquoted under a `,` delimiter: quoting applies).
 * - `quoting`: `minimal` (only fields holding the delimiter, a quote or a line break, as RFC 4180 writes them) or
 *   `all` (every field quoted, as some banks export).
 * - `bom`: a UTF-8 byte order mark first (UTF-8 only).
 * - `encoding`: utf-8, or the language's legacy code page: windows-1252 (English and Western European headers,
 *   Finnish, Swedish, Norwegian, Danish), windows-1257 (Estonian, and the Nordic languages, whose letters it has),
 *   windows-1251 (Russian), shift_jis (Japanese). A currency symbol the code page lacks is written as its code.
 * - `lineEnd`: `\r\n` or `\n`.
 *
 * Every file names itself `statement-<seed>.csv`.
 */
import iconv from 'iconv-lite';
import { Random } from './random';
import { drawTable, type Cell } from './text-table';
import type { GeneratedStatement } from './types';

const LEGACY: Record<string, string[]> = {
  en: ['windows-1252'],
  snake: ['windows-1252'],
  de: ['windows-1252'],
  fr: ['windows-1252'],
  es: ['windows-1252'],
  nl: ['windows-1252'],
  fi: ['windows-1252', 'windows-1257'],
  sv: ['windows-1252', 'windows-1257'],
  no: ['windows-1252', 'windows-1257'],
  da: ['windows-1252', 'windows-1257'],
  et: ['windows-1257'],
  ru: ['windows-1251'],
  ja: ['shift_jis'],
};

export function generateCsv(seed: number): GeneratedStatement {
  const random = new Random(seed);
  const table = drawTable(random, { headerlessAllowed: true });
  const delimiter = random.pick([',', ';', '\t', '|'] as const);
  const quoting = random.weighted([
    ['minimal', 3],
    ['all', 1],
  ] as const);
  const encoding = random.chance(0.5) ? 'utf-8' : random.pick(LEGACY[table.lang]!);
  const bom = encoding === 'utf-8' && random.chance(0.3);
  const lineEnd = random.pick(['\r\n', '\n']);

  const field = (cell: Cell | undefined): string => {
    let text = cell?.text ?? '';
    // A symbol the code page cannot write is written as the currency's code, as such exports do.
    if (encoding !== 'utf-8') text = text.replace(/₹/g, 'INR ').replace(/€/g, encoding === 'windows-1251' || encoding === 'shift_jis' ? 'EUR' : '€');
    const needs = text.includes(delimiter) || text.includes('"') || text.includes('\n');
    return quoting === 'all' || needs ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const text = table.lines.map((line) => line.map(field).join(delimiter)).join(lineEnd) + lineEnd;
  const body = encoding === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, encoding);
  // The code page must hold every character written (a `?` in place of a letter would be the generator's error).
  if (encoding !== 'utf-8' && iconv.decode(body, encoding) !== text) throw new Error(`seed ${seed}: the text does not fit ${encoding}`);
  const bytes = bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
  return {
    format: 'csv',
    seed,
    fileName: `statement-${seed}.csv`,
    bytes,
    params: { ...table.params, delimiter: delimiter === '\t' ? 'tab' : delimiter, quoting, encoding, bom, lineEnd: lineEnd === '\n' ? 'lf' : 'crlf' },
    rows: table.rows,
    opening_balance: table.opening_balance,
    closing_balance: table.closing_balance,
  };
}
