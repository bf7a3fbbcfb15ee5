/**
 * `pnpm statement:read <file> [--password P] [--json]`: what the readers see in a statement file, without a
 * database or a service: the bank profile or the inference that read it, the header, every row, the check against
 * the bank's own balances and every line skipped, with why. It is how a user or a supporter finds out why a
 * bank's file reads wrong (the service stores exactly this reading).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { BANK_PROFILES } from './profiles/banks';
import { baseUnits, describeIntegrityProblems } from './integrity';
import { StatementFileError } from './errors';
import { readStatementFile } from './read-statement-file';
import type { ParsedStatement } from './types';

const USAGE = 'usage: pnpm statement:read <file> [--password <password>] [--json]';

/** Milli-units in base units, blank where there is no figure (a row without a balance). */
const decimal = (milli: bigint | number | null | undefined) => (milli === null || milli === undefined ? '' : baseUnits(Number(milli)));

function describe(parsed: ParsedStatement, file: string): string {
  const profile = parsed.profile ? BANK_PROFILES.find((p) => p.id === parsed.profile) : undefined;
  const out: string[] = [
    `file:            ${basename(file)} (${parsed.fileType})`,
    `read by:         ${profile ? `bank profile ${profile.id} (${profile.bank})` : parsed.fileType === 'csv' || parsed.fileType === 'excel' || parsed.fileType === 'pdf' ? 'inference (no bank profile recognised the file)' : `the ${parsed.fileType} reader`}`,
    `account number:  ${parsed.metadata.acc_no ?? '(none printed)'}${parsed.metadata.currency ? `, currency ${parsed.metadata.currency}` : ''}`,
    `header:          ${parsed.metadata.header.join(' | ')}`,
    '',
    `rows: ${parsed.rows.length}`,
  ];
  const table = parsed.rows.map((row) => [row.position ?? '', row.date, decimal(row.inflow), decimal(row.outflow), decimal(row.balance), row.particulars]);
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...table.map((cells) => cells[i]!.length), ['where', 'date', 'inflow', 'outflow', 'balance'][i]!.length));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 5 ? cell : i >= 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  out.push(line(['where', 'date', 'inflow', 'outflow', 'balance', 'particulars']));
  for (const cells of table) out.push(line(cells));
  const integrity = parsed.integrity;
  out.push(
    '',
    `integrity:       ${integrity.ok ? 'ok' : `does not reconcile: ${describeIntegrityProblems(integrity)}`}`,
    `balance chain:   ${integrity.balance_chain}${integrity.order ? ` (${integrity.order.replace('_', ' ')})` : ''}`,
  );
  for (const [name, figure] of [
    ['opening balance', integrity.opening_balance],
    ['closing balance', integrity.closing_balance],
    ['total inflow', integrity.total_inflow],
    ['total outflow', integrity.total_outflow],
  ] as const) {
    if (figure.printed !== null || figure.computed !== null) {
      out.push(
        `${`${name}:`.padEnd(17)}printed ${figure.printed === null ? '-' : decimal(figure.printed)}, from the rows ${figure.computed === null ? '-' : decimal(figure.computed)}${figure.ok === false ? '  (differs)' : ''}`,
      );
    }
  }
  for (const broken of integrity.breaks) {
    out.push(
      `  break at ${broken.position ?? `row ${broken.row + 1}`}: the amounts give ${decimal(broken.expected_balance)}, the file prints ${decimal(broken.balance)}`,
    );
  }
  out.push('', `warnings: ${parsed.warnings.length}`);
  for (const warning of parsed.warnings) out.push(`  ${warning.position}: ${warning.reason}${warning.text ? `\n      ${warning.text}` : ''}`);
  return out.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const file = positionals[0]!;
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  try {
    const parsed = await readStatementFile({ buffer, fileName: basename(file), password: values.password });
    if (values.json) console.log(JSON.stringify(parsed, (_key, value) => (typeof value === 'bigint' ? Number(value) : value), 2));
    else console.log(describe(parsed, file));
    return 0;
  } catch (err) {
    if (!(err instanceof StatementFileError)) throw err;
    if (values.json) console.log(JSON.stringify({ error: { code: err.code, message: err.message } }, null, 2));
    else console.log(`${basename(file)}: ${err.code}: ${err.message}`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
