/**
 * Seeded XLSX statements (issue 31 part 3), written with exceljs. The table's layout and rows come from
 * text-table.ts (its header documents that parameter space); what only a workbook has is drawn here:
 *
 * - `cells`: `text` (every cell a string, as an export from a web page pastes it) or `typed` (dates as date cells,
 *   plain amounts as number cells with a `#,##0.00` format; an amount with a marker or currency stays text).
 * - `sheet`: the worksheet's name (`Statement`, `Sheet1`, the language's word).
 * - A workbook has no encoding, delimiter or quoting: those parameters are CSV's.
 *
 * Every file names itself `statement-<seed>.xlsx`.
 */
import ExcelJS from 'exceljs';
import { Random } from './random';
import { drawTable } from './text-table';
import type { GeneratedStatement } from './types';

export async function generateXlsx(seed: number): Promise<GeneratedStatement> {
  const random = new Random(seed);
  const table = drawTable(random, { headerlessAllowed: true });
  const cells = random.pick(['text', 'typed'] as const);
  const sheetName = random.pick(['Statement', 'Sheet1', 'Transactions', 'Umsätze', 'Выписка', '明細']);
  const workbook = new ExcelJS.Workbook();
  // A fixed creation time: the same seed renders the same bytes.
  workbook.created = new Date(Date.UTC(2030, 0, 1));
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet(sheetName);
  for (const line of table.lines) {
    const row = sheet.addRow(
      line.map((cell) => {
        if (cells === 'typed' && cell.value instanceof Date) return cell.value;
        // Only a cell whose text is the number itself (no marker, currency or grouping the number loses) is typed.
        if (cells === 'typed' && typeof cell.value === 'number' && /^[-+]?[\d.,' \u00a0]+$/.test(cell.text)) return cell.value;
        return cell.text === '' ? null : cell.text;
      }),
    );
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd';
      else if (typeof cell.value === 'number') cell.numFmt = '#,##0.00';
    });
  }
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    format: 'xlsx',
    seed,
    fileName: `statement-${seed}.xlsx`,
    bytes,
    params: { ...table.params, cells, sheet: sheetName },
    rows: table.rows,
    opening_balance: table.opening_balance,
    closing_balance: table.closing_balance,
  };
}
