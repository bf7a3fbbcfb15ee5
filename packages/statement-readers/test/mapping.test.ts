/**
 * Reading with a person's mapping (issue 33): each layout the reader cannot work out is previewed, read right
 * with one mapping, and a second month of the same layout has a fingerprint among the first's candidates.
 */
import {
  candidateFingerprints,
  gridText,
  isLayoutFailure,
  layoutPreview,
  mappingFingerprint,
  readGrid,
  readStatementFile,
  readWithMapping,
  undecidedOf,
  type MappableFileType,
  type ReadingMapping,
} from '../src';
import { directionCsv, hungarianCsv, finnishPdf, hungarianXlsx, headerlessCsv, layoutRows } from './testing';

interface Case {
  name: string;
  type: MappableFileType;
  file: (month: 3 | 4) => Buffer | Promise<Buffer>;
  mapping: ReadingMapping;
  /** The narration of March's first row as the mapping reads it. */
  narration: string;
}

const CASES: Case[] = [
  {
    name: 'a headerless CSV',
    type: 'csv',
    file: headerlessCsv,
    mapping: {
      header_row: null,
      columns: { date: 3, narration: 1, reference: 0, amount: 4, balance: 5 },
      amount_sign: 'inflow_positive',
      date_order: 'DMY',
      decimal_separator: '.',
    },
    narration: 'ACME OY Palkka maaliskuu TX3001',
  },
  {
    name: 'a Hungarian CSV',
    type: 'csv',
    file: hungarianCsv,
    mapping: {
      header_row: 1,
      columns: { date: 0, value_date: 1, narration: [5, 6], amount: 2 },
      amount_sign: 'inflow_positive',
      date_order: 'DMY',
      decimal_separator: ',',
    },
    narration: 'ACME OY Palkka maaliskuu',
  },
  {
    name: 'a direction-column CSV',
    type: 'csv',
    file: directionCsv,
    mapping: {
      header_row: 0,
      columns: { date: 0, narration: 1, amount: 2, balance: 4 },
      direction: { column: 3, inflow: ['pano'], outflow: ['OTTO'] },
      date_order: 'DMY',
      decimal_separator: ',',
    },
    narration: 'ACME OY Palkka maaliskuu',
  },
  {
    name: 'an XLSX',
    type: 'excel',
    file: hungarianXlsx,
    mapping: {
      header_row: 1,
      columns: { date: 0, narration: 1, amount: 2, balance: 3 },
      amount_sign: 'inflow_positive',
      date_order: 'DMY',
      decimal_separator: '.',
    },
    narration: 'ACME OY Palkka maaliskuu',
  },
  {
    name: 'a PDF',
    type: 'pdf',
    file: finnishPdf,
    mapping: {
      header_row: 2,
      columns: { date: 0, narration: 1, amount: 2, balance: 3 },
      amount_sign: 'inflow_positive',
      date_order: 'DMY',
      decimal_separator: ',',
    },
    narration: 'ACME OY Palkka maaliskuu',
  },
];

