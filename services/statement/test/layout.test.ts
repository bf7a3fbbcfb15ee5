import request from 'supertest';
import { makeOrg, type TestKey } from '@finance/platform/testing';
import { CORPUS, directionCsv, hungarianCsv, finnishPdf, hungarianXlsx, headerlessCsv, layoutRows } from '@finance/statement-readers/testing';
import { apiAs, startPipeline, statementRow, upload, waitForStatement, type PipelineHarness } from './pipeline-helpers';

/**
 * The third recovery (issue 33): a tabular file whose layout the reader cannot work out stalls with
 * LAYOUT_NOT_RECOGNISED and a preview; one mapping (POST /statements/<id>/layout) reads it right through the real
 * worker and is saved as the organization's reading profile, which reads the next file of the layout with no
 * prompt. Bad mappings are 400s naming the field and change nothing. An upload with review=true stalls before
 * its rows are stored.
 */
let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline('layout');
});
afterAll(async () => {
  await h.close();
});

const api = (key: TestKey) => apiAs(h.svc, key);

interface Case {
  name: string;
  ext: string;
  file: (month: 3 | 4) => Buffer | Promise<Buffer>;
  mapping: Record<string, unknown>;
  /** The first row's particulars once read with the mapping. */
  narration: string;
  withBalance: boolean;
}

const CASES: Case[] = [
  {
    name: 'a headerless CSV',
    ext: 'csv',
    file: headerlessCsv,
    mapping: {
      header_row: null,
      columns: { date: 3, narration: 1, reference: 0, amount: 4, balance: 5 },
      amount_sign: 'inflow_positive',
      date_order: 'DMY',
      decimal_separator: '.',
    },
    narration: 'ACME OY Palkka maaliskuu TX3001',
    withBalance: true,
  },
  {
    name: 'a Hungarian CSV (header words the reader does not know)',
    ext: 'csv',
    file: hungarianCsv,
    mapping: {
      header_row: 1,
      columns: { date: 0, value_date: 1, narration: [5, 6], amount: 2 },
      amount_sign: 'inflow_positive',
      date_order: 'DMY',
      decimal_separator: ',',
    },
    narration: 'ACME OY Palkka maaliskuu',
    withBalance: false,
  },
  {
    name: 'a direction-column CSV',
    ext: 'csv',
    file: directionCsv,
    mapping: {
      header_row: 0,
      columns: { date: 0, narration: 1, amount: 2, balance: 4 },
      direction: { column: 3, inflow: ['PANO'], outflow: ['OTTO'] },
      date_order: 'DMY',
      decimal_separator: ',',
    },
    narration: 'ACME OY Palkka maaliskuu',
    withBalance: true,
  },
  {
    name: 'an XLSX',
    ext: 'xlsx',
    file: hungarianXlsx,
    mapping: {
      header_row: 1,
      columns: { date: 0, narration: 1, amount: 2, balance: 3 },
      amount_sign: 'inflow_positive',
      date_order: 'DMY',
      decimal_separator: '.',
    },
    narration: 'ACME OY Palkka maaliskuu',
    withBalance: true,
  },
  {
    name: 'a PDF',
    ext: 'pdf',
    file: finnishPdf,
    mapping: {
      header_row: 2,
      columns: { date: 0, narration: 1, amount: 2, balance: 3 },
      amount_sign: 'inflow_positive',
      date_order: 'DMY',
      decimal_separator: ',',
    },
    narration: 'ACME OY Palkka maaliskuu',
    withBalance: true,
  },
];

async function accountOf(key: TestKey): Promise<string> {
  return (await api(key).post('/accounts', { name: 'Käyttötili', category: 'bank', currency: 'EUR' }).expect(201)).body.data.id;
}

async function rowsOf(key: TestKey, statementId: string) {
  return (await api(key).get(`/transactions?statement_id=${statementId}&limit=500&sort_by=date&sort_order=ASC`).expect(200)).body.data;
}

function expectRows(rows: Record<string, unknown>[], month: 3 | 4, withBalance: boolean) {
  expect(rows.map((r) => [r.date, r.inflow, r.outflow, withBalance ? r.balance : null])).toEqual(
    layoutRows(month).map((r) => [r.date, Math.max(r.amount, 0), Math.max(-r.amount, 0), withBalance ? r.balance : null]),
  );
}

