import {
  AppError,
  ConflictError,
  NotFoundError,
  UpstreamUnavailableError,
  ValidationError,
  withTransaction,
  type ListQuery,
  type UploadedFile,
} from '@finance/platform';
import { createHash } from 'node:crypto';
import type { Db } from '../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import * as repo from '../data-access/statements.repo';
import type { RecoveryView, StatementView } from '../views/statements';
import { checkPassword, detectFileType, isMappable, layoutFacts, StatementFileError } from '@finance/statement-readers';
import { checkMapping, type MappingInput } from './reading-profiles';
import { decryptSecret, encryptSecret, FileStoreUnavailableError, SecretDecryptionError, statementFileKey, type FileStore } from '../files';
import { stepIndex, stepJobId, type Step, type StepQueue } from './pipeline/jobs';

/** What the statement use cases need besides the database: where files live, the queue, the password key. */
export interface StatementIo {
  fileStore: FileStore;
  queue: StepQueue;
  secretKey: Buffer;
}

const PASSWORD_STALLS = new Set(['PASSWORD_REQUIRED', 'WRONG_PASSWORD']);
/** The name a statement uploaded without a file name gets. */
const DEFAULT_EXTENSION: Record<StatementView['file_type'], string> = {
  csv: 'csv',
  excel: 'xlsx',
  pdf: 'pdf',
  ofx: 'ofx',
  qif: 'qif',
  camt053: 'xml',
  mt940: 'sta',
};
const FILE_NAME_MAX = 255;

export async function getStatement(db: Db, orgId: string, id: string): Promise<StatementView> {
  const statement = await repo.findStatement(db, orgId, id);
  if (!statement) throw new NotFoundError(`statement ${id} not found`);
  return statement;
}

export async function listStatements(db: Db, orgId: string, list: ListQuery, filters: repo.StatementFilters) {
  return repo.findStatementPage(db, orgId, list, filters);
}

function storeUnavailable(err: unknown, doing: string): never {
  if (err instanceof FileStoreUnavailableError)
    throw new UpstreamUnavailableError(`the file store cannot be reached (${doing}); nothing was changed, try again`);
  throw err;
}

export interface UploadInput {
  file: UploadedFile;
  accountId?: string;
  password?: string;
  /** An earlier completed statement of the account whose rows this corrected one takes the place of (issue 30). */
  replaces?: string;
  /** Stall with REVIEW_REQUESTED before the rows are stored (issue 33). */
  review?: boolean;
}

/** 409: these bytes are already a live statement of the organization (issue 30); the detail names it. */
export class StatementAlreadyUploadedError extends AppError {
  constructor(existingId: string) {
    super(
      409,
      'STATEMENT_ALREADY_UPLOADED',
      `file: this file (the same bytes) was already uploaded as statement ${existingId}; nothing was stored. ` +
        `To correct that statement upload the corrected file with replaces=${existingId}`,
      [{ path: 'file', message: `the same bytes as statement ${existingId}` }],
    );
  }
}

/**
 * The statement an upload may replace: the organization's, completed, of the upload's account (when it names
 * one), not replaced already and with no replacement under way. Returns its account.
 */
async function replaceable(db: Db, orgId: string, id: string, accountId: string | undefined): Promise<string> {
  const bad = (message: string) => ValidationError.field('replaces', message);
  const old = await repo.findStatementRecord(db, orgId, id);
  if (!old) throw bad('no statement with this id in the organization');
  if (old.replaced_by) throw bad(`statement ${id} was already replaced by statement ${old.replaced_by}`);
  if (old.status !== 'completed' || !old.account_id) {
    throw bad(`statement ${id} is ${old.status}; only a completed statement can be replaced (a failed or stalled one has no rows to replace)`);
  }
  if (accountId !== undefined && old.account_id !== accountId) {
    throw bad(`statement ${id} belongs to account ${old.account_id}, not to account_id ${accountId}; a statement is replaced by one of its own account`);
  }
  const pending = await repo.findLiveReplacement(db, orgId, id);
  if (pending) throw bad(`statement ${id} is already being replaced by statement ${pending}`);
  return old.account_id;
}

/**
 * Stores the file (never changed afterwards), records the statement queued at read_file, and queues the first
 * step. The row and the job are made in one transaction: if the queue cannot be reached the row is rolled back
 * (502); a worker that takes the job before the commit waits on the statement's lock. Bytes the organization
 * already uploaded (a live statement: not failed, not replaced) are refused before anything is stored (409); an
 * upload with `replaces` takes the replaced statement's account when it names none.
 */
