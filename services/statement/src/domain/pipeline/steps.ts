/**
 * The four steps of a statement run, each one BullMQ job: read_file -> parse -> detect_account -> categorize.
 * A step claims the statement (same run, right step), works, then records its result and queues the next step
 * under the statement's lock. Every write checks that the job still owns the statement, so a job re-run after
 * a crash, or one left over from a superseded run, changes nothing twice.
 */
import type { Logger } from '@finance/platform';
import type { Db } from '../../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import * as pipeline from '../../data-access/pipeline.repo';
import { categorizeStatement } from '../rules';
import {
  describeIntegrityProblems,
  integrityReport,
  balancesOwed,
  candidateFingerprints,
  gridText,
  isLayoutFailure,
  isMappable,
  layoutPreview,
  openStatementFile,
  MAX_LAYOUT_COLUMNS,
  PREVIEW_LINES,
  readGrid,
  readStatementFile,
  readWithMapping,
  StatementFileError,
  undecidedOf,
  type IntegrityReport,
  type LayoutPreview,
  type MappableFileType,
  type ParsedStatement,
  type StatementFileType,
  type StatementGrid,
  type StatementRow,
  type Undecided,
} from '@finance/statement-readers';
import type { StatementParsedData } from '../../views/statements';
import { decryptSecret, FileStoreUnavailableError, SecretDecryptionError, type FileStore } from '../../files';
import type { Step, StepJob, StepJobHistory, StepQueue } from './jobs';
import type { AccountCategory } from '../../views/accounts';
import { claimStep, SupersededError, whileOwned } from './ownership';
import { recordStatementEvent } from './events';

export interface StepDeps {
  db: Db;
  fileStore: FileStore;
  secretKey: Buffer;
  /** Queues the next step. */
  queue: StepQueue;
  logger: Logger;
  /** Tries of a job in all, when the job does not say (BullMQ's opts.attempts wins). */
  jobAttempts: number;
  /** Test seam, awaited once a step has claimed its statement and before it works. */
  beforeStep?: (job: StepJob) => Promise<void>;
}

/** How a job ended, for the duration histogram and the logs. */
export type Outcome = 'done' | 'completed' | 'stalled' | 'failed' | 'skipped';

/** The statement failed for good (it is marked failed): the queue must not try the job again. */
export class RunFailed extends Error {
  override readonly name = 'RunFailed';
}

const PARTICULARS_MAX = 1000;
const ACC_NO_MAX = 64;

/** A run waits for a person: the statement is stalled with this code until a recovery call resumes it. */
class Stall extends Error {
  constructor(
    readonly code: 'PASSWORD_REQUIRED' | 'WRONG_PASSWORD' | 'ACCOUNT_NOT_DETECTED' | 'BALANCE_MISMATCH' | 'LAYOUT_NOT_RECOGNISED' | 'REVIEW_REQUESTED',
    message: string,
  ) {
    super(message);
  }
}

function unsealPassword(deps: StepDeps, statement: pipeline.PipelineStatement): string | undefined {
  if (!statement.passwordEncrypted) return undefined;
  try {
    return decryptSecret(statement.passwordEncrypted, deps.secretKey, statement.id);
  } catch (err) {
    if (err instanceof SecretDecryptionError) {
      throw new Stall('PASSWORD_REQUIRED', 'the stored password can no longer be read (the service key changed); supply the password again');
    }
    throw err;
  }
}

type StepResult = { next: Step } | { completed: true };

