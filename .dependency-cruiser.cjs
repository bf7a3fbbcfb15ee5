/**
 * Import boundaries (issue 12, "One house"), checked by dependency-cruiser over `packages/` and `services/`:
 * in `pnpm test` by test/import-boundaries.test.ts, and alone by `pnpm lint:imports`.
 *
 * Between areas: packages never import a service; a service's code imports only `packages/*` (and libraries),
 * never another service; a service's tests may start another service whole (its `src/app.ts` or
 * `src/service.ts`) and use its test helpers, as the console's end-to-end tests do, but never reach into its
 * rooms.
 *
 * Inside a service (`services/<name>/src/`), the layers, from the top:
 *   entry points  entry-points/ (HTTP routes and schemas; the statement worker's BullMQ Worker in
 *                 entry-points/worker/, its probes from the platform)
 *   domain        domain/ (use cases and vocabulary; the statement pipeline's job vocabulary, step logic and
 *                 the StepQueue it writes jobs to in domain/pipeline/)
 *   data access   data-access/ (repositories: the service's Prisma Client, db.ts; the statement queue's
 *                 BullMQ producer, which implements the domain's StepQueue, in data-access/step-queue.ts)
 *   libraries     files/ (the statement service's file store and the box its passwords are kept in) and
 *                 views/ (the zod view schemas of what the API answers: repositories build them, the domain
 *                 returns them, routes declare them); they import no other layer. The statement file readers
 *                 are a package of their own, packages/statement-readers.
 * A layer imports its own and lower ones; entry points go through the domain, never straight to data access.
 * The files directly in src/ (app.ts, main.ts, service.ts, worker.ts, migrate.ts, seed*.ts, the console's
 * whole server) are composition roots: they may import anything of their service, and nothing in a layer
 * imports them. Every file under src/ must sit in one of these places (a new folder is placed here first).
 *
 * What does not meet this yet is listed in EXCEPTIONS: each one names the imports it allows and why, and the
 * test fails when an exception no longer matches any import (remove it then).
 */

/** `services/<name>/src/` with the service's name captured as $1, for rules that stay inside one service. */
const SRC = '^services/([^/]+)/src/';
const SAME_SRC = '^services/$1/src/';
const any = (...alternatives) => `(?:${alternatives.join('|')})`;

const LAYERS = {
  entryPoints: any('entry-points/'),
  domain: any('domain/'),
  dataAccess: any('data-access/'),
  libraries: any('files/', 'views/'),
};
const COMPOSITION_ROOTS = '[^/]+$';
const KNOWN_PLACES = any(...Object.values(LAYERS), COMPOSITION_ROOTS);

/**
 * Imports allowed against a rule until the work named in `why` is done: { name, rule, from, to, why }. None
 * today (issue 12 removed the last); test/import-boundaries.test.ts fails on one that no longer matches.
 */
const EXCEPTIONS = [];

