// docker-compose.yml, the Dockerfile and the Kubernetes manifests cannot run here (no container engine),
// so this checks that everything they name exists in the code: services, entry points, ports, env vars, probes;
// and that images run the compiled JavaScript (build/, scripts/build.js) rather than TypeScript through tsx.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ignore from 'ignore';
import request from 'supertest';
import { parse, parseAllDocuments } from 'yaml';
import { serveProbes, type ServiceDefinition } from '@finance/platform';
import { startTestService } from '@finance/platform/testing';
import { snapshotService } from '../services/snapshot/src/service';
import { ledgerService } from '../services/ledger/src/service';
import { statementService } from '../services/statement/src/service';
import { consoleService } from '../services/console/src/service';
import { loadConsoleConfig } from '../services/console/src/config';
import { loadPipelineConfig } from '../services/statement/src/domain/pipeline/config';
import { startPipeline } from '../services/statement/test/pipeline-helpers';

const ROOT = join(__dirname, '..');
const SERVICES: Record<string, ServiceDefinition> = { snapshot: snapshotService, ledger: ledgerService, statement: statementService, console: consoleService };

/** Every environment variable the code reads: literal names, and `<SERVICE>_...` names built from a template. */
function envVarsReadByCode(): { literal: Set<string>; perService: string[] } {
  const literal = new Set<string>();
  const perService: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.ts')) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) literal.add((m[1] ?? m[2])!);
        for (const m of text.matchAll(/env\[`\$\{service\.toUpperCase\(\)\}_([A-Z0-9_]+)`\]/g)) perService.push(m[1]!);
      }
    }
  };
  for (const group of ['packages', 'services']) for (const name of readdirSync(join(ROOT, group))) walk(join(ROOT, group, name, 'src'));
  return { literal, perService };
}
const env = envVarsReadByCode();
const codeReads = (name: string) =>
  env.literal.has(name) || Object.keys(SERVICES).some((s) => env.perService.some((suffix) => name === `${s.toUpperCase()}_${suffix}`));

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { build?: { dockerfile: string; args?: Record<string, string> }; command?: string[]; environment?: Record<string, string>; ports?: string[] }
  >;
};
const DOCKERFILE = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
/** The image's last stage, what ships, without its comments. */
const FINAL_STAGE = DOCKERFILE.slice(DOCKERFILE.lastIndexOf('\nFROM '))
  .split('\n')
  .filter((line) => !line.startsWith('#'))
  .join('\n');
const manifests = readdirSync(join(ROOT, 'infra/k8s'))
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => parseAllDocuments(readFileSync(join(ROOT, 'infra/k8s', f), 'utf8')).map((d) => d.toJSON()))
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  .filter(Boolean) as any[];

/** The service folder an image belongs to. */
const serviceOfImage = (image: string) => /^finance\/([a-z-]+)(:|$)/.exec(image)?.[1];
/** The statement worker runs from the statement image with its own entry point and port. */
const isWorker = (command: string[] | undefined) => (command ?? []).includes('build/worker.js');
/**
 * The arguments of a command run in an image that name a file: each must be compiled JavaScript in build/ whose
 * source exists in the service's src/ (scripts/build.js maps src/x.ts to build/x.js), and nothing may load tsx.
 */
