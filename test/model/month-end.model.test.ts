/**
 * Issue 30: a stateful property test of a finance team's month-end. fast-check draws sequences of what users do
 * (post, bulk post, reverse, void, close and reopen a period, upload a statement, upload it again corrected,
 * accept a stalled one, set a category by hand, create and run rules, reconcile and post the unmatched rows),
 * runs each on the real ledger and statement services and on a small reference model (./world.ts), and after
 * every step compares balances, the trial balance, the balance sheet, the transactions' links, the statement
 * rows and their categories, and the statement accounts.
 *
 * `pnpm test` runs a few seeded runs. `pnpm fuzz:model` runs MODEL_RUNS (default 2000) and prints the seed, the
 * path and the shrunk sequence of a failure; MODEL_SEED (+ MODEL_PATH) replays one; MODEL_COMMANDS=post,reverse
 * limits the commands drawn (to show one defect at a time); MODEL_MAX_COMMANDS sets a run's length.
 */
import fc from 'fast-check';
import { commandArbitraries } from './commands';
import { freshWorld, startServices, type Services } from './world';

const env = process.env;
const runs = Number(env.MODEL_RUNS ?? 8);
const maxCommands = Number(env.MODEL_MAX_COMMANDS ?? 12);
const seed = env.MODEL_SEED === undefined ? 30_2024 : Number(env.MODEL_SEED);
const path = env.MODEL_PATH;
const names = env.MODEL_COMMANDS?.split(',').map((n) => n.trim());

// Shrinking a failure re-runs sequences against the services: minutes, not seconds. fast-check stops shrinking
// (and reports the smallest failing sequence found so far) a minute before jest would give up on the test.
const timeoutMs = Number(env.MODEL_TIMEOUT_MS ?? (runs > 20 ? 12 * 3600_000 : 900_000));
jest.setTimeout(timeoutMs);

let services: Services;
beforeAll(async () => {
  services = await startServices();
});
afterAll(() => services?.close());

test(`month-end: ${runs} seeded runs of up to ${maxCommands} user actions against the ledger and statement services and the model`, async () => {
  const commands = fc.commands(commandArbitraries(names), { maxCommands, size: '+1', ...(env.MODEL_REPLAY_PATH ? { replayPath: env.MODEL_REPLAY_PATH } : {}) });
  const property = fc.asyncProperty(commands, async (cmds) => {
    const world = await freshWorld(services);
    await fc.asyncModelRun(() => world, cmds);
    if (env.MODEL_TRACE) process.stdout.write(`run: ${String(cmds)}\n  ${world.real.log.join('\n  ')}\n`);
  });
  const details = await fc.check(property, { numRuns: runs, seed, ...(path ? { path } : {}), verbose: 0, interruptAfterTimeLimit: timeoutMs - 60_000 });
  if (details.interrupted && !details.failed) process.stdout.write(`model-based test: stopped by the time limit after ${details.numRuns} of ${runs} runs\n`);
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    const replayPath = /replayPath="([^"]+)"/.exec(String(details.counterexample?.[0]))?.[1];
    const replay = `MODEL_SEED=${details.seed} MODEL_PATH=${details.counterexamplePath}${replayPath ? ` MODEL_REPLAY_PATH=${replayPath}` : ''}${
      names ? ` MODEL_COMMANDS=${names.join(',')}` : ''
    }`;
    const report = `${fc.defaultReportMessage(details) ?? 'failed'}\nWhat differed: ${cause}\nReplay: ${replay} pnpm exec jest test/model`;
    // Printed as well as thrown: a long fuzz run's report must survive jest's truncation of the error.
    process.stdout.write(`\n=== model-based test failed (seed ${details.seed}, path ${details.counterexamplePath}) ===\n${report}\n`);
    throw new Error(report);
  }
});