const RULES = [
  {
    name: 'packages-never-import-services',
    comment:
      "The shared packages serve every service; a service reaches them, never the other way (the admin CLI runs the services' organization hooks through the database).",
    from: { path: '^packages/' },
    to: { path: '^services/' },
  },
  {
    name: 'services-never-import-each-other',
    comment: 'A service talks to another over HTTP (or the database schema the platform shares), never by importing its code.',
    from: { path: '^services/([^/]+)/(?:src|web)/' },
    to: { path: '^services/', pathNot: '^services/$1/' },
  },
  {
    name: 'service-tests-start-other-services-whole',
    comment: 'End-to-end tests may start another service (its app or service definition) and use its test helpers, never its layers.',
    from: { path: '^services/([^/]+)/test/' },
    to: { path: '^services/', pathNot: ['^services/$1/', '^services/[^/]+/src/(?:app|service)\\.ts$', '^services/[^/]+/test/'] },
  },
  {
    name: 'browser-code-stays-in-the-browser',
    comment:
      "The console's web/ is bundled for the browser: no server code, and of the packages only packages/client (issue 23): the pages call the console's own API and the three APIs through its generated, typed clients (createConsoleClient, createConsoleServiceClients: openapi-fetch with the session cookie and the CSRF token, no API key) instead of re-typing them by hand.",
    from: { path: '^services/([^/]+)/web/' },
    to: { path: '^(?:services|packages)/', pathNot: ['^services/$1/web/', '^packages/client/'] },
  },
  {
    name: 'data-access-not-above-its-layer',
    comment: 'Repositories return plain objects to the domain; they never call up into it or into entry points.',
    from: { path: SRC + LAYERS.dataAccess },
    to: { path: SAME_SRC + any(LAYERS.domain, LAYERS.entryPoints) },
  },
  {
    name: 'domain-not-above-its-layer',
    comment: 'Use cases know nothing of HTTP or the worker that runs them.',
    from: { path: SRC + LAYERS.domain },
    to: { path: SAME_SRC + LAYERS.entryPoints },
  },
  {
    name: 'entry-points-go-through-the-domain',
    comment: 'Entry points call use cases; reaching data access directly skips the rules the domain keeps.',
    from: { path: SRC + LAYERS.entryPoints },
    to: { path: SAME_SRC + LAYERS.dataAccess },
  },
  {
    name: 'libraries-import-only-libraries',
    comment: 'files/ and views/ sit below every layer, so every layer may use them.',
    from: { path: SRC + LAYERS.libraries },
    to: { path: SAME_SRC, pathNot: SAME_SRC + LAYERS.libraries },
  },
  {
    name: 'nothing-imports-a-composition-root',
    comment: 'app.ts, main.ts, worker.ts and the like wire the layers; a layer importing one would depend on everything.',
    from: { path: SRC + '[^/]+/' },
    to: { path: SAME_SRC + COMPOSITION_ROOTS },
  },
  {
    name: 'only-the-platform-db-wiring-imports-pg',
    comment:
      "Every service and package reads and writes through its Prisma Client (issue 21); pg is the driver under it, reached only by the platform's pool and adapter wiring (the pool's in-doubt commit tracking included, issue 32) and by the migrator (which applies the project's SQL migrations, and the drift check that compares them with the schemas).",
    from: { path: '^(?:packages|services)/[^/]+/src/', pathNot: '^packages/platform/src/db/(?:pool|in-doubt|migrator|drift)\\.ts$' },
    to: { path: '(?:^|/)(?:@types/)?pg(?:/|$)' },
  },
  {
    name: 'every-file-has-a-layer',
    comment: 'A folder under src/ that is not placed in the layering above escapes every rule: place it first.',
    from: { path: SRC, pathNot: SRC + KNOWN_PLACES },
    to: {},
  },
];

/** A rule with exceptions becomes the rule for every other file, plus one copy per exception that allows its imports. */
function withExceptions(rule) {
  const own = EXCEPTIONS.filter((e) => e.rule === rule.name);
  const list = (value) => (value === undefined ? [] : [].concat(value));
  const general = { ...rule, from: { ...rule.from, pathNot: [...list(rule.from.pathNot), ...own.map((e) => e.from)] } };
  return [
    general,
    ...own.map((e) => ({
      ...rule,
      comment: `${rule.comment} Exception ${e.name}: ${e.why}`,
      from: { ...rule.from, path: e.from },
      to: { ...rule.to, pathNot: [...list(rule.to.pathNot), e.to] },
    })),
  ];
}

for (const e of EXCEPTIONS) {
  if (!RULES.some((r) => r.name === e.rule)) throw new Error(`exception ${e.name} names an unknown rule ${e.rule}`);
}

module.exports = {
  forbidden: RULES.flatMap(withExceptions).map((rule) => ({ severity: 'error', ...rule })),
  options: {
    doNotFollow: { path: ['node_modules'] },
    // src/generated/prisma: the Prisma Clients, generated from each schema (scripts/prisma-generate.js).
    exclude: { path: ['/dist/', '/build/', '/src/generated/'] },
    // Type-only imports are dependencies too: a layer naming another's types depends on it.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
// For test/import-boundaries.test.ts (which checks that each exception still matches an import); not enumerable,
// so dependency-cruiser's validation of this object does not see it.
Object.defineProperty(module.exports, 'EXCEPTIONS', { value: EXCEPTIONS, enumerable: false });
