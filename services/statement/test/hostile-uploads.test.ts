import { randomBytes } from 'node:crypto';
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { makeOrg, type TestKey } from '@finance/platform/testing';
import {
  PRODUCTION_WORKER_FLAGS,
  spawnWorkerProcess,
  startPipeline,
  upload,
  waitForStatement,
  type PipelineHarness,
  type WorkerProcess,
} from './pipeline-helpers';

/**
 * Issue 10, section 2 (uploads): files made to hurt a reader, through the real HTTP app and the real worker
 * process with its production memory bounds (PRODUCTION_WORKER_FLAGS). Each gets a clear 4xx at upload or a
 * `failed` statement with its code; the worker neither crashes nor runs out of memory.
 */
let h: PipelineHarness;
let key: TestKey;
let worker: WorkerProcess;

const spawnWorker = () => spawnWorkerProcess(h, { nodeFlags: PRODUCTION_WORKER_FLAGS, env: { STATEMENT_JOB_ATTEMPTS: '2', STATEMENT_JOB_BACKOFF_MS: '200' } });

beforeAll(async () => {
  h = await startPipeline('hostile-uploads', { worker: false });
  ({ full: key } = await makeOrg(h.svc.deps.platformDb, 'hostile-up'));
  worker = await spawnWorker();
});
afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill('SIGTERM');
    await new Promise((r) => worker.child.once('exit', r));
  }
  await h.close();
});

// ---- Files

async function statementPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = [
    'Date Narration Withdrawal Deposit Balance',
    ...Array.from({ length: 40 }, (_, i) => `0${(i % 9) + 1}/04/2024 UPI/${i}/SHOP ${i}.00  ${10_000 - i}.00`),
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 30, y: 800 - i * 14, size: 8, font }));
  return Buffer.from(await doc.save());
}

async function statementXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Statement');
  sheet.addRow(['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance']);
  for (let i = 0; i < 200; i++) sheet.addRow([`0${(i % 9) + 1}/04/2024`, `UPI/${i}/SHOP`, i + 1, '', 10_000 - i]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface ZipEntry {
  name: string;
  compressed: Buffer;
  crc: number;
  size: number;
}

/** `data` repeated `repeat` times, deflated as one stream without ever holding the inflated whole. */
async function deflated(name: string, data: Buffer, repeat = 1): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let i = 0; i < repeat; i++) {
    crc = crc32(data, crc);
    if (!deflate.write(data)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { name, compressed: Buffer.concat(chunks), crc, size: data.length * repeat };
}

/** A zip written by hand, so one entry can be a bomb: tiny on disk, huge inflated. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name: entryName, compressed, crc, size } of entries) {
    const name = Buffer.from(entryName);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    central.push(header, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An XLSX whose one sheet inflates to about 400 MB of rows (well under a megabyte on the wire). */
async function xlsxBomb(): Promise<Buffer> {
  const xml = (text: string) => Buffer.from(`<?xml version="1.0"?>${text}`);
  const rows = Buffer.from('<row><c t="inlineStr"><is><t>01/04/2024</t></is></c><c><v>1</v></c><c><v>2</v></c></row>'.repeat(1_000));
  const sheet = await deflated('xl/worksheets/sheet1.xml', rows, 4_500);
  // The sheet's opening and closing tags are left out: a streaming reader meets rows long before any end.
  return zip([
    await deflated(
      '[Content_Types].xml',
      xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    ),
    await deflated(
      '_rels/.rels',
      xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    ),
    await deflated(
      'xl/workbook.xml',
      xml(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    ),
    await deflated(
      'xl/_rels/workbook.xml.rels',
      xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    ),
    sheet,
  ]);
}

// ---- The checks

const outcomes: string[] = [];
afterAll(() => process.stdout.write(`hostile uploads: ${outcomes.join('; ')}\n`));

/** A clear refusal at upload, or a statement that ends `failed` with its code; never a 5xx, never stuck. */
async function expectRefusedOrFailed(file: Buffer, name: string): Promise<string> {
  const res = await upload(h.svc, key, file, name);
  expect(res.status).toBeLessThan(500);
  if (res.status !== 201) {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.error).toEqual(expect.objectContaining({ code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) }));
    outcomes.push(`${name}: ${res.status} ${res.body.error.code}`);
    return `${res.status} ${res.body.error.code}`;
  }
  const statement = await waitForStatement(h.svc, key, res.body.data.id);
  expect({ status: statement.status, code: typeof statement.error?.code }).toEqual({ status: 'failed', code: 'string' });
  outcomes.push(`${name}: failed ${statement.error.code}`);
  return `failed ${statement.error.code}`;
}

