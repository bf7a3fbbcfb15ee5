// Widget positions on a dashboard (issue 23): placed after the last on create and on a move, renumbered as a
// whole by POST /dashboards/<id>/widgets/order, listed with sort_by=position; refusals change nothing.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { makeKey, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildSnapshotApp } from '../src/app';

let svc: TestService;
let full: TestKey;
let readOnly: TestKey;
let other: TestKey;
const api = () => request(svc.baseUrl);

interface Placed {
  id: string;
  name: string;
  position: number | null;
  updated_at: string;
}

beforeAll(async () => {
  svc = await startTestService('snapshot', buildSnapshotApp);
  const made = await makeOrg(svc.deps.platformDb, 'order');
  full = made.full;
  readOnly = await makeKey(svc.deps.platformDb, made.org, 'read_only');
  ({ full: other } = await makeOrg(svc.deps.platformDb, 'order-other'));
});
afterAll(() => svc.close());

async function dashboard(name = 'Board'): Promise<string> {
  return (await api().post('/api/v1/dashboards').set(full.headers).send({ name }).expect(201)).body.data.id;
}

async function widget(name: string, dashboardId: string | null): Promise<Placed> {
  return (await api().post('/api/v1/widgets').set(full.headers).send({ name, dashboard_id: dashboardId }).expect(201)).body.data;
}

/** The dashboard's widgets as the list sorts them by position, first first. */
async function ordered(dashboardId: string): Promise<Placed[]> {
  return (await api().get(`/api/v1/widgets?dashboard_id=${dashboardId}&sort_by=position&sort_order=ASC`).set(full.headers).expect(200)).body.data;
}
const names = (ws: Placed[]) => ws.map((w) => w.name);
const positions = (ws: Placed[]) => ws.map((w) => w.position);

const reorder = (dashboardId: string, widgets: unknown, key: TestKey = full) =>
  api().post(`/api/v1/dashboards/${dashboardId}/widgets/order`).set(key.headers).send({ widgets });

test('a widget created on a dashboard goes after the last; one on no dashboard has no position', async () => {
  const d = await dashboard();
  const [a, b, c] = [await widget('A', d), await widget('B', d), await widget('C', d)];
  expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);
  expect((await widget('Loose', null)).position).toBeNull();
  expect(names(await ordered(d))).toEqual(['A', 'B', 'C']);
  // DESC is the list's default order: last first.
  const desc = (await api().get(`/api/v1/widgets?dashboard_id=${d}&sort_by=position`).set(full.headers).expect(200)).body.data;
  expect(names(desc)).toEqual(['C', 'B', 'A']);
  // The default list order is unchanged: created_at, newest first.
  expect(names((await api().get(`/api/v1/widgets?dashboard_id=${d}`).set(full.headers).expect(200)).body.data)).toEqual(['C', 'B', 'A']);
  const one = (await api().get(`/api/v1/widgets/${b.id}?`).set(full.headers).expect(200)).body.data;
  expect(one.position).toBe(2);
});

test('reorder: every widget renumbered 1..n in the order sent; only the moved ones are touched; the list and reload agree', async () => {
  const d = await dashboard();
  const [a, b, c] = [await widget('A', d), await widget('B', d), await widget('C', d)];
  const res = await reorder(d, [c.id, a.id, b.id]).expect(200);
  expect(res.body.data.map((w: Placed) => [w.name, w.position])).toEqual([
    ['C', 1],
    ['A', 2],
    ['B', 3],
  ]);
  const after = await ordered(d);
  expect(names(after)).toEqual(['C', 'A', 'B']);
  expect(positions(after)).toEqual([1, 2, 3]);
  // Swap the last two: the first keeps its place and its updated_at.
  const before = after.find((w) => w.name === 'C')!.updated_at;
  await reorder(d, [c.id, b.id, a.id]).expect(200);
  const swapped = await ordered(d);
  expect(names(swapped)).toEqual(['C', 'B', 'A']);
  expect(swapped[0]!.updated_at).toBe(before);
  // A new widget goes after the last; a gap left by a deleted one keeps the order.
  await api().delete(`/api/v1/widgets/${b.id}`).set(full.headers).expect(204);
  const e = await widget('E', d);
  expect(e.position).toBe(4);
  expect(names(await ordered(d))).toEqual(['C', 'A', 'E']);
  // An empty dashboard takes an empty order.
  expect((await reorder(await dashboard('Empty'), []).expect(200)).body.data).toEqual([]);
});

