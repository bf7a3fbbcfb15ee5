import request from 'supertest';
import { makeOrg, type TestKey } from '@finance/platform/testing';
import { hdfcCsv, type FixtureRow } from '@finance/statement-readers/testing';
import type { StepJob } from '../src/domain/pipeline/jobs';
import { createAccount, expectValidation, insertRows, rowsDigest } from './helpers';
import { startPipeline, upload, waitForStatement, type PipelineHarness } from './pipeline-helpers';

/**
 * Manual edits are kept (issue 30): a row a person edited is marked manual, rule runs and categorisation on
 * import leave it alone unless a run says override_manual, preview marks it protected, and a rule created
 * without a priority comes after the organization's others. Over HTTP, with the real worker for the import.
 */
let h: PipelineHarness;
/** Called before each step the worker runs (the import test edits a row between storing and categorising). */
let beforeStep: (job: StepJob) => Promise<void> = async () => undefined;

beforeAll(async () => {
  h = await startPipeline('manual-edits', { worker: false });
  await h.startWorker({ beforeStep: (job) => beforeStep(job) });
});
afterAll(async () => {
  await h.close();
});

const api = () => request(h.svc.baseUrl);

async function newOrg(prefix: string) {
  const made = await makeOrg(h.svc.deps.platformDb, prefix);
  const account = (await createAccount(h.svc, made.full, { name: 'HDFC', category: 'bank' })).id;
  return { key: made.full, orgId: made.org.id, account };
}

