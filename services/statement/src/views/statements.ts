import { accountCategory } from './accounts';
import { view } from '@finance/platform';
import { z } from 'zod';
import { STATEMENT_FILE_TYPES } from '@finance/statement-readers';
import { layoutPreviewView, readingMappingView } from './reading-profiles';

/** Where a statement's processing stands, and the pipeline's steps in order. */
export const STATEMENT_STATUSES = ['queued', 'processing', 'stalled', 'completed', 'failed'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];
export const STATEMENT_STEPS = ['read_file', 'parse', 'detect_account', 'categorize'] as const;
export type StatementStep = (typeof STATEMENT_STEPS)[number];

export const STATEMENT_SORTS = ['created_at', 'updated_at'] as const;

export const statementError = z.strictObject({ code: z.string(), message: z.string() }).meta({ id: 'StatementError' });
export type StatementError = z.output<typeof statementError>;

/** A line of the file that was not read as a transaction, and why. */
export const readWarning = z
  .strictObject({
    /** "line 14", "page 2, line 7", "row 12 of sheet \"Statement\"", "transaction 3". */
    position: z.string(),
    reason: z.string(),
    /** The line as read, shortened to 200 characters. */
    text: z.string(),
  })
  .meta({ id: 'ReadWarning' });

/** A row whose balance does not follow from the one before it; amounts in milli-units. */
const balanceBreak = z
  .strictObject({ row: view.count, position: z.string().nullable(), expected_balance: view.integer, balance: view.integer })
  .meta({ id: 'BalanceBreak' });

/** One printed figure against what the rows say (milli-units); ok null where the file prints no such figure. */
const figureCheck = z
  .strictObject({ printed: view.integer.nullable(), computed: view.integer.nullable(), ok: z.boolean().nullable() })
  .meta({ id: 'FigureCheck' });

/** The rows checked against the file's running balances, printed balances and totals. */
export const integrityReport = z
  .strictObject({
    ok: z.boolean(),
    balance_chain: z.enum(['ok', 'broken', 'not_checked']),
    order: z.enum(['oldest_first', 'newest_first']).nullable(),
    /** The first breaks; break_count has them all. */
    breaks: z.array(balanceBreak),
    break_count: view.count,
    opening_balance: figureCheck,
    closing_balance: figureCheck,
    total_inflow: figureCheck,
    total_outflow: figureCheck,
    row_count: view.count,
    skipped_lines: view.count,
  })
  .meta({ id: 'IntegrityReport' });

/**
 * A row the import found on one side only (issue 30): `file_only`, a row of the file on a compared date that
 * matched no stored row (stored as new: it may be genuinely new, or a stored one the bank printed differently);
 * `stored_only`, a stored row of a compared date that the file does not have (left as it is), or a row of the
 * replaced statement that the new file does not have (`removed`: deleted). Amounts in milli-units.
 */
export const statementImportDiffering = z
  .strictObject({
    kind: z.enum(['file_only', 'stored_only']),
    /** The stored row: the new row's id (file_only), the stored one's (stored_only; gone when removed). */
    transaction_id: view.id,
    /** The statement the row belongs to: this one (file_only), the one that stored it (stored_only; null for rows stored without one). */
    statement_id: view.id.nullable(),
    date: view.date,
    particulars: z.string(),
    inflow: view.integer,
    outflow: view.integer,
    balance: view.integer.nullable(),
    removed: z.boolean(),
  })
  .meta({ id: 'StatementImportDiffering' });

/**
 * What the import did with the statement's rows (issue 30), set at detect_account. Rows on dates an earlier
 * statement of the account covers are matched against the stored rows as a multiset on (date, inflow, outflow,
 * normalised narration); rows_read = stored + already_stored.
 */
export const statementImport = z
  .strictObject({
    /** Rows of the file (row_count). */
    rows_read: view.count,
    /** Rows this statement holds (transaction_count): the new ones, and carried_over. */
    stored: view.count,
    /** Rows of the file that matched a row another statement had stored: not stored again. */
    already_stored: view.count,
    /** Rows of the replaced statement that matched a row of the file and are this statement's now (same id). */
    carried_over: view.count,
    /** Rows of the replaced statement the file does not have: deleted. */
    removed: view.count,
    /** The statement this one replaced, or null. */
    replaces: view.id.nullable(),
    /** The first and last date of the file that an earlier statement of the account covers; null when none does. */
    compared: z.strictObject({ from: view.date, to: view.date }).nullable(),
    /** The first 500 rows found on one side only, by date; differing_count counts them all. */
    differing: z.array(statementImportDiffering),
    differing_count: view.count,
  })
  .meta({ id: 'StatementImport' });