function expectCompiledEntryPoints(service: string, command: string[]) {
  expect(command.join(' ')).not.toMatch(/tsx|\.ts\b/);
  const files = command.filter((a) => /\.[mc]?js$/.test(a));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    expect(file).toMatch(/^build\//);
    const source = join(ROOT, 'services', service, file.replace(/^build\//, 'src/').replace(/\.js$/, '.ts'));
    expect({ file, source: existsSync(source) }).toEqual({ file, source: true });
  }
}
const WORKER_PORT = loadPipelineConfig({}).workerPort;
/** The console's operators' port (its /readyz and /metrics are not on the browsers' port). */
const CONSOLE_OPS_PORT = loadConsoleConfig({}).opsPort;

describe('the Dockerfile', () => {
  test('builds in one stage and ships compiled JavaScript run by plain node in another', () => {
    expect(DOCKERFILE.match(/^FROM /gm)).toHaveLength(2);
    expect(DOCKERFILE).toMatch(/^RUN .*pnpm build$/m);
    expect(DOCKERFILE).toMatch(/pnpm --filter "\.\/services\/\$\{SERVICE\}" deploy --prod/);
    expect(FINAL_STAGE).not.toMatch(/tsx|typescript|pnpm install/);
    expect(FINAL_STAGE).toMatch(/^ENV .*NODE_OPTIONS=--conditions=compiled\b/m);
    expect(FINAL_STAGE).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
    expect(FINAL_STAGE).toMatch(/^USER node$/m);
    for (const service of Object.keys(SERVICES)) expectCompiledEntryPoints(service, JSON.parse(/^CMD (\[.*\])$/m.exec(FINAL_STAGE)![1]!) as string[]);
  });

  test('every workspace package sends the compiled condition to build/ and ships build/ (what the image resolves)', () => {
    for (const group of ['packages', 'services']) {
      for (const name of readdirSync(join(ROOT, group))) {
        const manifest = JSON.parse(readFileSync(join(ROOT, group, name, 'package.json'), 'utf8')) as {
          main?: string;
          files?: string[];
          exports?: Record<string, string | { compiled: string; default: string }>;
        };
        expect({ name, files: manifest.files }).toEqual({ name, files: expect.arrayContaining(['build']) });
        // A TypeScript "main" would be what compiled code loads (and what pnpm deploy copies into the image).
        expect({ name, main: manifest.main ?? 'none' }).toEqual({ name, main: expect.not.stringMatching(/\.ts$/) });
        for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
          // Test helpers outside src/ ("./testing": "./test/testing.ts") are not compiled and not shipped.
          if (typeof target === 'string') {
            expect({ subpath, target }).toEqual({ subpath, target: expect.stringMatching(/^\.\/test\//) });
            continue;
          }
          expect({ subpath, compiled: target.compiled }).toEqual({
            subpath,
            compiled: target.default.replace(/^\.\/src\//, './build/').replace(/\.ts$/, '.js'),
          });
          expect(existsSync(join(ROOT, group, name, target.default))).toBe(true);
        }
      }
    }
  });
});

describe("each service's own scripts", () => {
  test('start (and the statement worker) run the compiled build with the compiled condition, as pnpm start and the image do; dev keeps tsx', () => {
    for (const service of Object.keys(SERVICES)) {
      const { scripts } = JSON.parse(readFileSync(join(ROOT, 'services', service, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
      const runs = service === 'statement' ? [scripts.start!, scripts.worker!] : [scripts.start!];
      for (const script of runs) {
        // What runs last, in place of the shell: plain node on build/, workspace packages resolved to their build/.
        const command = /&& exec node (.*)$/.exec(script)?.[1]?.split(' ') ?? [];
        expect({ service, script, condition: command.includes('--conditions=compiled') }).toEqual({ service, script, condition: true });
        expectCompiledEntryPoints(service, command);
      }
      expect(scripts.dev).toMatch(/^tsx src\/main\.ts$/);
    }
  });
});

describe('.dockerignore', () => {
  // The image is built from the repository's files minus .dockerignore's: a committed file the build reads that the
  // context leaves out (the console's generated currency table, the typed client's generated paths) fails only in
  // `docker build`, which this machine cannot run. Matched with gitignore's rules (the `ignore` package), which
  // leave out at least what Docker's leave out for these patterns.
  test('keeps every committed source file in the build context; what it leaves out is generated or built in the image', () => {
    const excluded = ignore().add(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
    const committed = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    const sources = committed.filter((file) => /^(packages|services)\/[^/]+\/(src|web|prisma)\//.test(file));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.filter((file) => excluded.ignores(file))).toEqual([]);
    // And the Prisma Clients (generated in the image by pnpm install's postinstall) stay out.
    expect(excluded.ignores('services/ledger/src/generated/prisma/client.ts')).toBe(true);
    expect(excluded.ignores('packages/platform/src/generated/prisma/client.ts')).toBe(true);
  });
});

describe('docker-compose.yml', () => {
  const built = Object.entries(compose.services).filter(([, s]) => s.build);

  test('builds every service from the one Dockerfile, each running compiled entry points its service has', () => {
    expect(new Set(built.map(([, s]) => s.build!.dockerfile))).toEqual(new Set(['Dockerfile']));
    expect(new Set(built.map(([, s]) => s.build!.args?.SERVICE))).toEqual(new Set(Object.keys(SERVICES)));
    for (const [, s] of built) if (s.command) expectCompiledEntryPoints(s.build!.args!.SERVICE!, s.command);
  });

  test('publishes each service on its port and sets that port through a variable the code reads', () => {
    for (const [name, def] of Object.entries(SERVICES)) {
      const s = compose.services[name]!;
      expect(s.ports).toEqual([`${def.defaultPort}:${def.defaultPort}`]);
      expect(s.environment?.[`${name.toUpperCase()}_PORT`]).toBe(String(def.defaultPort));
    }
  });

  test('runs the statement worker from the statement image', () => {
    const worker = Object.values(compose.services).find((s) => isWorker(s.command));
    expect(worker?.build).toEqual({ context: '.', dockerfile: 'Dockerfile', args: { SERVICE: 'statement' } });
  });

  test('names only environment variables the code reads', () => {
    for (const s of Object.values(compose.services)) {
      for (const name of Object.keys(s.environment ?? {})) {
        if (['POSTGRES_PASSWORD', 'POSTGRES_DB'].includes(name)) continue; // the postgres image's own
        expect({ name, read: codeReads(name) }).toEqual({ name, read: true });
      }
    }
  });

  test('runs Redis as BullMQ needs it: noeviction and append-only', () => {
    expect(compose.services.redis!.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction', '--appendonly', 'yes']));
  });
});

describe('Kubernetes manifests', () => {
  const deployments = manifests.filter((m) => m.kind === 'Deployment');

  test('a Deployment, Service, HPA and migration Job per service', () => {
    for (const name of Object.keys(SERVICES)) {
      for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler']) {
        expect(manifests.some((m) => m.kind === kind && m.metadata.name === name)).toBe(true);
      }
      expect(manifests.some((m) => m.kind === 'Job' && m.metadata.name === `${name}-migrate`)).toBe(true);
    }
  });

  test('containers use images of services that exist, listen on the code port, and run files that exist', () => {
    const podSpecs = manifests.filter((m) => m.kind === 'Deployment' || m.kind === 'Job').map((m) => m.spec.template.spec);
    for (const pod of podSpecs) {
      for (const c of pod.containers) {
        const svc = serviceOfImage(c.image)!;
        expect(SERVICES[svc]).toBeDefined();
        for (const p of c.ports ?? []) {
          const expected = isWorker(c.command) ? WORKER_PORT : p.name === 'ops' ? CONSOLE_OPS_PORT : SERVICES[svc]!.defaultPort;
          expect({ svc, port: p.name, containerPort: p.containerPort }).toEqual({ svc, port: p.name, containerPort: expected });
        }
        if (c.command) expectCompiledEntryPoints(svc, c.command);
        for (const e of c.env ?? []) expect({ name: e.name, read: codeReads(e.name) }).toEqual({ name: e.name, read: true });
        expect(c.resources?.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      }
    }
  });

  test('the ConfigMap and Secret hold only variables the code reads', () => {
    for (const m of manifests.filter((x) => x.kind === 'ConfigMap' || x.kind === 'Secret')) {
      for (const name of Object.keys(m.data ?? m.stringData ?? {})) expect({ name, read: codeReads(name) }).toEqual({ name, read: true });
    }
  });

  test('a Deployment runs the statement worker, with its heap bounded as benchmarked', () => {
    const worker = deployments.find((d) => isWorker(d.spec.template.spec.containers[0].command));
    expect(worker?.spec.template.spec.containers[0].command).toContain('--max-old-space-size=256');
    expect(worker?.spec.template.spec.containers[0].command).toContain('--max-semi-space-size=8');
    expect(manifests.some((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec.scaleTargetRef.name === worker?.metadata.name)).toBe(true);
  });

  test("the worker's probes point at paths a real worker answers", async () => {
    const worker = deployments.find((d) => isWorker(d.spec.template.spec.containers[0].command))!;
    const c = worker.spec.template.spec.containers[0];
    const pipeline = await startPipeline('manifests');
    const http = await serveProbes({
      service: 'statement-worker',
      port: 0,
      host: '127.0.0.1',
      readiness: pipeline.worker!.readiness,
      metrics: pipeline.worker!.metrics,
    });
    try {
      for (const probe of [c.readinessProbe, c.livenessProbe]) await request(`http://127.0.0.1:${http.port}`).get(probe.httpGet.path).expect(200);
    } finally {
      http.server.close();
      await pipeline.close();
    }
  });

  test('probes point at paths every service answers without a key', async () => {
    for (const d of deployments.filter((x) => !isWorker(x.spec.template.spec.containers[0].command))) {
      const svc = serviceOfImage(d.spec.template.spec.containers[0].image)!;
      const c = d.spec.template.spec.containers[0];
      expect(c.readinessProbe.httpGet.path).toBe('/readyz');
      expect(c.livenessProbe.httpGet.path).toBe('/healthz');
      const running = await startTestService(svc, SERVICES[svc]!.build);
      // A probe on the `ops` port goes where the service serves its operators' probes (the console's CONSOLE_OPS_PORT).
      const at = (probe: { httpGet: { port: string } }) => (probe.httpGet.port === 'ops' ? running.opsUrl! : running.baseUrl);
      try {
        if (svc === 'console') {
          expect(c.readinessProbe.httpGet.port).toBe('ops');
          expect(d.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(CONSOLE_OPS_PORT));
          await request(running.baseUrl).get('/readyz').expect(404);
        }
        await request(at(c.readinessProbe)).get(c.readinessProbe.httpGet.path).expect(200);
        await request(at(c.livenessProbe)).get(c.livenessProbe.httpGet.path).expect(200);
      } finally {
        await running.close();
      }
    }
  });
});