test('refusals name the field and change nothing', async () => {
  const d = await dashboard();
  const [a, b] = [await widget('A', d), await widget('B', d)];
  const elsewhere = await widget('Elsewhere', await dashboard('Other board'));
  const loose = await widget('Loose', null);
  const foreignDash = (await api().post('/api/v1/dashboards').set(other.headers).send({ name: 'Theirs' }).expect(201)).body.data.id;
  const foreign = (await api().post('/api/v1/widgets').set(other.headers).send({ name: 'Theirs', dashboard_id: foreignDash }).expect(201)).body.data;
  const start = await ordered(d);

  const cases: [unknown, RegExp][] = [
    [[b.id], /^widgets: name every widget of the dashboard; missing: /],
    [[b.id, a.id, elsewhere.id], /^widgets: not on this dashboard: /],
    [[b.id, a.id, loose.id], /^widgets: not on this dashboard: /],
    [[b.id, a.id, foreign.id], /^widgets: not on this dashboard: /],
    [[b.id, a.id, a.id], /^widgets: widget .* is named more than once/],
    [[b.id, 'nope'], /^widgets\[1\]: must be a widget id/],
    ['all', /^widgets: must be an array of widget ids/],
  ];
  for (const [widgets, message] of cases) {
    const res = await reorder(d, widgets).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(message);
    expect(res.body.error.details[0].path).toMatch(/^widgets/);
  }
  expect((await api().post(`/api/v1/dashboards/${d}/widgets/order`).set(full.headers).send({}).expect(400)).body.error.message).toMatch(/^widgets:/);
  expect(
    (
      await api()
        .post(`/api/v1/dashboards/${d}/widgets/order`)
        .set(full.headers)
        .send({ widgets: [a.id, b.id], extra: 1 })
        .expect(400)
    ).body.error.message,
  ).toBe('extra: unknown field');
  // Another organization's dashboard is not found; a read_only key may not reorder.
  await reorder(foreignDash, [foreign.id]).expect(404);
  await reorder(d, [b.id, a.id], readOnly).expect(403);
  expect(await ordered(d)).toEqual(start);
  expect((await api().get(`/api/v1/widgets/${foreign.id}`).set(other.headers).expect(200)).body.data.position).toBe(1);
});

test('sort_by takes position beside the old columns; others are refused', async () => {
  const res = await api().get('/api/v1/widgets?sort_by=size').set(full.headers).expect(400);
  expect(res.body.error.message).toBe('sort_by: must be one of created_at, updated_at, name, position');
});

test('moving a widget between dashboards places it after the last there; unassigning and deleting the dashboard clear it', async () => {
  const [d1, d2] = [await dashboard('One'), await dashboard('Two')];
  const [a, b] = [await widget('A', d1), await widget('B', d1)];
  await widget('X', d2);
  const moved = (await api().patch(`/api/v1/widgets/${a.id}`).set(full.headers).send({ dashboard_id: d2 }).expect(200)).body.data;
  expect(moved).toMatchObject({ dashboard_id: d2, position: 2 });
  // Sent to the dashboard it is on: it keeps its place.
  expect((await api().patch(`/api/v1/widgets/${a.id}`).set(full.headers).send({ dashboard_id: d2, name: 'A2' }).expect(200)).body.data.position).toBe(2);
  expect(names(await ordered(d2))).toEqual(['X', 'A2']);
  expect((await api().patch(`/api/v1/widgets/${a.id}`).set(full.headers).send({ dashboard_id: null }).expect(200)).body.data.position).toBeNull();
  await api().delete(`/api/v1/dashboards/${d1}`).set(full.headers).expect(204);
  expect((await api().get(`/api/v1/widgets/${b.id}`).set(full.headers).expect(200)).body.data).toMatchObject({ dashboard_id: null, position: null });
  // A move to a dashboard that does not exist is a 404 naming the field, and the widget stays where it was.
  const c = await widget('C', d2);
  const res = await api().patch(`/api/v1/widgets/${c.id}`).set(full.headers).send({ dashboard_id: '00000000-0000-7000-8000-000000000000' }).expect(404);
  expect(res.body.error.message).toMatch(/^dashboard_id:/);
  expect((await api().get(`/api/v1/widgets/${c.id}`).set(full.headers).expect(200)).body.data).toMatchObject({ dashboard_id: d2, position: 2 });
});