export async function uploadStatement(db: Db, io: StatementIo, orgId: string, input: UploadInput): Promise<StatementView> {
  let fileType: StatementView['file_type'];
  try {
    fileType = detectFileType(input.file.buffer, input.file.originalName);
  } catch (err) {
    if (err instanceof StatementFileError) throw ValidationError.field('file', err.message);
    throw err;
  }
  if (input.accountId !== undefined && !(await repo.accountExists(db, orgId, input.accountId))) {
    throw ValidationError.field('account_id', 'no statement account with this id in the organization');
  }
  const accountId = input.replaces !== undefined ? await replaceable(db, orgId, input.replaces, input.accountId) : input.accountId;
  const sha256 = createHash('sha256').update(input.file.buffer).digest('hex');
  const earlier = await repo.findLiveStatementByHash(db, orgId, sha256);
  if (earlier) throw new StatementAlreadyUploadedError(earlier);
  const id = uuidv7();
  const fileKey = statementFileKey(orgId, id);
  try {
    await io.fileStore.put(fileKey, input.file.buffer);
  } catch (err) {
    storeUnavailable(err, 'storing the file');
  }
  // Only PDFs and workbooks can carry a password: one sent with a text format is not kept.
  const password = (fileType === 'pdf' || fileType === 'excel') && input.password ? encryptSecret(input.password, io.secretKey, id) : null;
  const fileName = (input.file.originalName.trim() || `statement.${DEFAULT_EXTENSION[fileType]}`).slice(0, FILE_NAME_MAX);
  await withTransaction(db, async (tx) => {
    await repo.lockStatement(tx, id);
    // Two uploads of the same bytes (or replacing the same statement) at once: the second waits here and finds
    // the first. Its stored file stays unreferenced, as after any upload that does not commit.
    await repo.lockFileHash(tx, orgId, sha256);
    const meanwhile = await repo.findLiveStatementByHash(tx, orgId, sha256);
    if (meanwhile) throw new StatementAlreadyUploadedError(meanwhile);
    if (input.replaces !== undefined) {
      await repo.lockReplacement(tx, input.replaces);
      await replaceable(tx, orgId, input.replaces, accountId);
    }
    await repo.insertStatement(tx, {
      id,
      orgId,
      accountId: accountId ?? null,
      fileName,
      fileType,
      fileKey,
      passwordEncrypted: password,
      fileSha256: sha256,
      replaces: input.replaces ?? null,
      review: input.review ?? false,
    });
    // The queue is not needed to accept an upload: a statement whose first job did not reach it stays queued, and
    // the worker's sweep (queueUnqueuedStatements) adds the job. Added before the commit, so a job never waits for
    // a row; one whose statement then does not commit finds no statement and does nothing.
    await io.queue.enqueue({ statementId: id, orgId, step: 'read_file', attempt: 1 }).catch((err: unknown) => {
      if (!(err instanceof UpstreamUnavailableError)) throw err;
    });
  });
  return getStatement(db, orgId, id);
}

type Decision = { kind: 'restart' } | { kind: 'already'; reply: RecoveryView };

/**
 * Whether a recovery call may start a new run at `step`. A statement already running from that step with the
 * same value (a double click, a retried request) gets the running job back, and nothing runs twice; any other
 * state is a conflict.
 */
function decide(record: repo.StatementRecord, step: Step, stalledFor: (code: string) => boolean, sameValue: () => boolean): Decision {
  if (record.status === 'stalled' && record.error && stalledFor(record.error.code)) return { kind: 'restart' };
  const running = (record.status === 'queued' || record.status === 'processing') && record.step !== null && stepIndex(record.step) >= stepIndex(step);
  if (running && sameValue()) {
    return { kind: 'already', reply: { id: record.id, job_id: stepJobId({ statementId: record.id, step, attempt: record.attempt }), step } };
  }
  const where = record.step ? ` at step ${record.step}` : '';
  const why = record.error ? ` (${record.error.code})` : '';
  throw new ConflictError(
    'STATEMENT_NOT_STALLED',
    `statement ${record.id} is ${record.status}${where}${why}; this call resumes only a statement stalled for it`,
  );
}