const STEP_WORK: Record<Step, (deps: StepDeps, job: StepJob, statement: pipeline.PipelineStatement) => Promise<StepResult>> = {
  async read_file(deps, job, statement) {
    const buffer = await deps.fileStore.get(statement.fileKey);
    await openStatementFile(buffer, statement.fileName, unsealPassword(deps, statement));
    await whileOwned(deps.db, job, (client) => pipeline.advance(client, job.statementId, 'parse'));
    return { next: 'parse' };
  },

  async parse(deps, job, statement) {
    const buffer = await deps.fileStore.get(statement.fileKey);
    const password = unsealPassword(deps, statement);
    const { parsed, profileId, grid } = await readRows(deps, job, statement, buffer, password);
    const rows = parsed.rows.filter((row) => {
      if (row.particulars.length <= PARTICULARS_MAX) return true;
      parsed.warnings.push({
        position: row.position ?? 'a row',
        reason: `the particulars are longer than ${PARTICULARS_MAX} characters`,
        text: row.particulars.slice(0, 200),
      });
      return false;
    });
    const integrity =
      rows.length === parsed.rows.length
        ? parsed.integrity
        : integrityReport(rows, parsed.printed, parsed.warnings, balancesOwed(parsed.fileType, parsed.metadata));
    const ids = rows.map(() => uuidv7());
    const dates = rows.map((row) => row.date).sort();
    const layout = statement.parsedData?.layout;
    // A person asked to see the rows before they are stored (review=true), and has not accepted them yet.
    const review = statement.review && !statement.parsedData?.review?.accepted_at;
    const parsedData: StatementParsedData = {
      metadata: {
        acc_no: parsed.metadata.acc_no,
        header: parsed.metadata.header,
        currency: parsed.metadata.currency ?? null,
        kind: parsed.metadata.kind ?? null,
        bank: parsed.metadata.bank ?? null,
      },
      profile: profileId ?? parsed.profile ?? null,
      ...bankBalances(parsed.fileType, integrity),
      period: dates.length > 0 ? { from: dates[0]!, to: dates[dates.length - 1]! } : null,
      row_count: rows.length,
      warnings: parsed.warnings,
      integrity,
      ...(layout ? { layout } : {}),
      ...(review ? { review: reviewOf(rows, integrity), ...(await previewFor(statement, buffer, password, grid)) } : {}),
    };
    // The rows are staged either way: a statement whose rows do not reconcile (or that is to be reviewed) waits for
    // a person with them (POST /statements/<id>/accept resumes at detect_account without reading the file again).
    await whileOwned(deps.db, job, async (client) => {
      await pipeline.stageRows(client, job.statementId, ids, rows, parsedData);
      if (integrity.ok && !review) await pipeline.advance(client, job.statementId, 'detect_account');
    });
    if (review) {
      throw new Stall(
        'REVIEW_REQUESTED',
        `the upload asked to review the rows before they are stored: ${rows.length} rows read, balance chain ${integrity.balance_chain}` +
          `${integrity.ok ? '' : ` (${describeIntegrityProblems(integrity)})`}; accept them (POST /statements/<id>/accept) or correct the layout (POST /statements/<id>/layout)`,
      );
    }
    if (!integrity.ok) {
      throw new Stall(
        'BALANCE_MISMATCH',
        `the rows read do not reconcile with the statement's own figures: ${describeIntegrityProblems(integrity)}. ` +
          `check those lines in the file, then accept the rows as read or upload a corrected file`,
      );
    }
    return { next: 'detect_account' };
  },

  async detect_account(deps, job) {
    await whileOwned(deps.db, job, async (client, current) => {
      let accountId = current.accountId;
      if (!accountId) {
        const accNo = current.parsedData?.metadata.acc_no?.trim();
        if (!accNo) {
          throw new Stall('ACCOUNT_NOT_DETECTED', 'no account number was found in the file; enter the account number to continue');
        }
        if (accNo.length > ACC_NO_MAX) {
          throw new Stall(
            'ACCOUNT_NOT_DETECTED',
            `the account number read from the file is longer than ${ACC_NO_MAX} characters; enter the account number to continue`,
          );
        }
        const existing = await pipeline.findAccountByNumber(client, job.orgId, accNo);
        if (existing) await improveFileGivenName(client, job.orgId, existing, current);
        const category = fileCategory(current);
        accountId =
          existing ??
          (await pipeline.createAccountForNumber(client, job.orgId, uuidv7(), {
            name: accountName(accNo, { bank: fileBank(current), category }),
            accNo,
            category,
            currency: currentCurrency(current),
            opening: openingOf(current),
          }));
      }
      await pipeline.importStagedRows(client, job.orgId, job.statementId, accountId, current.replaces);
      await pipeline.advance(client, job.statementId, 'categorize');
    });
    return { next: 'categorize' };
  },

  async categorize(deps, job) {
    // One transaction: the rules' changes and "completed" are committed together, so a re-run after a crash
    // finds either nothing done or everything done.
    await whileOwned(deps.db, job, async (client) => {
      await categorizeStatement(client, job.orgId, job.statementId);
      await pipeline.complete(client, job.statementId);
      await recordStatementEvent(client, job.orgId, job.statementId);
    });
    return { completed: true };
  },
};