describe.each(CASES)('$name', ({ ext, file, mapping, narration, withBalance }) => {
  test('stalls with LAYOUT_NOT_RECOGNISED and a preview, reads right after one mapping, and the next month of the layout reads with no prompt', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, `layout-${ext}`);
    const account = await accountOf(full);
    const id = (await upload(h.svc, full, await file(3), `maaliskuu.${ext}`, { account_id: account }).expect(201)).body.data.id;
    const stalled = await waitForStatement(h.svc, full, id);
    expect(stalled).toMatchObject({ status: 'stalled', step: 'parse', transaction_count: 0, error: { code: 'LAYOUT_NOT_RECOGNISED' } });
    const preview = stalled.parsed_data.preview;
    expect(preview.lines.length).toBeGreaterThanOrEqual(5);
    expect(preview.undecided.length).toBeGreaterThan(0);
    expect(preview.guess.columns.find((c: { role: string }) => c.role === 'date').index).toBe((mapping.columns as { date: number }).date);
    for (const c of preview.guess.columns) expect(c.confidence).toBeGreaterThanOrEqual(0);
    expect((await statementRow(h.svc, id)).staged).toBe(0);

    const reply = (await api(full).post(`/statements/${id}/layout`, mapping).expect(202)).body.data;
    expect(reply).toEqual({ id, job_id: `${id}-parse-2`, step: 'parse' });
    const done = await waitForStatement(h.svc, full, id);
    expect(done).toMatchObject({ status: 'completed', account_id: account, transaction_count: layoutRows(3).length });
    expect(done.parsed_data.integrity.balance_chain).toBe(withBalance ? 'ok' : 'not_checked');
    const profileId = done.parsed_data.profile;
    expect(done.parsed_data.layout).toMatchObject({ ...mapping, profile_id: profileId });
    const march = await rowsOf(full, id);
    expectRows(march, 3, withBalance);
    expect(march[0].particulars).toBe(narration);

    const profile = (await api(full).get(`/reading-profiles/${profileId}`).expect(200)).body.data;
    expect(profile).toMatchObject({ id: profileId, file_type: ext === 'xlsx' ? 'excel' : ext, mapping: { columns: mapping.columns, date_order: 'DMY' } });
    expect(profile.bank_profile).toMatchObject({ id: expect.any(String), bank: profile.name, column_indexes: mapping.columns });

    // April, same layout: read with the profile, no prompt.
    const second = (await upload(h.svc, full, await file(4), `huhtikuu.${ext}`, { account_id: account }).expect(201)).body.data.id;
    const april = await waitForStatement(h.svc, full, second);
    expect(april).toMatchObject({ status: 'completed', error: null, parsed_data: { profile: profileId } });
    expectRows(await rowsOf(full, second), 4, withBalance);
    expect((await api(full).get('/reading-profiles').expect(200)).body.page_context.total).toBe(1);
  });
});

describe('bad mappings', () => {
  test('get 400s naming the field, and change nothing (no run, no profile)', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'layout-bad');
    const id = (await upload(h.svc, full, directionCsv(3), 'suunta.csv', { account_id: await accountOf(full) }).expect(201)).body.data.id;
    await waitForStatement(h.svc, full, id);
    const before = await statementRow(h.svc, id);
    const good = CASES[2]!.mapping;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, header_row: 99 }, 'header_row'],
      [{ ...good, header_row: -1 }, 'header_row'],
      [{ ...good, columns: { date: 0, narration: 1, amount: 7, balance: 4 } }, 'columns.amount'],
      [{ ...good, columns: { date: 0, narration: 0, amount: 2, balance: 4 } }, 'columns.narration'],
      [{ ...good, columns: { date: 0, narration: 1, amount: 2, debit: 4 } }, 'columns.amount'],
      [{ ...good, columns: { date: 0, narration: 1, balance: 4 } }, 'columns'],
      [{ ...good, direction: undefined }, 'amount_sign'],
      [{ ...good, amount_sign: 'inflow_positive' }, 'direction'],
      [{ ...good, direction: { column: 3, inflow: ['PANO'], outflow: ['pano'] } }, 'direction.outflow'],
      [{ ...good, direction: { column: 3, inflow: [], outflow: ['OTTO'] } }, 'direction.inflow'],
      [{ ...good, date_order: 'DDMM' }, 'date_order'],
      [{ ...good, date_order: 'YMD' }, 'date_order'],
      [{ ...good, decimal_separator: ';' }, 'decimal_separator'],
      [{ ...good, skip_lines: [0] }, 'skip_lines'],
      [{ ...good, skip_lines: [500] }, 'skip_lines'],
      [{ ...good, columns: { date: 1, narration: 0, amount: 2, balance: 4 } }, 'columns.date'],
      [{ ...good, colour: 'red' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await api(full).post(`/statements/${id}/layout`, body);
      if (res.status !== 400) throw new Error(`${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`);
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      if (field) expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect(await statementRow(h.svc, id)).toEqual(before);
    expect((await api(full).get('/reading-profiles').expect(200)).body.page_context.total).toBe(0);

    // A statement that is not stalled for its layout: 409, nothing changed.
    const hdfc = CORPUS.find((f) => f.expected.fileType === 'csv' && f.expected.accNo !== null && f.expected.integrityOk !== false && !f.password)!;
    const other = (await upload(h.svc, full, await hdfc.build(), hdfc.fileName).expect(201)).body.data.id;
    const settled = await waitForStatement(h.svc, full, other);
    const res = await api(full).post(`/statements/${other}/layout`, good);
    expect([res.status, res.body.error.code]).toEqual([409, 'STATEMENT_NOT_STALLED']);
    expect((await api(full).get(`/statements/${other}`).expect(200)).body.data.updated_at).toBe(settled.updated_at);
  });
});