function expectWorkerAlive(): void {
  expect({ exitCode: worker.child.exitCode, signal: worker.child.signalCode }).toEqual({ exitCode: null, signal: null });
  expect(worker.output()).not.toMatch(/heap out of memory|FATAL ERROR|Allocation failed/);
}

test('random bytes under every statement extension', async () => {
  for (const name of ['statement.csv', 'statement.pdf', 'statement.xlsx', 'statement.xls', 'statement.bin']) {
    await expectRefusedOrFailed(randomBytes(64 * 1024), name);
  }
  expectWorkerAlive();
});

test('a truncated PDF and a truncated XLSX', async () => {
  const pdf = await statementPdf();
  const xlsx = await statementXlsx();
  for (const fraction of [0.3, 0.6, 0.95]) {
    await expectRefusedOrFailed(pdf.subarray(0, Math.floor(pdf.length * fraction)), 'cut.pdf');
    await expectRefusedOrFailed(xlsx.subarray(0, Math.floor(xlsx.length * fraction)), 'cut.xlsx');
  }
  expectWorkerAlive();
});

test('a zip bomb dressed as an XLSX', async () => {
  const bomb = await xlsxBomb();
  expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
  await expectRefusedOrFailed(bomb, 'bomb.xlsx');
  expectWorkerAlive();
});

test('a CSV with a million columns on one line', async () => {
  const line = Array.from({ length: 1_000_000 }, (_, i) => (i % 2 ? '1.00' : 'x')).join(',');
  await expectRefusedOrFailed(Buffer.from(`${line}\n`), 'wide.csv');
  await expectRefusedOrFailed(Buffer.from(`Date,Narration,Amount\n${line}\n`), 'wide-row.csv');
  expectWorkerAlive();
});

test('a CSV whose cells hold NUL bytes and invalid UTF-8: read (without them) or failed with a code, never stuck', async () => {
  const header = 'Date,Narration,Withdrawal,Deposit,Balance\n';
  const rows = Buffer.concat([
    Buffer.from(header),
    Buffer.from('01/04/2024,UPI/1/SW\u0000IGGY,250.00,,9750.00\n'),
    Buffer.concat([Buffer.from('02/04/2024,NEFT/'), Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('/SALARY,,50000.00,59750.00\n')]),
  ]);
  const res = await upload(h.svc, key, rows, 'nul.csv');
  expect(res.status).toBeLessThan(500);
  if (res.status !== 201) outcomes.push(`nul.csv: ${res.status} ${res.body.error?.code}`);
  if (res.status === 201) {
    const statement = await waitForStatement(h.svc, key, res.body.data.id);
    outcomes.push(`nul.csv: ${statement.status} ${statement.error?.code ?? ''}`);
    expect(['completed', 'failed', 'stalled']).toContain(statement.status);
    if (statement.status !== 'completed') expect(typeof statement.error?.code).toBe('string');
    const stored = await h.svc.deps.pool.query(`SELECT particulars FROM statement.transactions WHERE statement_id = $1`, [res.body.data.id]);
    for (const row of stored.rows) expect(row.particulars).not.toContain('\u0000');
  }
  expectWorkerAlive();
});

test('a 25 MiB file: 413 before anything is stored', async () => {
  const res = await upload(h.svc, key, Buffer.alloc(25 * 1024 * 1024, 'a'), 'huge.csv');
  expect(res.status).toBe(413);
  expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  expectWorkerAlive();
});