/** How many rows parsed_data.review lists; row_count counts them all. */
const REVIEW_ROWS = 500;

function reviewOf(rows: StatementRow[], integrity: IntegrityReport): NonNullable<StatementParsedData['review']> {
  let inflow = 0n;
  let outflow = 0n;
  for (const row of rows) {
    inflow += row.inflow;
    outflow += row.outflow;
  }
  return {
    rows: rows.slice(0, REVIEW_ROWS).map((r) => ({
      date: r.date,
      particulars: r.particulars,
      inflow: Number(r.inflow),
      outflow: Number(r.outflow),
      balance: r.balance === null ? null : Number(r.balance),
      position: r.position ?? null,
    })),
    row_count: rows.length,
    balance_chain: integrity.balance_chain,
    total_inflow: Number(inflow),
    total_outflow: Number(outflow),
  };
}

/** The layout preview of a tabular file under review, so that the person may correct the layout instead of accepting. */
async function previewFor(
  statement: pipeline.PipelineStatement,
  buffer: Buffer,
  password: string | undefined,
  grid: StatementGrid | null,
): Promise<Pick<StatementParsedData, 'preview'>> {
  if (!isMappable(statement.fileType)) return {};
  return { preview: layoutPreview(grid ?? (await readGrid(buffer, statement.fileType, password)), []) };
}

/** The statement waits for a person to say which column is which (POST /statements/<id>/layout). */
class LayoutStall extends Stall {
  constructor(readonly preview: LayoutPreview) {
    super(
      'LAYOUT_NOT_RECOGNISED',
      `the layout of the file could not be worked out (${preview.undecided.map((u) => u.reason).join('; ')}); ` +
        `say which column is which with POST /statements/<id>/layout (parsed_data.preview shows the first lines and the reader's guesses)`,
    );
  }
}

/**
 * The file's rows, read by (in order) the mapping a person gave (parsed_data.layout), the readers with confidence,
 * or a reading profile of the organization saved for the file's layout. A tabular file the readers cannot read
 * with confidence and no profile matches stalls with LAYOUT_NOT_RECOGNISED, its preview recorded.
 */
