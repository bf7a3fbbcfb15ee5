import request from 'supertest';
import { makeKey, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildSnapshotApp } from '../src/app';

let svc: TestService;
let full: TestKey;
let otherOrgKey: TestKey;
let widgetId: string;

const api = () => request(svc.baseUrl);
const rowCount = async (widget: string) =>
  Number((await svc.deps.pool.query('SELECT count(*) FROM snapshot.snapshots WHERE widget_id = $1', [widget])).rows[0].count);

beforeAll(async () => {
  svc = await startTestService('snapshot', buildSnapshotApp);
  ({ full } = await makeOrg(svc.deps.platformDb, 'snap'));
  ({ full: otherOrgKey } = await makeOrg(svc.deps.platformDb, 'snap-other'));
  const res = await api().post('/api/v1/widgets').set(full.headers).send({ name: 'Revenue' }).expect(201);
  widgetId = res.body.data.id;
});
afterAll(() => svc.close());

describe('POST /api/v1/widgets/:id/snapshots', () => {
  test('stores the data point as sent and answers 201 with the snapshot', async () => {
    const data = { value: 1234.5, label: 'MRR', unit: 'INR', zeta: { nested: [1, 2] }, alpha: null };
    const res = await api().post(`/api/v1/widgets/${widgetId}/snapshots`).set(full.headers).send({ data }).expect(201);
    expect(res.body.data).toEqual({ id: expect.any(String), widget_id: widgetId, data, created_at: expect.any(String) });
    // Key order is kept as sent (json, not jsonb).
    expect(Object.keys(res.body.data.data)).toEqual(['value', 'label', 'unit', 'zeta', 'alpha']);
    const widget = await api().get(`/api/v1/widgets/${widgetId}`).set(full.headers).expect(200);
    expect(widget.body.data.latest_snapshot).toEqual({ id: res.body.data.id, data, created_at: res.body.data.created_at });
  });

  test('a push_only key may push', async () => {
    const { full: _ignored, org } = await makeOrg(svc.deps.platformDb, 'snap-push');
    const owner = await makeKey(svc.deps.platformDb, org, 'full_access');
    const pusher = await makeKey(svc.deps.platformDb, org, 'push_only');
    const w = await api().post('/api/v1/widgets').set(owner.headers).send({ name: 'w' }).expect(201);
    await api()
      .post(`/api/v1/widgets/${w.body.data.id}/snapshots`)
      .set(pusher.headers)
      .send({ data: { value: 1 } })
      .expect(201);
    // ...but not create widgets.
    const denied = await api().post('/api/v1/widgets').set(pusher.headers).send({ name: 'x' }).expect(403);
    expect(denied.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('widget:create') });
  });

  test.each([
    [{}, 'data'],
    [{ data: 'x' }, 'data'],
    [{ data: [] }, 'data'],
    [{ data: {} }, 'data.value'],
    [{ data: { value: '12' } }, 'data.value'],
    [{ data: { value: null } }, 'data.value'],
    [{ data: { value: 1, label: 5 } }, 'data.label'],
    [{ data: { value: 1, unit: ['INR'] } }, 'data.unit'],
    [{ data: { value: 1 }, extra: true }, 'extra'],
  ])('refuses %j with 400 naming %s, and stores nothing', async (body, field) => {
    const before = await rowCount(widgetId);
    const res = await api().post(`/api/v1/widgets/${widgetId}/snapshots`).set(full.headers).send(body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message.startsWith(`${field}:`)).toBe(true);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await rowCount(widgetId)).toBe(before);
  });

  test('a value too large to be finite (1e400) is refused', async () => {
    const res = await api()
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set({ ...full.headers, 'content-type': 'application/json' })
      .send('{"data":{"value":1e400}}')
      .expect(400);
    expect(res.body.error.details[0].path).toBe('data.value');
  });

  test('malformed JSON, another content type, and an oversized body', async () => {
    const before = await rowCount(widgetId);
    const bad = await api()
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set({ ...full.headers, 'content-type': 'application/json' })
      .send('{"data":')
      .expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const text = await api()
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set({ ...full.headers, 'content-type': 'text/plain' })
      .send('value=1')
      .expect(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = JSON.stringify({ data: { value: 1, blob: 'x'.repeat(1024 * 1024 + 10) } });
    const big = await api()
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set({ ...full.headers, 'content-type': 'application/json' })
      .send(huge)
      .expect(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await rowCount(widgetId)).toBe(before);
  });

  test("an unknown widget, a malformed id, and another organization's widget are all 404", async () => {
    for (const id of ['018f0000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await api()
        .post(`/api/v1/widgets/${id}/snapshots`)
        .set(full.headers)
        .send({ data: { value: 1 } })
        .expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    const before = await rowCount(widgetId);
    await api()
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set(otherOrgKey.headers)
      .send({ data: { value: 1 } })
      .expect(404);
    await api().get(`/api/v1/widgets/${widgetId}/snapshots`).set(otherOrgKey.headers).expect(404);
    expect(await rowCount(widgetId)).toBe(before);
  });
});

describe('POST /api/v1/widgets/:id/snapshots/batch', () => {
  test('stores every point in the order sent', async () => {
    const w = await api().post('/api/v1/widgets').set(full.headers).send({ name: 'batch' }).expect(201);
    const points = Array.from({ length: 500 }, (_, i) => ({ value: i, label: `p${i}` }));
    const res = await api().post(`/api/v1/widgets/${w.body.data.id}/snapshots/batch`).set(full.headers).send({ data: points }).expect(201);
    expect(res.body.data.map((s: { data: unknown }) => s.data)).toEqual(points);
    const history = await api().get(`/api/v1/widgets/${w.body.data.id}/snapshots?sort_order=ASC&limit=500`).set(full.headers).expect(200);
    expect(history.body.data.map((s: { data: { value: number } }) => s.data.value)).toEqual(points.map((p) => p.value));
    expect(history.body.page_context).toEqual({ count: 500, page: 1, per_page: 500, total: 500, has_more: false });
  });

  test('one bad point refuses the whole batch, naming it', async () => {
    const w = await api().post('/api/v1/widgets').set(full.headers).send({ name: 'batch-bad' }).expect(201);
    const res = await api()
      .post(`/api/v1/widgets/${w.body.data.id}/snapshots/batch`)
      .set(full.headers)
      .send({ data: [{ value: 1 }, { value: 'two' }, { value: 3 }] })
      .expect(400);
    expect(res.body.error.message).toMatch(/^data\[1\]\.value:/);
    expect(await rowCount(w.body.data.id)).toBe(0);
  });

  test('empty and over-500 batches are refused', async () => {
    await api().post(`/api/v1/widgets/${widgetId}/snapshots/batch`).set(full.headers).send({ data: [] }).expect(400);
    const tooMany = Array.from({ length: 501 }, () => ({ value: 1 }));
    const res = await api().post(`/api/v1/widgets/${widgetId}/snapshots/batch`).set(full.headers).send({ data: tooMany }).expect(400);
    expect(res.body.error.message).toMatch(/^data: at most 500/);
  });
});

describe('GET /api/v1/widgets/:id/snapshots', () => {
  let id: string;
  const stamps: string[] = [];
  beforeAll(async () => {
    const w = await api().post('/api/v1/widgets').set(full.headers).send({ name: 'history' }).expect(201);
    id = w.body.data.id;
    // Three separate pushes, a few ms apart, so created_at differs.
    for (const value of [1, 2, 3]) {
      const r = await api().post(`/api/v1/widgets/${id}/snapshots`).set(full.headers).send({ data: { value } }).expect(201);
      stamps.push(r.body.data.created_at);
      await new Promise((r2) => setTimeout(r2, 5));
    }
  });

  test('newest first by default, pages without overlap', async () => {
    const p1 = await api().get(`/api/v1/widgets/${id}/snapshots?limit=2`).set(full.headers).expect(200);
    const p2 = await api().get(`/api/v1/widgets/${id}/snapshots?limit=2&page=2`).set(full.headers).expect(200);
    expect([...p1.body.data, ...p2.body.data].map((s: { data: { value: number } }) => s.data.value)).toEqual([3, 2, 1]);
    expect(p1.body.page_context).toEqual({ count: 2, page: 1, per_page: 2, total: 3, has_more: true });
    expect(p2.body.page_context).toEqual({ count: 1, page: 2, per_page: 2, total: 3, has_more: false });
    const past = await api().get(`/api/v1/widgets/${id}/snapshots?limit=2&page=9`).set(full.headers).expect(200);
    expect(past.body.data).toEqual([]);
  });

  test('created_at_from/_to are inclusive instants; fields selects', async () => {
    const res = await api()
      .get(`/api/v1/widgets/${id}/snapshots`)
      .query({ created_at_from: stamps[1], created_at_to: stamps[2], fields: 'data,nope' })
      .set(full.headers)
      .expect(200);
    expect(res.body.data).toEqual([{ data: { value: 3 } }, { data: { value: 2 } }]);
  });

  test.each([
    ['created_at_from=2026-01-01', 'created_at_from'],
    ['created_at_to=yesterday', 'created_at_to'],
    ['created_at_from=2026-02-01T00:00:00Z&created_at_to=2026-01-01T00:00:00Z', 'created_at_from'],
    ['created_at_from=2026-01-01T00:00:00+05:30', 'created_at_from'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['sort_by=value', 'sort_by'],
    ['sort_order=sideways', 'sort_order'],
    ['colour=red', 'colour'],
    ['limit=1&limit=2', 'limit'],
  ])('%s is a 400 naming %s', async (qs, field) => {
    const res = await api().get(`/api/v1/widgets/${id}/snapshots?${qs}`).set(full.headers).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message.startsWith(`${field}:`)).toBe(true);
  });

  test('an offset sent as %2B is accepted', async () => {
    await api().get(`/api/v1/widgets/${id}/snapshots?created_at_from=2026-01-01T00:00:00%2B05:30`).set(full.headers).expect(200);
  });
});