describe.each(CASES)('$name', ({ type, file, mapping, narration }) => {
  test('the reader does not read it with confidence, and the preview shows its lines', async () => {
    const buffer = await file(3);
    const read = await readStatementFile({ buffer, fileName: `march.${type === 'excel' ? 'xlsx' : type}` }).then(
      async (parsed) => ({ parsed, undecided: await undecidedOf(parsed, () => readGrid(buffer, type)) }),
      (err: unknown) => {
        expect(isLayoutFailure(err)).toBe(true);
        return { parsed: null, undecided: [{ field: 'header_row' as const, reason: (err as Error).message }] };
      },
    );
    expect(read.undecided.length).toBeGreaterThan(0);
    const preview = layoutPreview(await readGrid(buffer, type), read.undecided, read.parsed?.metadata.header);
    expect(preview.lines.length).toBeGreaterThanOrEqual(5);
    expect(preview.guess.columns.find((c) => c.role === 'date')?.index).toBe(mapping.columns.date);
  });

  test('one mapping reads both months right, and the second month is recognised by the first one’s fingerprint', async () => {
    for (const month of [3, 4] as const) {
      const grid = await readGrid(await file(month), type);
      const parsed = readWithMapping(grid, mapping);
      const expected = layoutRows(month);
      expect(parsed.rows.map((r) => [r.date, r.inflow, r.outflow])).toEqual(
        expected.map((r) => [r.date, BigInt(Math.max(r.amount, 0)), BigInt(Math.max(-r.amount, 0))]),
      );
      if (mapping.columns.balance !== undefined) {
        expect(parsed.integrity.balance_chain).toBe('ok');
        expect(parsed.rows.map((r) => r.balance)).toEqual(expected.map((r) => BigInt(r.balance)));
      }
      if (month === 3) expect(parsed.rows[0]!.particulars).toBe(narration);
    }
    const march = gridText((await readGrid(await file(3), type)).lines);
    const april = gridText((await readGrid(await file(4), type)).lines);
    const saved = mappingFingerprint(march, mapping.header_row);
    expect(candidateFingerprints(april).find((c) => c.fingerprint === saved)?.header_row).toBe(mapping.header_row);
  });
});

test('a line the mapping cannot read is a warning with its reason; a mapping that reads nothing fails', async () => {
  const grid = await readGrid(directionCsv(3), 'csv');
  const parsed = readWithMapping(grid, { ...CASES[2]!.mapping, direction: { column: 3, inflow: ['PANO'], outflow: ['NOSTO'] } });
  expect(parsed.rows.map((r) => r.particulars)).toEqual(['ACME OY Palkka maaliskuu', 'VERKKOKAUPPA Palautus']);
  expect(parsed.warnings[0]!.reason).toMatch(/"otto", which is neither/);
  expect(() => readWithMapping(grid, { ...CASES[2]!.mapping, columns: { date: 1, narration: 0, amount: 2 } })).toThrow(/no transaction could be read/);
});

test('a reading whose balance chain holds only with money in and out exchanged leaves the direction undecided', async () => {
  // The bank heads its money-in column "Debit" (its own side of the ledger): read as printed, every row breaks.
  const rows = layoutRows(3);
  const csv = [
    'Date,Description,Debit,Credit,Balance',
    ...rows.map(
      (r) =>
        `${r.date},${r.text},${r.amount > 0 ? (r.amount / 1000).toFixed(2) : ''},${r.amount < 0 ? (-r.amount / 1000).toFixed(2) : ''},${(r.balance / 1000).toFixed(2)}`,
    ),
  ].join('\n');
  const buffer = Buffer.from(`${csv}\n`);
  const parsed = await readStatementFile({ buffer, fileName: 'swapped.csv' });
  expect(parsed.integrity.balance_chain).toBe('broken');
  const undecided = await undecidedOf(parsed, () => readGrid(buffer, 'csv'));
  expect(undecided).toEqual([{ field: 'direction', reason: expect.stringContaining('holds on every row with money in and out exchanged') }]);
  // Read as printed by a right mapping, the chain holds.
  const mapped = readWithMapping(await readGrid(buffer, 'csv'), {
    header_row: 0,
    columns: { date: 0, narration: 1, credit: 2, debit: 3, balance: 4 },
    date_order: 'YMD',
    decimal_separator: '.',
  });
  expect(mapped.integrity.balance_chain).toBe('ok');
});

test('a file the reader reads with confidence leaves nothing undecided (a header line it names, or one the inference covers)', async () => {
  const header = Buffer.from('Date Processed,Description,Amount,\n28-Mar-2020,AMAZON,£99.99,\n30-Mar-2020,KINDLE,£0.99,\n');
  const parsed = await readStatementFile({ buffer: header, fileName: 'johnlewis.csv' });
  expect(await undecidedOf(parsed, () => readGrid(header, 'csv'))).toEqual([]);
});