describe('reading profiles', () => {
  test('are listed, renamed, corrected and deleted; a deleted profile asks again; other organizations see none', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'layout-profiles');
    const account = await accountOf(full);
    const id = (await upload(h.svc, full, headerlessCsv(3), 'a.csv', { account_id: account }).expect(201)).body.data.id;
    await waitForStatement(h.svc, full, id);
    await api(full).post(`/statements/${id}/layout`, CASES[0]!.mapping).expect(202);
    const profileId = (await waitForStatement(h.svc, full, id)).parsed_data.profile;

    const list = (await api(full).get('/reading-profiles?file_type=csv&fields=id,name').expect(200)).body;
    expect(list).toMatchObject({ data: [{ id: profileId, name: 'Layout of a.csv' }], page_context: { total: 1 } });
    const renamed = (await api(full).patch(`/reading-profiles/${profileId}`, { name: 'Esimerkkipankki' }).expect(200)).body.data;
    expect(renamed).toMatchObject({ name: 'Esimerkkipankki', bank_profile: { id: 'esimerkkipankki', bank: 'Esimerkkipankki' } });
    const badPatch = await api(full).patch(`/reading-profiles/${profileId}`, {
      mapping: { ...CASES[0]!.mapping, header_row: undefined, columns: { date: 9, narration: 1, amount: 4 } },
    });
    expect([badPatch.status, badPatch.body.error.details[0].path]).toEqual([400, 'mapping.columns.date']);

    const other = await makeOrg(h.svc.deps.platformDb, 'layout-profiles-other');
    await api(other.full).get(`/reading-profiles/${profileId}`).expect(404);
    expect((await api(other.full).get('/reading-profiles').expect(200)).body.page_context.total).toBe(0);

    await request(h.svc.baseUrl).delete(`/api/v1/reading-profiles/${profileId}`).set(full.headers).expect(204);
    await api(full).get(`/reading-profiles/${profileId}`).expect(404);
    const again = (await upload(h.svc, full, headerlessCsv(4), 'b.csv', { account_id: account }).expect(201)).body.data.id;
    expect(await waitForStatement(h.svc, full, again)).toMatchObject({ status: 'stalled', error: { code: 'LAYOUT_NOT_RECOGNISED' } });
  });
});

describe('review=true', () => {
  test('stalls with REVIEW_REQUESTED before storing rows, with the rows, chain verdict and totals; accept stores them', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'layout-review');
    const hdfc = CORPUS.find((f) => f.expected.fileType === 'csv' && f.expected.accNo !== null && f.expected.integrityOk !== false && !f.password)!;
    const bad = await upload(h.svc, full, await hdfc.build(), hdfc.fileName).field('review', 'maybe');
    expect([bad.status, bad.body.error.details[0].path]).toEqual([400, 'review']);
    const id = (
      await upload(h.svc, full, await hdfc.build(), hdfc.fileName)
        .field('review', 'true')
        .expect(201)
    ).body.data.id;
    const stalled = await waitForStatement(h.svc, full, id);
    expect(stalled).toMatchObject({ status: 'stalled', step: 'parse', transaction_count: 0, error: { code: 'REVIEW_REQUESTED' } });
    const review = stalled.parsed_data.review;
    expect(review.row_count).toBe(stalled.parsed_data.row_count);
    expect(review.rows).toHaveLength(review.row_count);
    expect(review.balance_chain).toBe(stalled.parsed_data.integrity.balance_chain);
    expect(review.total_inflow).toBe(review.rows.reduce((n: number, r: { inflow: number }) => n + r.inflow, 0));
    expect(stalled.parsed_data.preview.lines.length).toBeGreaterThan(0);
    expect((await statementRow(h.svc, id)).staged).toBe(review.row_count);

    await api(full).post(`/statements/${id}/accept`, {}).expect(202);
    const done = await waitForStatement(h.svc, full, id, (s) => s.status !== 'queued' && s.status !== 'processing' && s.step !== 'parse');
    expect(done.parsed_data.review.accepted_at).toEqual(expect.any(String));
    expect((await rowsOf(full, id)).length).toBe(review.row_count);
  });
});