async function restart(
  db: Db,
  io: StatementIo,
  orgId: string,
  id: string,
  step: Step,
  decideNow: (record: repo.StatementRecord) => Decision,
  change: (
    record: repo.StatementRecord,
    tx: Db,
  ) => Omit<Parameters<typeof repo.restartRun>[2], 'step' | 'attempt'> | Promise<Omit<Parameters<typeof repo.restartRun>[2], 'step' | 'attempt'>>,
): Promise<RecoveryView> {
  return withTransaction(db, async (tx) => {
    await repo.lockStatement(tx, id);
    const record = await repo.findStatementRecord(tx, orgId, id);
    if (!record) throw new NotFoundError(`statement ${id} not found`);
    const decision = decideNow(record);
    if (decision.kind === 'already') return decision.reply;
    const attempt = record.attempt + 1;
    await repo.restartRun(tx, id, { ...(await change(record, tx)), step, attempt });
    // Inside the transaction: if the queue cannot be reached, the update rolls back and the 502 leaves the
    // statement exactly as it was.
    const jobId = await io.queue.enqueue({ statementId: id, orgId, step, attempt });
    return { id, job_id: jobId, step };
  });
}

/** POST /statements/<id>/password: checked against the stored file, then sealed, then the run restarts at read_file. */
export async function supplyPassword(db: Db, io: StatementIo, orgId: string, id: string, password: string): Promise<RecoveryView> {
  const record = await repo.findStatementRecord(db, orgId, id);
  if (!record) throw new NotFoundError(`statement ${id} not found`);
  if (record.file_type !== 'pdf' && record.file_type !== 'excel') {
    throw ValidationError.field(
      'password',
      `this statement is a ${record.file_type} file, which cannot be password-protected; only pdf and excel statements take a password`,
    );
  }
  const storedIs = (candidate: repo.StatementRecord) => () => {
    if (!candidate.password_encrypted) return false;
    try {
      return decryptSecret(candidate.password_encrypted, io.secretKey, candidate.id) === password;
    } catch (err) {
      if (err instanceof SecretDecryptionError) return false;
      throw err;
    }
  };
  const decideFor = (candidate: repo.StatementRecord) => decide(candidate, 'read_file', (code) => PASSWORD_STALLS.has(code), storedIs(candidate));
  const first = decideFor(record);
  if (first.kind === 'already') return first.reply;

  let buffer: Buffer;
  try {
    buffer = await io.fileStore.get(record.file_key);
  } catch (err) {
    storeUnavailable(err, 'reading the stored file');
  }
  let check: Awaited<ReturnType<typeof checkPassword>>;
  try {
    check = await checkPassword(buffer, record.file_type, password);
  } catch (err) {
    if (err instanceof StatementFileError) throw ValidationError.field('password', `the stored file cannot be opened to check it: ${err.message}`);
    throw err;
  }
  if (check === 'wrong') throw ValidationError.field('password', 'the password does not open the stored file');
  if (check === 'not_protected') throw ValidationError.field('password', 'the stored file is not password-protected');

  return restart(db, io, orgId, id, 'read_file', decideFor, () => ({ passwordEncrypted: encryptSecret(password, io.secretKey, id) }));
}

/** POST /statements/<id>/account-number: acc_no into parsed_data.metadata, then the run restarts at detect_account (rows are not parsed again). */
export async function supplyAccountNumber(db: Db, io: StatementIo, orgId: string, id: string, accNo: string): Promise<RecoveryView> {
  const record = await repo.findStatementRecord(db, orgId, id);
  if (!record) throw new NotFoundError(`statement ${id} not found`);
  const noParsedData = () =>
    ValidationError.field('acc_no', `statement ${id} has no parsed_data yet (it has not been parsed); an account number can be given only after parsing`);
  if (!record.parsed_data) throw noParsedData();
  const decideFor = (candidate: repo.StatementRecord) =>
    decide(
      candidate,
      'detect_account',
      (code) => code === 'ACCOUNT_NOT_DETECTED',
      () => candidate.parsed_data?.metadata.acc_no === accNo,
    );
  const first = decideFor(record);
  if (first.kind === 'already') return first.reply;

  return restart(
    db,
    io,
    orgId,
    id,
    'detect_account',
    (candidate) => {
      if (!candidate.parsed_data) throw noParsedData();
      return decideFor(candidate);
    },
    (current) => {
      const parsed = current.parsed_data!;
      return { parsedData: { ...parsed, metadata: { ...parsed.metadata, acc_no: accNo } } };
    },
  );
}

