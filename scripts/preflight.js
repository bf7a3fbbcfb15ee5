#!/usr/bin/env node
// What `pnpm start` and `pnpm test` need before they begin: the project's Node 24, Postgres and Redis. A missing one
// stops the command at once with one line naming it and the command that provides it, rather than a half-working start.
//   node scripts/preflight.js start   checks DATABASE_URL and REDIS_URL (what the services use)
//   node scripts/preflight.js test    checks TEST_DATABASE_URL and REDIS_URL (what the tests use)
const { existsSync, readdirSync } = require('node:fs');
const { connect } = require('node:net');
const { join } = require('node:path');

const MIN_NODE = 24;
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';

function onPath(command) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, command)));
}

/** The Node running this: the one pnpm install put in node_modules/.bin (the `node` devDependency), when run through pnpm. */
function nodeProblem() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MIN_NODE) return undefined;
  return (
    `Node ${process.versions.node} is running this, and the project needs Node ${MIN_NODE}: ` +
    `run \`pnpm install\` (it installs Node ${MIN_NODE} into node_modules/.bin), then use the pnpm commands`
  );
}

/** Whether something accepts TCP connections at host:port within a short wait. */
function answers(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const isLocal = (host) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);

function postgresFix(host) {
  if (!isLocal(host)) return 'check the URL, or start Postgres on that host';
  const clusters = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  if (clusters.length > 0) return `${sudo}pg_ctlcluster --skip-systemctl-redirect ${clusters[0]} main start`;
  return `${sudo}apt-get install -y postgresql, then start it with ${sudo}pg_ctlcluster --skip-systemctl-redirect <version> main start`;
}

function redisFix(host, port) {
  if (!isLocal(host)) return 'check the URL, or start Redis on that host';
  const start = `redis-server --daemonize yes --bind 127.0.0.1 --port ${port}`;
  return onPath('redis-server') ? start : `${sudo}apt-get install -y redis-server, then ${start}`;
}

/** Resolves to the first problem as one line, or undefined when everything needed is there. */
async function firstProblem(mode) {
  const node = nodeProblem();
  if (node) return node;
  const dbVar = mode === 'test' ? 'TEST_DATABASE_URL' : 'DATABASE_URL';
  const dbUrl = new URL(process.env[dbVar] ?? `postgresql://postgres@127.0.0.1:5432/${mode === 'test' ? 'finance_test' : 'finance'}`);
  const dbHost = dbUrl.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  if (!(await answers(dbHost, Number(dbUrl.port || 5432)))) {
    return `Postgres is not answering at ${dbUrl.host} (${dbVar}); start it: ${postgresFix(dbHost)}`;
  }
  const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const redisHost = redisUrl.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const redisPort = Number(redisUrl.port || 6379);
  if (!(await answers(redisHost, redisPort))) {
    return `Redis is not answering at ${redisUrl.host} (REDIS_URL); start it: ${redisFix(redisHost, redisPort)}`;
  }
  return undefined;
}

module.exports = { firstProblem };

if (require.main === module) {
  const mode = process.argv[2] === 'test' ? 'test' : 'start';
  firstProblem(mode).then((problem) => {
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
  });
}