export type StatementImport = z.output<typeof statementImport>;

/** What an upload with review=true shows before its rows are stored: the rows as read, the chain's verdict, the totals. */
export const statementReview = z
  .strictObject({
    /** The first 500 rows in file order (milli-units); row_count has them all. */
    rows: z.array(
      z.strictObject({
        date: view.date,
        particulars: z.string(),
        inflow: view.integer,
        outflow: view.integer,
        balance: view.integer.nullable(),
        position: z.string().nullable(),
      }),
    ),
    row_count: view.count,
    balance_chain: z.enum(['ok', 'broken', 'not_checked']),
    total_inflow: view.integer,
    total_outflow: view.integer,
    /** When a person accepted them (POST /statements/<id>/accept). */
    accepted_at: view.timestamp.optional(),
  })
  .meta({ id: 'StatementReview' });

/** null until the statement is parsed. */
export const statementParsedData = z
  .strictObject({
    metadata: z.strictObject({
      acc_no: z.string().nullable(),
      header: z.array(z.string()),
      /** ISO 4217 where the file states it (a `Currency:` line, a header unit such as `Amount (SGD)`, a currency column, OFX/CAMT/MT940). */
      currency: z.string().nullable().optional(),
      /** `credit_card` where the file shows it is a card's statement (a card number, its credit limit or minimum payment); null: it does not say. */
      kind: accountCategory.nullable().optional(),
      /** The bank's name where the reader knows it (its bank profile, or a preamble line that is the bank's name). */
      bank: z.string().nullable().optional(),
    }),
    /** The bank profile the file was read by (`hdfc-bank`); null: read by inference (or a structured format). */
    profile: z.string().nullable().optional(),
    /**
     * The bank's own balances before the first and after the last transaction (milli-units): as printed, or else
     * from the running balances; null where the file gives neither.
     */
    opening_balance: view.integer.nullable().optional(),
    closing_balance: view.integer.nullable().optional(),
    /** The dates of the first and last transaction read. */
    period: z.strictObject({ from: view.date, to: view.date }).nullable().optional(),
    /** Rows read from the file; transaction_count is how many of them this statement stored (`import` says why). */
    row_count: view.count,
    warnings: z.array(readWarning).optional(),
    integrity: integrityReport.optional(),
    /** Set when a person accepted rows that do not reconcile (POST /statements/<id>/accept). */
    accepted: z.strictObject({ at: view.timestamp, break_count: view.count }).optional(),
    /** Set once the rows are imported (detect_account); absent on statements imported before issue 30. */
    import: statementImport.optional(),
    /** The file's first lines and the reader's guesses, while the statement waits for a mapping (issue 33). */
    preview: layoutPreviewView.optional(),
    /** The mapping a person gave (POST /statements/<id>/layout), which the file was read with. */
    layout: readingMappingView.optional(),
    /** The rows as read, for an upload that asked to review them first (review=true; issue 33). */
    review: statementReview.optional(),
  })
  .meta({ id: 'StatementParsedData' });
export type StatementParsedData = z.output<typeof statementParsedData>;

/** What every statement endpoint answers (upload, list, detail); never the password or where the file is kept. */
export const statementView = z
  .strictObject({
    id: view.id,
    file_name: z.string(),
    file_type: z.enum(STATEMENT_FILE_TYPES),
    status: z.enum(STATEMENT_STATUSES),
    step: z.enum(STATEMENT_STEPS).nullable(),
    error: statementError.nullable(),
    account_id: view.id.nullable(),
    parsed_data: statementParsedData.nullable(),
    /** Rows this statement stored (0 once replaced: its rows are the replacement's, or deleted). */
    transaction_count: view.count,
    /** SHA-256 of the uploaded bytes (hex); null for statements uploaded before it was kept. */
    file_sha256: z.string().nullable(),
    /** The earlier statement this one replaces (multipart field `replaces` at upload), or null. */
    replaces: view.id.nullable(),
    /** The statement that replaced this one, once that one's rows were imported, or null. */
    replaced_by: view.id.nullable(),
    created_at: view.timestamp,
    updated_at: view.timestamp,
  })
  .meta({ id: 'Statement' });
export type StatementView = z.output<typeof statementView>;

/** The answer of the recovery calls (password, account number, accept): the job that resumes the statement. */
export const recoveryView = z.strictObject({ id: view.id, job_id: z.string(), step: z.enum(STATEMENT_STEPS) }).meta({ id: 'StatementRecovery' });
export type RecoveryView = z.output<typeof recoveryView>;