/**
 * POST /statements/<id>/accept: a person has looked at a statement stalled with BALANCE_MISMATCH (its rows do not
 * reconcile with the file's running or printed balances) or REVIEW_REQUESTED (the upload asked to see the rows
 * first) and takes the rows as read. The acceptance is recorded in parsed_data.accepted (and review.accepted_at),
 * and the run resumes at detect_account with the staged rows (the file is not read again).
 */
export async function acceptRows(db: Db, io: StatementIo, orgId: string, id: string): Promise<RecoveryView> {
  const decideFor = (candidate: repo.StatementRecord) =>
    decide(
      candidate,
      'detect_account',
      (code) => code === 'BALANCE_MISMATCH' || code === 'REVIEW_REQUESTED',
      () => candidate.parsed_data?.accepted !== undefined || candidate.parsed_data?.review?.accepted_at !== undefined,
    );
  return restart(db, io, orgId, id, 'detect_account', decideFor, (current) => {
    const parsed = current.parsed_data!;
    const at = new Date().toISOString();
    const reviewed = current.error?.code === 'REVIEW_REQUESTED' && parsed.review ? { review: { ...parsed.review, accepted_at: at } } : {};
    const mismatch = parsed.integrity?.ok === false || current.error?.code === 'BALANCE_MISMATCH';
    return { parsedData: { ...parsed, ...reviewed, ...(mismatch ? { accepted: { at, break_count: parsed.integrity?.break_count ?? 0 } } : {}) } };
  });
}

const LAYOUT_STALLS = new Set(['LAYOUT_NOT_RECOGNISED', 'REVIEW_REQUESTED']);
const PROFILE_NAME_MAX = 200;

/** The mapping as parsed_data.layout records it, for telling a repeated call from a new mapping. */
const mappingKey = (mapping: object) => JSON.stringify(mapping, (key, value: unknown) => (key === 'profile_id' ? undefined : value));

/**
 * POST /statements/<id>/layout (issue 33): a person says which column is which of a statement stalled with
 * LAYOUT_NOT_RECOGNISED (or REVIEW_REQUESTED, to correct the layout). The mapping is checked against the preview
 * the person saw (parsed_data.preview) before anything is written; then, in one transaction, it is saved as the
 * organization's reading profile of the layout (its fingerprint), recorded in parsed_data.layout, and the run
 * restarts at parse, which reads the file with it.
 */
export async function supplyLayout(db: Db, io: StatementIo, orgId: string, id: string, mapping: MappingInput): Promise<RecoveryView> {
  const record = await repo.findStatementRecord(db, orgId, id);
  if (!record) throw new NotFoundError(`statement ${id} not found`);
  const decideFor = (candidate: repo.StatementRecord) =>
    decide(
      candidate,
      'parse',
      (code) => LAYOUT_STALLS.has(code),
      () => candidate.parsed_data?.layout !== undefined && mappingKey(candidate.parsed_data.layout) === mappingKey(mapping),
    );
  const first = decideFor(record);
  if (first.kind === 'already') return first.reply;
  const checked = (candidate: repo.StatementRecord) => {
    const preview = candidate.parsed_data?.preview;
    if (!preview || !isMappable(candidate.file_type)) {
      throw ValidationError.field('columns', `statement ${id} is a ${candidate.file_type} file, whose fields are named by the format; it has no layout to map`);
    }
    checkMapping(mapping, preview, candidate.file_type);
    const facts = layoutFacts(preview.lines, mapping.header_row);
    if (!facts)
      throw ValidationError.field(
        'header_row',
        'no line of the preview holds a date, so a file without a header cannot be recognised again; give the header_row',
      );
    return { preview, facts, fileType: candidate.file_type };
  };
  checked(record);

  return restart(db, io, orgId, id, 'parse', decideFor, async (current, tx) => {
    const { preview, facts, fileType } = checked(current);
    const { header_row: _header, skip_lines: _skip, ...remembered } = mapping;
    const profileId = await repo.upsertReadingProfile(tx, {
      id: uuidv7(),
      orgId,
      name: `Layout of ${current.file_name}`.slice(0, PROFILE_NAME_MAX),
      fileType,
      fingerprint: facts.fingerprint,
      header: facts.header,
      bankText: facts.bank_text,
      width: Math.max(1, preview.width),
      mapping: remembered,
    });
    return { parsedData: { ...current.parsed_data!, layout: { ...mapping, profile_id: profileId } } };
  });
}
