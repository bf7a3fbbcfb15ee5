import { accepted, created, defineRoute, fieldsOf, idParam, listReply, ok, q } from '@finance/platform';
import { asDb, type Db } from '../../domain/db';
import { z } from 'zod';
import * as statements from '../../domain/statements';
import { recoveryView, STATEMENT_SORTS, STATEMENT_STATUSES, statementView } from '../../views/statements';
import { timestamps } from './inputs';
import { layoutBody } from './reading-profiles';

/** Multipart text fields arrive as strings; an empty form field means "not given". */
const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);

export const statementUploadBody = z.strictObject({
  account_id: z.preprocess(blankAsMissing, z.uuid('must be an account id (uuid)').optional()),
  password: z.preprocess(blankAsMissing, z.string({ error: 'must be text' }).max(1024, 'must be at most 1024 characters').optional()),
  /** A completed statement of the same account that this corrected one replaces (issue 30). */
  replaces: z.preprocess(blankAsMissing, z.uuid('must be a statement id (uuid)').optional()),
  /** `true`: stall with REVIEW_REQUESTED before the rows are stored, for a person to look at them (issue 33). */
  review: z.preprocess(blankAsMissing, z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
});

export const passwordBody = z.strictObject({
  // Not trimmed: spaces may be part of a password. An empty one is refused; a wrong one is checked against the file.
  password: z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
    .min(1, 'must not be empty')
    .max(1024, 'must be at most 1024 characters'),
});

/** Accepting rows that do not reconcile takes no input: the rows are the ones parsed_data describes. */
export const acceptRowsBody = z.strictObject({});

export const accountNumberBody = z.strictObject({
  acc_no: z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters'),
});

export const statementFilters = { status: q.enum(STATEMENT_STATUSES), account_id: q.uuid() };

const NOT_STALLED = 'STATEMENT_NOT_STALLED: the statement is not stalled for what this call supplies (or is already running with another value)';
const UPSTREAM = 'UPSTREAM_UNAVAILABLE: the file store or the queue cannot be reached; nothing was changed, try again';

export function statementFileRoutes(db: Db, io: statements.StatementIo) {
  return [
    defineRoute({
      method: 'post',
      path: '/statements',
      permission: 'statements:create',
      summary: 'Upload a statement file (CSV, XLSX, XLS, PDF, OFX, QFX, QIF, CAMT.053 or MT940); it is processed by the worker',
      upload: { fileField: 'file', maxFileBytes: 20 * 1024 * 1024, fileRequired: true },
      body: statementUploadBody,
      idempotent: true,
      response: statementView,
      errors: {
        400: 'VALIDATION_ERROR: `file` of no supported type; `account_id` not an account of the organization; `replaces` not a completed statement of the organization and of the account, or one already replaced (or being replaced)',
        409: 'STATEMENT_ALREADY_UPLOADED: the same bytes are already a statement of the organization that is not failed or replaced; details[0] (path `file`) names it; nothing was stored',
        502: 'UPSTREAM_UNAVAILABLE: the file store cannot be reached; nothing was stored, try again (the queue is not needed: a statement queued while it is down is added to it later)',
      },
      handler: async ({ auth, file, body, db: tx }) =>
        created(
          await statements.uploadStatement(asDb(tx), io, auth.org.id, {
            file: file!,
            accountId: body.account_id,
            password: body.password,
            replaces: body.replaces,
            review: body.review === 'true',
          }),
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/statements',
      permission: 'statements:read',
      summary: 'List statements and where their processing stands',
      list: {
        fields: fieldsOf(statementView),
        filters: statementFilters,
        ranges: timestamps,
        sort: { columns: STATEMENT_SORTS, default: 'created_at' },
      },
      response: statementView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await statements.listStatements(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/statements/:statement_id',
      permission: 'statements:read',
      summary: 'One statement',
      params: idParam('statement_id'),
      response: statementView,
      fields: fieldsOf(statementView),
      handler: async ({ auth, params }) => ok(await statements.getStatement(db, auth.org.id, params.statement_id)),
    }),
    defineRoute({
      method: 'post',
      path: '/statements/:statement_id/password',
      permission: 'statements:edit',
      summary: 'Supply the password of a statement stalled for one; processing restarts at read_file',
      status: 202,
      params: idParam('statement_id'),
      body: passwordBody,
      response: recoveryView,
      errors: { 409: NOT_STALLED, 502: UPSTREAM },
      handler: async ({ auth, params, body }) => accepted(await statements.supplyPassword(db, io, auth.org.id, params.statement_id, body.password)),
    }),
    defineRoute({
      method: 'post',
      path: '/statements/:statement_id/account-number',
      permission: 'statements:edit',
      summary: 'Supply the account number of a statement whose account was not detected; processing restarts at detect_account',
      status: 202,
      params: idParam('statement_id'),
      body: accountNumberBody,
      response: recoveryView,
      errors: { 409: NOT_STALLED, 502: UPSTREAM },
      handler: async ({ auth, params, body }) => accepted(await statements.supplyAccountNumber(db, io, auth.org.id, params.statement_id, body.acc_no)),
    }),
    defineRoute({
      method: 'post',
      path: '/statements/:statement_id/accept',
      permission: 'statements:edit',
      summary: 'Accept the rows of a statement stalled with BALANCE_MISMATCH or REVIEW_REQUESTED as they were read; processing resumes at detect_account',
      status: 202,
      params: idParam('statement_id'),
      body: acceptRowsBody,
      response: recoveryView,
      errors: { 409: NOT_STALLED, 502: UPSTREAM },
      handler: async ({ auth, params }) => accepted(await statements.acceptRows(db, io, auth.org.id, params.statement_id)),
    }),
    defineRoute({
      method: 'post',
      path: '/statements/:statement_id/layout',
      permission: 'statements:edit',
      summary:
        'Say which column is which of a statement stalled with LAYOUT_NOT_RECOGNISED (or REVIEW_REQUESTED); the mapping is saved as the reading profile of the layout and processing restarts at parse',
      status: 202,
      params: idParam('statement_id'),
      body: layoutBody,
      response: recoveryView,
      errors: {
        400: "VALIDATION_ERROR: the mapping does not fit the statement's parsed_data.preview (a column or line that does not exist, a column mapped twice, money read two ways or none, or a mapping that reads no transaction from the preview); details name the field; nothing was changed",
        409: NOT_STALLED,
        502: UPSTREAM,
      },
      handler: async ({ auth, params, body }) => accepted(await statements.supplyLayout(db, io, auth.org.id, params.statement_id, body)),
    }),
  ];
}
