/**
 * Reader figures outside jest (jest's module sandbox makes csv-parse about 3x slower than a real process):
 *   flock /tmp/bench.lock npx tsx --expose-gc packages/statement-readers/test/bench-read.ts
 * Prints the time and memory to read a 100,000-row CSV, a 100,000-row XLSX and a 2,000-row PDF, each read in
 * a fresh process so that building the fixtures does not count in the memory figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStatementFile } from '../src';
import { pdfFile, PDF_COLUMNS, toCsv, xlsxFile, type SheetCell } from './fixtures/files';

const ROWS = 100_000;
const PDF_ROWS = 2_000;

function row(i: number): string[] {
  const day = String((i % 28) + 1).padStart(2, '0');
  const amount = `${(((i * 7919) % 1_000_000) / 100).toFixed(2)}`; // fixture text only; the reader never sees a float
  return [`${day}/04/2024`, `UPI/${i}/MERCHANT ${i % 97}/PAYMENT`, String(100000 + i), i % 3 ? amount : '', i % 3 ? '' : amount, '1,00,000.00'];
}

async function measure(label: string, fileName: string): Promise<void> {
  const buffer = readFileSync(fileName);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const parsed = await readStatementFile({ buffer, fileName, pdf: { timeoutMs: 300_000 } });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  console.log(
    `${label.padEnd(26)} ${(buffer.length / 1e6).toFixed(1).padStart(5)} MB  ${String(parsed.rows.length).padStart(6)} rows  ` +
      `${elapsed.toFixed(0).padStart(6)} ms  peak RSS ${(peakRss / 1e6).toFixed(0)} MB (+${((peakRss - rssBefore) / 1e6).toFixed(0)} MB)`,
  );
}

async function main(): Promise<void> {
  const header = ['Date', 'Narration', 'Chq./Ref.No.', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'];
  const rows = Array.from({ length: ROWS }, (_, i) => row(i));
  const dir = mkdtempSync(join(tmpdir(), 'bench-read-'));
  const files: [string, string][] = [
    ['CSV, 100,000 rows', join(dir, 'statement.csv')],
    ['XLSX, 100,000 rows', join(dir, 'statement.xlsx')],
    ['PDF, 2,000 rows (40 pages)', join(dir, 'statement.pdf')],
  ];
  writeFileSync(files[0]![1], toCsv([['Account No : 50100012345678'], header, ...rows]));
  writeFileSync(files[1]![1], await xlsxFile([{ name: 'Statement', rows: [header, ...rows] as SheetCell[][] }]));
  writeFileSync(files[2]![1], await pdfFile({ rows: rows.slice(0, PDF_ROWS), ...PDF_COLUMNS, rowsPerPage: 50, pageFurniture: true }));
  console.log(`node ${process.version}`);
  try {
    for (const [label, file] of files) {
      execFileSync(process.execPath, [...process.execArgv, __filename, 'measure', label, file], { stdio: 'inherit' });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'measure') void measure(process.argv[3]!, process.argv[4]!);
else void main();
