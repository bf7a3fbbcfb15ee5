import request from 'supertest';
import { makeKey, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildSnapshotApp } from '../src/app';

let svc: TestService;
let full: TestKey;
let readOnly: TestKey;
let other: TestKey;
let orgId: string;
const api = () => request(svc.baseUrl);
const count = async (table: string) => Number((await svc.deps.pool.query(`SELECT count(*) FROM snapshot.${table} WHERE org_id = $1`, [orgId])).rows[0].count);

beforeAll(async () => {
  svc = await startTestService('snapshot', buildSnapshotApp);
  const made = await makeOrg(svc.deps.platformDb, 'wid');
  full = made.full;
  orgId = made.org.id;
  readOnly = await makeKey(svc.deps.platformDb, made.org, 'read_only');
  ({ full: other } = await makeOrg(svc.deps.platformDb, 'wid-other'));
});
afterAll(() => svc.close());

describe('widgets', () => {
  test('create with defaults, then with everything', async () => {
    const plain = await api().post('/api/v1/widgets').set(full.headers).send({ name: '  Cash  ' }).expect(201);
    expect(plain.body.data).toEqual({
      id: expect.any(String),
      name: 'Cash',
      type: 'number',
      description: null,
      dashboard_id: null,
      position: null,
      tags: [],
      latest_snapshot: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const dash = await api().post('/api/v1/dashboards').set(full.headers).send({ name: 'Board' }).expect(201);
    const rich = await api()
      .post('/api/v1/widgets')
      .set(full.headers)
      .send({ name: 'Burn', type: 'chart', description: 'monthly', dashboard_id: dash.body.data.id, tags: ['ops', 'kpi', 'ops'] })
      .expect(201);
    expect(rich.body.data).toMatchObject({ name: 'Burn', type: 'chart', description: 'monthly', dashboard_id: dash.body.data.id, tags: ['kpi', 'ops'] });
  });

  test.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'ok', type: '' }, 'type'],
    [{ name: 'ok', tags: 'kpi' }, 'tags'],
    [{ name: 'ok', tags: [''] }, 'tags[0]'],
    [{ name: 'ok', dashboard_id: 'abc' }, 'dashboard_id'],
    [{ name: 'ok', description: 5 }, 'description'],
    [{ name: 'ok', owner: 'me' }, 'owner'],
  ])('create %j: 400 naming %s, nothing written', async (body, field) => {
    const [widgets, tags] = [await count('widgets'), await count('tags')];
    const res = await api().post('/api/v1/widgets').set(full.headers).send(body).expect(400);
    expect(res.body.error.message.startsWith(`${field}:`)).toBe(true);
    expect([await count('widgets'), await count('tags')]).toEqual([widgets, tags]);
  });

  test("another organization's dashboard is not found, and nothing is written", async () => {
    const theirs = await api().post('/api/v1/dashboards').set(other.headers).send({ name: 'Theirs' }).expect(201);
    const before = await count('widgets');
    const res = await api()
      .post('/api/v1/widgets')
      .set(full.headers)
      .send({ name: 'x', dashboard_id: theirs.body.data.id, tags: ['new-tag'] })
      .expect(404);
    expect(res.body.error.message).toMatch(/^dashboard_id:/);
    expect(await count('widgets')).toBe(before);
    expect((await svc.deps.pool.query(`SELECT 1 FROM snapshot.tags WHERE org_id = $1 AND name = 'new-tag'`, [orgId])).rowCount).toBe(0);
  });

  test('edit: only what is sent changes; tags replace; dashboard_id null unassigns', async () => {
    const dash = await api().post('/api/v1/dashboards').set(full.headers).send({ name: 'D' }).expect(201);
    const w = await api()
      .post('/api/v1/widgets')
      .set(full.headers)
      .send({ name: 'E', tags: ['a', 'b'], dashboard_id: dash.body.data.id })
      .expect(201);
    const id = w.body.data.id;
    const renamed = await api()
      .patch(`/api/v1/widgets/${id}`)
      .set(full.headers)
      .send({ name: 'E2', tags: ['c'] })
      .expect(200);
    expect(renamed.body.data).toMatchObject({ name: 'E2', type: 'number', tags: ['c'], dashboard_id: dash.body.data.id });
    expect(renamed.body.data.updated_at >= w.body.data.updated_at).toBe(true);
    const unassigned = await api().patch(`/api/v1/widgets/${id}`).set(full.headers).send({ dashboard_id: null, description: null }).expect(200);
    expect(unassigned.body.data).toMatchObject({ dashboard_id: null, description: null, name: 'E2' });
    await api().patch(`/api/v1/widgets/${id}`).set(full.headers).send({}).expect(400);
    await api().patch(`/api/v1/widgets/${id}`).set(full.headers).send({ name: 5 }).expect(400);
    await api().patch(`/api/v1/widgets/${id}`).set(other.headers).send({ name: 'stolen' }).expect(404);
    expect((await api().get(`/api/v1/widgets/${id}`).set(full.headers).expect(200)).body.data.name).toBe('E2');
  });

  test('delete: 204, its snapshots go with it, then 404', async () => {
    const w = await api().post('/api/v1/widgets').set(full.headers).send({ name: 'Doomed' }).expect(201);
    const id = w.body.data.id;
    await api()
      .post(`/api/v1/widgets/${id}/snapshots/batch`)
      .set(full.headers)
      .send({ data: [{ value: 1 }, { value: 2 }] })
      .expect(201);
    await api().delete(`/api/v1/widgets/${id}`).set(other.headers).expect(404);
    const res = await api().delete(`/api/v1/widgets/${id}`).set(full.headers).expect(204);
    expect(res.text).toBe('');
    expect((await svc.deps.pool.query('SELECT count(*)::int AS n FROM snapshot.snapshots WHERE widget_id = $1', [id])).rows[0].n).toBe(0);
    await api().get(`/api/v1/widgets/${id}`).set(full.headers).expect(404);
    await api().delete(`/api/v1/widgets/${id}`).set(full.headers).expect(404);
  });

  test('list: filters, sorting, fields, paging; only the caller organization', async () => {
    const { full: key } = await makeOrg(svc.deps.platformDb, 'wid-list');
    const dash = await api().post('/api/v1/dashboards').set(key.headers).send({ name: 'L' }).expect(201);
    for (const [name, type, tags, onDash] of [
      ['b-gauge', 'gauge', ['x'], true],
      ['a-number', 'number', ['x', 'y'], false],
      ['c-number', 'number', [], true],
    ] as const) {
      await api()
        .post('/api/v1/widgets')
        .set(key.headers)
        .send({ name, type, tags, dashboard_id: onDash ? dash.body.data.id : null })
        .expect(201);
    }
    const names = async (qs: string) => (await api().get(`/api/v1/widgets?${qs}`).set(key.headers).expect(200)).body.data.map((w: { name: string }) => w.name);
    expect(await names('')).toEqual(['c-number', 'a-number', 'b-gauge']); // newest first
    expect(await names('sort_by=name&sort_order=ASC')).toEqual(['a-number', 'b-gauge', 'c-number']);
    expect(await names('type=number&sort_by=name&sort_order=asc')).toEqual(['a-number', 'c-number']);
    expect(await names(`dashboard_id=${dash.body.data.id}&sort_by=name&sort_order=ASC`)).toEqual(['b-gauge', 'c-number']);
    expect(await names('tag=y')).toEqual(['a-number']);
    expect(await names('tag=nope')).toEqual([]);
    const page = await api().get('/api/v1/widgets?limit=2&page=2&fields=name,tags').set(key.headers).expect(200);
    expect(page.body).toEqual({ data: [{ name: 'b-gauge', tags: ['x'] }], page_context: { count: 1, page: 2, per_page: 2, total: 3, has_more: false } });
    await api().get('/api/v1/widgets?dashboard_id=nope').set(key.headers).expect(400);
    await api().get('/api/v1/widgets?sort_by=type').set(key.headers).expect(400);
  });

  test('a read_only key reads widgets but cannot change them', async () => {
    await api().get('/api/v1/widgets').set(readOnly.headers).expect(200);
    const before = await count('widgets');
    await api().post('/api/v1/widgets').set(readOnly.headers).send({ name: 'nope' }).expect(403);
    const w = (await api().get('/api/v1/widgets?limit=1').set(readOnly.headers)).body.data[0];
    await api().patch(`/api/v1/widgets/${w.id}`).set(readOnly.headers).send({ name: 'nope' }).expect(403);
    await api().delete(`/api/v1/widgets/${w.id}`).set(readOnly.headers).expect(403);
    await api()
      .post(`/api/v1/widgets/${w.id}/snapshots`)
      .set(readOnly.headers)
      .send({ data: { value: 1 } })
      .expect(403);
    expect(await count('widgets')).toBe(before);
  });
});