async function readRows(
  deps: StepDeps,
  job: StepJob,
  statement: pipeline.PipelineStatement,
  buffer: Buffer,
  password: string | undefined,
): Promise<{ parsed: ParsedStatement; profileId: string | null; grid: StatementGrid | null }> {
  const fileType = statement.fileType;
  const layout = statement.parsedData?.layout;
  try {
    if (layout && isMappable(fileType)) {
      const grid = await readGrid(buffer, fileType, password);
      try {
        return { parsed: readWithMapping(grid, layout), profileId: layout.profile_id ?? null, grid };
      } catch (err) {
        if (!isLayoutFailure(err)) throw err;
        throw new LayoutStall(layoutPreview(grid, [{ field: 'columns', reason: err.message }]));
      }
    }
    let parsed: ParsedStatement | null = null;
    let undecided: Undecided[] = [];
    let failure: unknown = null;
    try {
      parsed = await readStatementFile({ buffer, fileName: statement.fileName, password });
    } catch (err) {
      if (!isMappable(fileType) || !isLayoutFailure(err)) throw err;
      failure = err;
      undecided = [{ field: 'header_row', reason: err.message }];
    }
    let grid: StatementGrid | null = null;
    const gridOnce = async () => (grid ??= await readGrid(buffer, fileType as MappableFileType, password));
    if (parsed && isMappable(fileType)) undecided = await undecidedOf(parsed, gridOnce);
    if (parsed && undecided.length === 0) return { parsed, profileId: null, grid };
    const lines = await gridOnce();
    // Nothing a person could map (no line of text at all, or thousands of columns): the readers' own outcome stands.
    const width = Math.max(0, ...lines.lines.slice(0, PREVIEW_LINES).map((cells) => cells.length));
    if (width === 0 || width > MAX_LAYOUT_COLUMNS) {
      if (failure) throw failure;
      if (parsed) return { parsed, profileId: null, grid: null };
    }
    const candidates = candidateFingerprints(gridText(lines.lines, PREVIEW_LINES));
    const saved = await pipeline.findReadingProfiles(
      deps.db,
      job.orgId,
      candidates.map((c) => c.fingerprint),
    );
    for (const candidate of candidates) {
      const profile = saved.find((p) => p.fingerprint === candidate.fingerprint);
      if (!profile) continue;
      try {
        return { parsed: readWithMapping(lines, { ...profile.mapping, header_row: candidate.header_row }), profileId: profile.id, grid };
      } catch (err) {
        if (!isLayoutFailure(err)) throw err;
        undecided.push({
          field: 'columns',
          reason: `the organization's reading profile "${profile.name}" saved for this layout read nothing (${err.message})`,
        });
      }
    }
    throw new LayoutStall(layoutPreview(lines, undecided, parsed?.metadata.header ?? []));
  } catch (err) {
    if (!(err instanceof LayoutStall)) throw err;
    const parsedData: StatementParsedData = {
      metadata: { acc_no: null, header: [] },
      profile: null,
      row_count: 0,
      preview: err.preview,
      ...(layout ? { layout } : {}),
    };
    await whileOwned(deps.db, job, (client) => pipeline.stageRows(client, job.statementId, [], [], parsedData));
    throw err;
  }
}

/** The ISO currency the file states (OFX, CAMT.053, MT940, a `Currency:` preamble line, a header unit), if it is one. */
function currentCurrency(statement: pipeline.PipelineStatement): string | null {
  const currency = statement.parsedData?.metadata.currency;
  // XXX is ISO's "no currency" (a CAMT.053 export that states none): the default then applies.
  return currency && /^[A-Z]{3}$/.test(currency) && currency !== 'XXX' ? currency : null;
}

/** A new account's kind: a card where the file shows it is a card's statement, else a bank account (contract 6). */
function fileCategory(statement: pipeline.PipelineStatement): AccountCategory {
  return statement.parsedData?.metadata.kind === 'credit_card' ? 'credit_card' : 'bank';
}

function fileBank(statement: pipeline.PipelineStatement): string | null {
  const bank = statement.parsedData?.metadata.bank?.trim();
  return bank ? bank.slice(0, BANK_NAME_MAX) : null;
}

const BANK_NAME_MAX = 80;

/**
 * A name the file gave (name_source file) is improved by a later upload that names the bank, where the account
 * still has a bank-less name of its number (`Account ••5678`, `Card ••5678`, or contract 6's `Account 5678`).
 * A person's name is never touched, and neither is a file-given name that already names a bank.
 */
async function improveFileGivenName(client: Db, orgId: string, accountId: string, statement: pipeline.PipelineStatement): Promise<void> {
  const bank = fileBank(statement);
  if (!bank) return;
  const account = await pipeline.findAccountNaming(client, orgId, accountId);
  if (!account || account.nameSource !== 'file' || !account.accNo) return;
  const bankless = [
    accountName(account.accNo, { category: 'bank' }),
    accountName(account.accNo, { category: 'credit_card' }),
    legacyAccountName(account.accNo),
  ];
  if (!bankless.includes(account.name)) return;
  await pipeline.renameFileGivenAccount(client, orgId, accountId, account.name, accountName(account.accNo, { bank, category: account.category }));
}

/**
 * The bank's balances before the first row and after the last, where the file fixes their sign: its running
 * balances (a chain that holds gives both), or a structured format's signed balances (OFX, CAMT.053, MT940). A
 * card statement's printed "previous balance" is what is owed, printed in no agreed sign, so it is not taken on
 * its own; it is taken where the rows lead from it exactly to the balance the file prints after them (a one-row
 * statement's own balance, or its printed closing balance), which settles the sign: a statement too short for a
 * chain keeps its printed balances (issue 30). Rows that net to nothing settle no sign.
 */
