/**
 * Issue 10, section 2: a property-based fuzz of every route of the three services, generated from the route
 * declarations. Valid requests must never get a 5xx; requests wrong by construction must get a 4xx; every
 * 4xx is in the contract's error shape and changes no stored row.
 *
 * Bounded here (FUZZ_REQUESTS, default 3,000, spread over every route) and seeded: a failure prints the
 * seed, and `FUZZ_SEED=<seed> npx jest test/fuzz/contract.test.ts` replays the same requests.
 * `pnpm fuzz` is the long run.
 */
import fc from 'fast-check';
import { contractBreach, describeRequest, digest, send, startFuzzing, type FuzzedService, type Fuzzing } from './harness';
import { mutatedArbitrary, validArbitrary } from './requests';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3_000);
/** Every route, counted once here so the budget can be spread before the services start. */
const ROUTES_ESTIMATE = 65;
const RUNS_PER_ROUTE = Math.max(4, Math.ceil(REQUESTS / ROUTES_ESTIMATE));

jest.setTimeout(Math.max(120_000, REQUESTS * 200));

let fuzzing: Fuzzing;
const tally = { requests: 0, byStatus: new Map<number, number>() };
const timings: [string, number][] = [];

beforeAll(async () => {
  fuzzing = await startFuzzing();
});
afterAll(async () => {
  await fuzzing?.close();
  const statuses = [...tally.byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  process.stdout.write(`contract fuzz: seed ${SEED}, ${tally.requests} requests (${statuses})\n`);
  if (process.env.FUZZ_PROFILE) {
    const slowest = timings.sort(([, a], [, b]) => b - a).slice(0, 10);
    process.stdout.write(`slowest routes: ${slowest.map(([r, ms]) => `${r} ${ms} ms`).join('; ')}\n`);
  }
});

/** Deterministic per route, so one route's run can be replayed alone with the printed seed. */
function routeSeed(service: string, method: string, path: string): number {
  let h = SEED;
  for (const c of `${service} ${method} ${path}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

async function fuzzRoute(s: FuzzedService, index: number): Promise<void> {
  const route = s.routes[index]!;
  const request = fc.oneof(validArbitrary(route, s.vocabulary), mutatedArbitrary(route, s.vocabulary));
  const property = fc.asyncProperty(request, async (req) => {
    const before = await digest(s, fuzzing.orgId);
    const answer = await send(s, fuzzing.key, req);
    tally.requests++;
    tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
    const changed = answer.status >= 400 && (await digest(s, fuzzing.orgId)) !== before;
    const breach = contractBreach(req, answer, changed);
    if (breach) throw new Error(`${breach}\n${describeRequest(req)}\n  answer: ${answer.status} ${answer.text.slice(0, 500)}`);
  });
  const seed = routeSeed(s.name, route.method, route.path);
  // No shrinking: the services keep state, so a shrunk replay would not be the same experiment.
  const run = await fc.check(property, { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true });
  if (run.failed) {
    const cause = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
    throw new Error(`${s.name} ${route.method.toUpperCase()} ${route.path}, request ${run.numRuns} (replay with FUZZ_SEED=${SEED}):\n${cause}`);
  }
}

const SERVICES = ['snapshot', 'ledger', 'statement'] as const;

describe.each(SERVICES)('%s: every declared route', (name) => {
  test('valid requests never 5xx; broken ones get a 4xx in the error shape and change nothing', async () => {
    const s = fuzzing.services.find((x) => x.name === name)!;
    expect(s.routes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (let i = 0; i < s.routes.length; i++) {
      const started = Date.now();
      await fuzzRoute(s, i).catch((err: Error) => failures.push(err.message));
      timings.push([`${s.name} ${s.routes[i]!.method.toUpperCase()} ${s.routes[i]!.path}`, Date.now() - started]);
    }
    if (failures.length) throw new Error(`${failures.length} route(s) broke the contract:\n\n${failures.join('\n\n')}`);
  });
});