describe('dashboards', () => {
  test('create, get with widgets, edit, list, delete (widgets stay, unassigned)', async () => {
    const d = await api().post('/api/v1/dashboards').set(full.headers).send({ name: 'Finance', description: 'KPIs' }).expect(201);
    expect(d.body.data).toEqual({
      id: expect.any(String),
      name: 'Finance',
      description: 'KPIs',
      widget_count: 0,
      widgets: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = d.body.data.id;
    const w = await api().post('/api/v1/widgets').set(full.headers).send({ name: 'On board', dashboard_id: id }).expect(201);
    await api()
      .post(`/api/v1/widgets/${w.body.data.id}/snapshots`)
      .set(full.headers)
      .send({ data: { value: 7 } })
      .expect(201);
    const got = await api().get(`/api/v1/dashboards/${id}`).set(readOnly.headers).expect(200);
    expect(got.body.data.widget_count).toBe(1);
    expect(got.body.data.widgets[0]).toMatchObject({ id: w.body.data.id, latest_snapshot: { data: { value: 7 } } });
    const edited = await api().patch(`/api/v1/dashboards/${id}`).set(full.headers).send({ name: 'Finance v2' }).expect(200);
    expect(edited.body.data).toMatchObject({ name: 'Finance v2', description: 'KPIs' });
    const list = await api().get('/api/v1/dashboards?sort_by=name&sort_order=ASC&fields=name,widget_count').set(full.headers).expect(200);
    expect(list.body.data).toContainEqual({ name: 'Finance v2', widget_count: 1 });
    await api().get(`/api/v1/dashboards/${id}`).set(other.headers).expect(404);
    await api().delete(`/api/v1/dashboards/${id}`).set(readOnly.headers).expect(403);
    await api().delete(`/api/v1/dashboards/${id}`).set(full.headers).expect(204);
    await api().get(`/api/v1/dashboards/${id}`).set(full.headers).expect(404);
    expect((await api().get(`/api/v1/widgets/${w.body.data.id}`).set(full.headers).expect(200)).body.data.dashboard_id).toBeNull();
  });

  test('bad input is named and writes nothing', async () => {
    const before = await count('dashboards');
    expect((await api().post('/api/v1/dashboards').set(full.headers).send({ name: '' }).expect(400)).body.error.message).toMatch(/^name:/);
    expect((await api().post('/api/v1/dashboards').set(full.headers).send({ title: 'x', name: 'y' }).expect(400)).body.error.message).toBe(
      'title: unknown field',
    );
    expect(await count('dashboards')).toBe(before);
  });
});

describe('tags', () => {
  test('create, duplicate 409, list with counts, rename, delete removes from widgets', async () => {
    const { org, full: key } = await makeOrg(svc.deps.platformDb, 'tags');
    const t = await api().post('/api/v1/tags').set(key.headers).send({ name: 'revenue' }).expect(201);
    expect(t.body.data).toEqual({ id: expect.any(String), name: 'revenue', widget_count: 0, created_at: expect.any(String) });
    const dup = await api().post('/api/v1/tags').set(key.headers).send({ name: 'revenue' }).expect(409);
    expect(dup.body.error.code).toBe('TAG_EXISTS');
    await api()
      .post('/api/v1/widgets')
      .set(key.headers)
      .send({ name: 'w', tags: ['revenue', 'cost'] })
      .expect(201);
    const list = await api().get('/api/v1/tags?sort_by=name&sort_order=ASC').set(key.headers).expect(200);
    expect(list.body.data.map((x: { name: string; widget_count: number }) => [x.name, x.widget_count])).toEqual([
      ['cost', 1],
      ['revenue', 1],
    ]);
    const cost = list.body.data[0].id;
    expect((await api().patch(`/api/v1/tags/${t.body.data.id}`).set(key.headers).send({ name: 'cost' }).expect(409)).body.error.code).toBe('TAG_EXISTS');
    expect((await api().patch(`/api/v1/tags/${t.body.data.id}`).set(key.headers).send({ name: 'income' }).expect(200)).body.data.name).toBe('income');
    await api().delete(`/api/v1/tags/${cost}`).set(key.headers).expect(204);
    const w = (await api().get('/api/v1/widgets').set(key.headers).expect(200)).body.data[0];
    expect(w.tags).toEqual(['income']);
    await api().get(`/api/v1/tags/${cost}`).set(key.headers).expect(404);
    await api().get(`/api/v1/tags/${t.body.data.id}`).set(other.headers).expect(404);
    // tags permissions are their own model
    const tagsOnly = await makeKey(svc.deps.platformDb, org, 'custom', 'tags:read');
    await api().get('/api/v1/tags').set(tagsOnly.headers).expect(200);
    await api().post('/api/v1/tags').set(tagsOnly.headers).send({ name: 'x' }).expect(403);
    await api().get('/api/v1/widgets').set(tagsOnly.headers).expect(403);
  });
});