function bankBalances(fileType: StatementFileType, integrity: IntegrityReport): { opening_balance: number | null; closing_balance: number | null } {
  if (integrity.balance_chain === 'ok') return { opening_balance: integrity.opening_balance.computed, closing_balance: integrity.closing_balance.computed };
  if (fileType === 'csv' || fileType === 'excel' || fileType === 'pdf') {
    const { opening_balance: opening, closing_balance: closing } = integrity;
    const net = (integrity.total_inflow.computed ?? 0) - (integrity.total_outflow.computed ?? 0);
    const agreed =
      integrity.balance_chain === 'not_checked' &&
      opening.printed !== null &&
      opening.ok !== false &&
      closing.ok !== false &&
      net !== 0 &&
      (opening.ok === true || (closing.ok === true && closing.printed !== null));
    return agreed
      ? { opening_balance: opening.printed, closing_balance: closing.printed ?? closing.computed }
      : { opening_balance: null, closing_balance: null };
  }
  return {
    opening_balance: integrity.opening_balance.printed ?? integrity.opening_balance.computed,
    closing_balance: integrity.closing_balance.printed ?? integrity.closing_balance.computed,
  };
}

/**
 * A new account opens with the balance the bank states before the statement's first transaction, on that
 * transaction's date (the account balance counts rows from its opening date on); without one it opens at 0.
 */
function openingOf(statement: pipeline.PipelineStatement): { balance: bigint; date: string } | null {
  const data = statement.parsedData;
  if (data?.opening_balance === null || data?.opening_balance === undefined || !data.period) return null;
  return { balance: BigInt(data.opening_balance), date: data.period.from };
}

/**
 * A new account's name (contract 6, extended by issue 30; the service README): the bank's name where the file
 * gives it, `Card` for a card, and the number's last four digits after `••`: `DBS Bank ••5678`, `DBS Bank Card
 * ••5678`, `Card ••5678`, `Account ••5678`.
 */
export function accountName(accNo: string, file: { bank?: string | null; category?: AccountCategory } = {}): string {
  const digits = accNo.replace(/\D/g, '');
  const number = `••${(digits || accNo.trim()).slice(-4)}`;
  const card = file.category === 'credit_card' ? 'Card' : null;
  if (file.bank) return [file.bank, card, number].filter((part) => part !== null).join(' ');
  return `${card ?? 'Account'} ${number}`;
}

/** The name contract 6 gave before issue 30 (`Account 5678`): still a file-given name, improved like the others. */
function legacyAccountName(accNo: string): string {
  const digits = accNo.replace(/\D/g, '');
  return `Account ${(digits || accNo).slice(-4)}`;
}

async function settleIfOwned(deps: StepDeps, job: StepJob, status: 'stalled' | 'failed', error: { code: string; message: string }): Promise<boolean> {
  try {
    await whileOwned(
      deps.db,
      job,
      async (client) => {
        await pipeline.settle(client, job.statementId, status, error);
        await recordStatementEvent(client, job.orgId, job.statementId);
      },
      ['queued', 'processing'],
    );
    return true;
  } catch (err) {
    if (err instanceof SupersededError) return false;
    throw err;
  }
}

/**
 * Runs one step job. Returns how it ended; throws for the queue to retry (transient faults: the file store, the
 * database, Redis) or RunFailed when the statement failed for good. `attemptsMade` is BullMQ's count
 * of earlier tries of this job, `attempts` the tries it has in all (on the last, a transient fault fails the
 * statement).
 */