test('concurrent creates never share a place, and concurrent reorders leave one of the orders sent, whole', async () => {
  const d = await dashboard('Busy');
  const made = await Promise.all(Array.from({ length: 8 }, (_, i) => widget(`W${i}`, d)));
  expect(made.map((w) => w.position).sort((x, y) => x! - y!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

  const ids = (await ordered(d)).map((w) => w.id);
  const orders = Array.from({ length: 6 }, (_, k) => [...ids.slice(k), ...ids.slice(0, k)].reverse());
  const results = await Promise.all(orders.map((o) => reorder(d, o)));
  expect(results.map((r) => r.status)).toEqual(orders.map(() => 200));
  const after = await ordered(d);
  expect(positions(after)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(orders).toContainEqual(after.map((w) => w.id));

  // A reorder racing a widget added meanwhile: either it names every widget and wins whole, or it is refused.
  const [late, racing] = await Promise.all([widget('Late', d), reorder(d, ids)]);
  const final = await ordered(d);
  if (racing.status === 200) expect(final.map((w) => w.id)).toEqual([...ids, late.id]);
  else {
    expect(racing.status).toBe(400);
    expect(final.map((w) => w.id)).toEqual([...after.map((w) => w.id), late.id]);
  }
  expect(positions(final)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

test('the migration numbers the widgets already on a dashboard in the order they were created, per dashboard', async () => {
  const sqlText = readFileSync(join(__dirname, '..', 'prisma', 'migrations', '20261127000000_widget_positions', 'migration.sql'), 'utf8');
  const client = await svc.deps.pool.connect();
  try {
    // The table as it was before the migration, in a transaction that is rolled back.
    await client.query('BEGIN');
    await client.query(`ALTER TABLE snapshot.widgets DROP CONSTRAINT widgets_position_check, DROP COLUMN position`);
    await client.query(`CREATE INDEX widgets_dashboard_id_idx ON snapshot.widgets (dashboard_id)`);
    const org = randomUUID();
    const [d1, d2] = [randomUUID(), randomUUID()];
    await client.query(`INSERT INTO snapshot.dashboards (id, org_id, name) VALUES ($1, $3, 'One'), ($2, $3, 'Two')`, [d1, d2, org]);
    const rows: [string, string | null, string][] = [
      ['d1-second', d1, '2026-01-02T00:00:00Z'],
      ['d2-first', d2, '2026-01-01T00:00:00Z'],
      ['d1-first', d1, '2026-01-01T00:00:00Z'],
      ['loose', null, '2026-01-01T00:00:00Z'],
      ['d1-third', d1, '2026-01-03T00:00:00Z'],
    ];
    for (const [name, dashboardId, createdAt] of rows) {
      await client.query(`INSERT INTO snapshot.widgets (id, org_id, dashboard_id, name, created_at) VALUES ($1, $2, $3, $4, $5)`, [
        randomUUID(),
        org,
        dashboardId,
        name,
        createdAt,
      ]);
    }
    await client.query(sqlText);
    const got = await client.query(`SELECT name, position FROM snapshot.widgets WHERE org_id = $1 ORDER BY name`, [org]);
    expect(got.rows).toEqual([
      { name: 'd1-first', position: 1 },
      { name: 'd1-second', position: 2 },
      { name: 'd1-third', position: 3 },
      { name: 'd2-first', position: 1 },
      { name: 'loose', position: null },
    ]);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
});