async function createRule(key: TestKey, body: object): Promise<{ id: string; priority: number }> {
  const res = await api().post('/api/v1/rules').set(key.headers).send(body);
  if (res.status !== 201) throw new Error(`rule create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const swiggyRule = {
  name: 'Swiggy is dining',
  conditions: [{ field: 'particulars', operator: 'contains', value: 'swiggy' }],
  actions: [{ field: 'category', value: 'Dining' }],
};

interface Row {
  id: string;
  category: string | null;
  type: string;
  comments: string | null;
  category_source: string | null;
  category_rule_id: string | null;
}

const getRow = async (key: TestKey, id: string): Promise<Row> => (await api().get(`/api/v1/transactions/${id}`).set(key.headers).expect(200)).body.data;
const patch = (key: TestKey, id: string, body: object) => api().patch(`/api/v1/transactions/${id}`).set(key.headers).send(body).expect(200);
const run = (key: TestKey, ruleId: string, body?: object) => {
  const req = api().post(`/api/v1/rules/${ruleId}/run`).set(key.headers);
  return body === undefined ? req : req.send(body);
};

describe('rule runs and hand-set rows', () => {
  test('a PATCH marks the row manual; a run leaves it alone and counts it protected; override_manual changes it and marks it the rule’s', async () => {
    const { key, orgId, account } = await newOrg('manual-run');
    const [byHand, plain, noted] = await insertRows(h.svc, orgId, [
      { account_id: account, date: '2026-01-01', particulars: 'UPI/1/SWIGGY', outflow: 100_000 },
      { account_id: account, date: '2026-01-02', particulars: 'UPI/2/SWIGGY', outflow: 200_000 },
      { account_id: account, date: '2026-01-03', particulars: 'UPI/3/SWIGGY', outflow: 300_000 },
    ]);
    expect(await getRow(key, byHand as string)).toMatchObject({ category: null, category_source: null, category_rule_id: null });
    // Set by hand: the category only (the type stays unknown, so a run without force_all still matches it).
    const edited = await patch(key, byHand as string, { category: 'Team lunch' });
    expect(edited.body.data).toMatchObject({ category: 'Team lunch', type: 'unknown', category_source: 'manual', category_rule_id: null });
    // Any field a rule could set counts as a hand edit: a comment alone protects the row too.
    expect((await patch(key, noted as string, { comments: 'ask Priya' })).body.data).toMatchObject({ category: null, category_source: 'manual' });

    const rule = await createRule(key, swiggyRule);
    const preview = await api().get(`/api/v1/rules/${rule.id}/preview`).set(key.headers).expect(200);
    expect(preview.body.page_context.total).toBe(3);
    expect(Object.fromEntries(preview.body.data.map((r: Row & { protected: boolean }) => [r.id, [r.protected, r.category_source]]))).toEqual({
      [byHand as string]: [true, 'manual'],
      [plain as string]: [false, null],
      [noted as string]: [true, 'manual'],
    });
    // The hand-set rows alone, or the others, with their own totals (what the console's Run confirmation says).
    const only = async (query: string) =>
      (await api().get(`/api/v1/rules/${rule.id}/preview?${query}`).set(key.headers).expect(200)).body.data.map((r: Row) => r.id).sort();
    expect(await only('protected=true')).toEqual([byHand, noted].sort());
    expect(await only('protected=false')).toEqual([plain]);
    expectValidation(await api().get(`/api/v1/rules/${rule.id}/preview?protected=maybe`).set(key.headers), 'protected');

    const first = await run(key, rule.id).expect(200);
    expect(first.body.data).toEqual({ matched_count: 3, updated_count: 1, protected_count: 2, rule_id: rule.id });
    expect(await getRow(key, byHand as string)).toMatchObject({ category: 'Team lunch', category_source: 'manual', category_rule_id: null });
    expect(await getRow(key, noted as string)).toMatchObject({ category: null, comments: 'ask Priya', category_source: 'manual' });
    expect(await getRow(key, plain as string)).toMatchObject({ category: 'Dining', category_source: 'rule', category_rule_id: rule.id });

    const forced = await run(key, rule.id, { override_manual: true }).expect(200);
    expect(forced.body.data).toEqual({ matched_count: 3, updated_count: 2, protected_count: 0, rule_id: rule.id });
    expect(await getRow(key, byHand as string)).toMatchObject({ category: 'Dining', category_source: 'rule', category_rule_id: rule.id });
    expect(await getRow(key, noted as string)).toMatchObject({ category: 'Dining', comments: 'ask Priya', category_source: 'rule', category_rule_id: rule.id });
    const after = await api().get(`/api/v1/rules/${rule.id}/preview`).set(key.headers).expect(200);
    expect(after.body.data.map((r: { protected: boolean }) => r.protected)).toEqual([false, false, false]);
  });

  test('force_all widens the type filter but does not override hand-set rows', async () => {
    const { key, orgId, account } = await newOrg('manual-force');
    const [row] = await insertRows(h.svc, orgId, [{ account_id: account, date: '2026-01-01', particulars: 'UPI/1/SWIGGY', outflow: 100_000 }]);
    await patch(key, row as string, { category: 'Gift', type: 'expense' });
    const rule = await createRule(key, swiggyRule);
    expect((await run(key, rule.id, { force_all: true }).expect(200)).body.data).toEqual({
      matched_count: 1,
      updated_count: 0,
      protected_count: 1,
      rule_id: rule.id,
    });
    expect(await getRow(key, row as string)).toMatchObject({ category: 'Gift', type: 'expense', category_source: 'manual' });
    expect((await run(key, rule.id, { force_all: true, override_manual: true }).expect(200)).body.data).toMatchObject({ updated_count: 1, protected_count: 0 });
    expect(await getRow(key, row as string)).toMatchObject({ category: 'Dining', type: 'expense', category_source: 'rule', category_rule_id: rule.id });
  });

  test('override_manual must be a boolean: 400 naming it, nothing changed; false is the default', async () => {
    const { key, orgId, account } = await newOrg('manual-bad');
    const [row] = await insertRows(h.svc, orgId, [{ account_id: account, date: '2026-01-01', particulars: 'UPI/1/SWIGGY', outflow: 100_000 }]);
    await patch(key, row as string, { category: 'Mine' });
    const rule = await createRule(key, swiggyRule);
    const before = await rowsDigest(h.svc, orgId);
    for (const value of ['true', 1, null, {}]) expectValidation(await run(key, rule.id, { override_manual: value }), 'override_manual');
    expect(await rowsDigest(h.svc, orgId)).toBe(before);
    expect((await run(key, rule.id, { override_manual: false }).expect(200)).body.data).toMatchObject({ updated_count: 0, protected_count: 1 });
    expect(await rowsDigest(h.svc, orgId)).toBe(before);
  });
});

describe('categorisation on import', () => {
  const ROWS: FixtureRow[] = [
    { date: '01/04/24', particulars: 'UPI/401/SWIGGY/food', withdrawal: '250.00', deposit: '', balance: '9,750.00' },
    { date: '02/04/24', particulars: 'UPI/402/SWIGGY/food', withdrawal: '300.00', deposit: '', balance: '9,450.00' },
  ];

  test('never changes a row a person edited after the rows were stored and before the rules ran; marks the others the rule’s', async () => {
    const made = await makeOrg(h.svc.deps.platformDb, 'manual-import');
    const key = made.full;
    const rule = await createRule(key, { ...swiggyRule, actions: [...swiggyRule.actions, { field: 'type', value: 'expense' }] });
    // The statement's rows are stored (and listed, and editable) when the account is detected; the rules run in
    // the next step. A person who edits a row in between has the last word.
    let editedId: string | undefined;
    beforeStep = async (job) => {
      if (job.orgId !== made.org.id || job.step !== 'categorize') return;
      const rows = (await api().get(`/api/v1/transactions?statement_id=${job.statementId}&sort_order=ASC`).set(key.headers).expect(200)).body.data;
      editedId = rows[0].id;
      await patch(key, editedId as string, { category: 'Team lunch' });
    };
    try {
      const res = await upload(h.svc, key, hdfcCsv(ROWS, { accNo: '50100077770001' }), 'april.csv').expect(201);
      expect((await waitForStatement(h.svc, key, res.body.data.id)).status).toBe('completed');
      const rows: Row[] = (await api().get(`/api/v1/transactions?statement_id=${res.body.data.id}&sort_order=ASC`).set(key.headers).expect(200)).body.data;
      expect(rows.map((r) => r.id)).toContain(editedId);
      expect(rows.map((r) => [r.id === editedId, r.category, r.type, r.category_source, r.category_rule_id])).toEqual([
        [true, 'Team lunch', 'unknown', 'manual', null],
        [false, 'Dining', 'expense', 'rule', rule.id],
      ]);
    } finally {
      beforeStep = async () => undefined;
    }
  });
});

describe('priorities of new rules', () => {
  test('a rule created without a priority comes after the others (0 for the first); an explicit priority is kept', async () => {
    const { key } = await newOrg('manual-prio');
    expect((await createRule(key, swiggyRule)).priority).toBe(0);
    expect((await createRule(key, swiggyRule)).priority).toBe(1);
    expect((await createRule(key, { ...swiggyRule, priority: 50 })).priority).toBe(50);
    expect((await createRule(key, { ...swiggyRule, priority: -5 })).priority).toBe(-5);
    expect((await createRule(key, swiggyRule)).priority).toBe(51);
    expect((await createRule(key, { ...swiggyRule, priority: 1_000_000 })).priority).toBe(1_000_000);
    // At the bound the next stays there; its later created_at still orders it last.
    const last = await createRule(key, swiggyRule);
    expect(last.priority).toBe(1_000_000);
    const listed = (await api().get('/api/v1/rules').set(key.headers).expect(200)).body.data;
    expect(listed.at(-1).id).toBe(last.id);
  });

  test('rules created at the same time get distinct, consecutive priorities', async () => {
    const { key } = await newOrg('manual-prio-race');
    await createRule(key, { ...swiggyRule, priority: 7 });
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => createRule(key, { ...swiggyRule, name: `rule ${i}` })));
    expect(made.map((r) => r.priority).sort((a, b) => a - b)).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
  });
});