export async function runStep(deps: StepDeps, job: StepJob, attemptsMade: number, attempts = deps.jobAttempts): Promise<Outcome> {
  const log = deps.logger.child({ statement_id: job.statementId, org_id: job.orgId, step: job.step, run: job.attempt });
  let result: StepResult;
  try {
    const claim = await claimStep(deps.db, job);
    if (claim.kind === 'behind') {
      // This step finished before a crash; make sure the step the statement is at has its job.
      await deps.queue.enqueue({ ...job, step: claim.step });
      return 'skipped';
    }
    if (claim.kind !== 'claimed') {
      log.debug({ claim: claim.kind }, 'nothing to do');
      return 'skipped';
    }
    await deps.beforeStep?.(job);
    result = await STEP_WORK[job.step](deps, job, claim.statement);
  } catch (err) {
    if (err instanceof SupersededError) return 'skipped';
    if (err instanceof Stall || (err instanceof StatementFileError && err.needsPassword)) {
      const code = err.code;
      await settleIfOwned(deps, job, 'stalled', { code, message: err.message });
      log.info({ code }, 'statement stalled');
      return 'stalled';
    }
    if (err instanceof StatementFileError) {
      await settleIfOwned(deps, job, 'failed', { code: err.code, message: err.message });
      log.info({ code: err.code }, 'statement failed');
      throw new RunFailed(`${err.code}: ${err.message}`);
    }
    const last = attemptsMade + 1 >= attempts;
    log.warn({ err, try: attemptsMade + 1, of: attempts }, last ? 'step failed for good' : 'step failed; it will be retried');
    if (!last) throw err;
    const message =
      err instanceof FileStoreUnavailableError
        ? `the stored file could not be read after ${attempts} tries; upload the statement again`
        : `processing stopped at step ${job.step} after ${attempts} tries because of a fault on our side (logged with statement id ${job.statementId})`;
    // If the database itself is what keeps failing, this fails too: the statement then stays processing, and the
    // job is in BullMQ's failed set for an operator.
    await settleIfOwned(deps, job, 'failed', { code: 'PROCESSING_FAILED', message }).catch((e: Error) =>
      log.error({ err: e.message }, 'could not mark the statement failed'),
    );
    throw new RunFailed(`PROCESSING_FAILED: ${(err as Error).message}`);
  }
  if ('completed' in result) {
    log.info('statement completed');
    return 'completed';
  }
  await deps.queue.enqueue({ ...job, step: result.next });
  return 'done';
}

/** The backstop for a job BullMQ failed without the step deciding (it stalled more often than allowed). */
export async function failAbandoned(deps: StepDeps, job: StepJob, reason: string): Promise<boolean> {
  return settleIfOwned(deps, job, 'failed', {
    code: 'PROCESSING_FAILED',
    message: `processing stopped at step ${job.step}: ${reason}`,
  });
}

/**
 * The queue fails a job that stalled too often in whichever worker notices, and only that worker marks the
 * statement failed: if that worker dies first, the statement would stay processing for ever. So a starting
 * worker looks at every running statement's current job and settles those the queue has already failed.
 */
export async function failAbandonedStatements(deps: StepDeps, history: StepJobHistory): Promise<void> {
  for (const job of await pipeline.findRunningStatements(deps.db)) {
    const reason = await history.failedReason(job);
    if (reason === null) continue;
    // Workers starting together all find it; the statement's lock lets one settle it, the others find it settled.
    if (!(await failAbandoned(deps, job, `its job failed (${reason}) while no worker could record it`))) continue;
    deps.logger.warn({ statement_id: job.statementId, step: job.step }, 'abandoned statement marked failed');
  }
}

/**
 * An upload is accepted while Redis is down (its statement stays queued, its first job not added), so the worker
 * adds the job of every queued statement the queue does not hold: at start-up and then periodically. Adding a job
 * id the queue holds is a no-op, so workers sweeping at once add it once; the job's claim (claimStep) runs a step
 * once whatever happens.
 */
export async function queueUnqueuedStatements(deps: StepDeps, history: StepJobHistory): Promise<number> {
  let added = 0;
  for (const job of await pipeline.findQueuedStatements(deps.db)) {
    if (await history.holds(job)) continue;
    await deps.queue.enqueue(job);
    added++;
    deps.logger.warn({ statement_id: job.statementId, step: job.step }, 'queued statement had no job; job added');
  }
  return added;
}
