import { accepted, created, defineRoute, idParam, listReply, noContent, ok, parseFields, pickFields } from '@finance/platform';
import type { z } from 'zod';
import type { QueryLimits } from '../../data-access/budget';
import type { StatementDb } from '../../data-access/db';
import { LIST_COLUMNS } from '../../data-access/transactions.repo';
import type { TransactionType } from '../../data-access/views';
import * as accounts from '../../domain/accounts';
import * as reports from '../../domain/reports';
import * as rules from '../../domain/rules';
import * as statements from '../../domain/statements';
import * as transactions from '../../domain/transactions';
import * as s from './schemas';

type AccountBody = z.output<typeof s.accountCreateBody>;

/** The API's snake_case account fields as the domain's; a field a PATCH leaves out stays undefined (unchanged). */
function accountInput(body: AccountBody): accounts.AccountInput;
function accountInput(body: Partial<AccountBody>): Partial<accounts.AccountInput>;
function accountInput(body: Partial<AccountBody>): Partial<accounts.AccountInput> {
  return {
    name: body.name,
    category: body.category,
    description: body.description,
    accNo: body.acc_no,
    currency: body.currency,
    color: body.color,
    openingBalance: body.opening_balance,
    openingBalanceDate: body.opening_balance_date,
    isArchived: body.is_archived,
  };
}

const timestamps = { created_at: 'timestamp', updated_at: 'timestamp' } as const;

/** Every route of the statement service, declared as data (whoami comes from the platform). */
export function statementRoutes(db: StatementDb, limits: QueryLimits, io: statements.StatementIo) {
  const groupedReport = (type: TransactionType) =>
    defineRoute({
      method: 'get',
      path: `/reports/${type}`,
      permission: 'reports:read',
      summary: `The ${type} report: totals per category or entity and per period`,
      query: s.groupedReportQuery,
      handler: async ({ auth, query }) => ok(await reports.groupedReport(db, limits, auth.org.id, type, query)),
    });

  return [
    // Statements
    defineRoute({
      method: 'post',
      path: '/statements',
      permission: 'statements:create',
      summary: 'Upload a statement file (CSV, XLSX, XLS, PDF, OFX, QFX, QIF, CAMT.053 or MT940); it is processed by the worker',
      upload: { fileField: 'file', maxFileBytes: 20 * 1024 * 1024, fileRequired: true },
      body: s.statementUploadBody,
      idempotent: true,
      handler: async ({ auth, file, body }) =>
        created(await statements.uploadStatement(db, io, auth.org.id, { file: file!, accountId: body.account_id, password: body.password })),
    }),
    defineRoute({
      method: 'get',
      path: '/statements',
      permission: 'statements:read',
      summary: 'List statements and where their processing stands',
      list: {
        fields: s.STATEMENT_FIELDS,
        filters: s.statementFilters,
        ranges: timestamps,
        sort: { columns: ['created_at', 'updated_at'], default: 'created_at' },
      },
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
      fields: s.STATEMENT_FIELDS,
      handler: async ({ auth, params }) => ok(await statements.getStatement(db, auth.org.id, params.statement_id)),
    }),
    defineRoute({
      method: 'post',
      path: '/statements/:statement_id/password',
      permission: 'statements:edit',
      summary: 'Supply the password of a statement stalled for one; processing restarts at read_file',
      status: 202,
      params: idParam('statement_id'),
      body: s.passwordBody,
      handler: async ({ auth, params, body }) => accepted(await statements.supplyPassword(db, io, auth.org.id, params.statement_id, body.password)),
    }),
    defineRoute({
      method: 'post',
      path: '/statements/:statement_id/account-number',
      permission: 'statements:edit',
      summary: 'Supply the account number of a statement whose account was not detected; processing restarts at detect_account',
      status: 202,
      params: idParam('statement_id'),
      body: s.accountNumberBody,
      handler: async ({ auth, params, body }) => accepted(await statements.supplyAccountNumber(db, io, auth.org.id, params.statement_id, body.acc_no)),
    }),
    defineRoute({
      method: 'post',
      path: '/statements/:statement_id/accept',
      permission: 'statements:edit',
      summary: 'Accept the rows of a statement stalled with BALANCE_MISMATCH as they were read; processing resumes at detect_account',
      status: 202,
      params: idParam('statement_id'),
      body: s.acceptRowsBody,
      handler: async ({ auth, params }) => accepted(await statements.acceptRows(db, io, auth.org.id, params.statement_id)),
    }),

    // Transactions
    defineRoute({
      method: 'get',
      path: '/transactions',
      permission: 'transactions:read',
      summary: 'List statement rows (inflow, outflow, balance in milli-units)',
      list: {
        fields: s.TRANSACTION_FIELDS,
        filters: s.transactionFilters,
        ranges: { date: 'date', ...timestamps },
        sort: { columns: Object.keys(LIST_COLUMNS) as ['date', 'created_at', 'updated_at'], default: 'date' },
      },
      handler: async ({ auth, list }) => {
        const { rows, total } = await transactions.listTransactions(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/transactions/search',
      permission: 'transactions:read',
      summary: 'Search statement rows with AND-combined conditions',
      status: 200,
      body: s.searchBody,
      handler: async ({ auth, body }) => {
        const { rows, total } = await transactions.searchTransactions(db, limits, auth.org.id, body);
        const fields = body.fields ? parseFields(body.fields.join(','), s.TRANSACTION_FIELDS) : null;
        return listReply({ page: body.page, limit: body.limit, fields }, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/transactions/:transaction_id',
      permission: 'transactions:read',
      summary: 'One statement row',
      params: idParam('transaction_id'),
      fields: s.TRANSACTION_FIELDS,
      handler: async ({ auth, params }) => ok(await transactions.getTransaction(db, auth.org.id, params.transaction_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/transactions/:transaction_id',
      permission: 'transactions:edit',
      summary: 'Categorise a statement row by hand',
      params: idParam('transaction_id'),
      body: s.transactionEditBody,
      handler: async ({ auth, params, body }) => ok(await transactions.editTransaction(db, auth.org.id, params.transaction_id, body)),
    }),

    // Reports
    groupedReport('income'),
    groupedReport('expense'),
    groupedReport('liability'),
    defineRoute({
      method: 'get',
      path: '/reports/inflow_outflow',
      permission: 'reports:read',
      summary: 'Every non-transfer row of a window, oldest first, with its account',
      query: s.flowReportQuery,
      handler: async ({ auth, query }) => ok(await reports.inflowOutflowReport(db, limits, auth.org.id, query)),
    }),
    defineRoute({
      method: 'get',
      path: '/categories',
      permission: 'reports:read',
      summary: 'Totals per category and type',
      query: s.categoriesQuery,
      handler: async ({ auth, query }) => ok(await reports.categoriesReport(db, limits, auth.org.id, query)),
    }),

    // Accounts
    defineRoute({
      method: 'post',
      path: '/accounts',
      permission: 'accounts:create',
      summary: 'Create a statement account (bank or credit card)',
      idempotent: true,
      body: s.accountCreateBody,
      handler: async ({ auth, body }) =>
created(await accounts.createAccount(db, auth.org.id, accountInput(body))),
    }),
    defineRoute({
      method: 'get',
      path: '/accounts',
      permission: 'accounts:read',
      summary: 'List statement accounts',
      list: {
        fields: s.ACCOUNT_FIELDS,
        filters: s.accountFilters,
        ranges: { created_at: 'timestamp' },
        sort: { columns: ['created_at', 'name'], default: 'created_at' },
      },
      handler: async ({ auth, list }) => {
        const { rows, total } = await accounts.listAccounts(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/:account_id',
      permission: 'accounts:read',
      summary: 'One statement account',
      params: idParam('account_id'),
      fields: s.ACCOUNT_FIELDS,
      handler: async ({ auth, params }) => ok(await accounts.getAccount(db, auth.org.id, params.account_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/accounts/:account_id',
      permission: 'accounts:edit',
      summary: 'Edit a statement account',
      params: idParam('account_id'),
      body: s.accountEditBody,
      handler: async ({ auth, params, body }) =>
ok(await accounts.editAccount(db, auth.org.id, params.account_id, accountInput(body))),
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/:account_id/balance',
      permission: 'accounts:read',
      summary: "An account's balance at the end of a day",
      params: idParam('account_id'),
      query: s.balanceQuery,
      handler: async ({ auth, params, query }) => ok(await accounts.accountBalance(db, auth.org.id, params.account_id, query.as_of)),
    }),

    // Rules
    defineRoute({
      method: 'get',
      path: '/rules',
      permission: 'rules:read',
      summary: 'List rules, in the order automatic categorisation applies them',
      list: {
        fields: s.RULE_FIELDS,
        filters: s.ruleFilters,
        sort: { columns: ['priority', 'created_at', 'name'], default: 'priority', order: 'ASC' },
      },
      handler: async ({ auth, list }) => {
        const { rows, total } = await rules.listRules(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/rules',
      permission: 'rules:create',
      summary: 'Create a rule',
      idempotent: true,
      body: s.ruleCreateBody,
      handler: async ({ auth, body }) => created(await rules.createRule(db, auth.org.id, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/rules/:rule_id',
      permission: 'rules:read',
      summary: 'One rule',
      params: idParam('rule_id'),
      handler: async ({ auth, params }) => ok(await rules.getRule(db, auth.org.id, params.rule_id)),
    }),
    defineRoute({
      method: 'put',
      path: '/rules/:rule_id',
      permission: 'rules:edit',
      summary: 'Change a rule (partial; conditions and actions sent replace the whole array)',
      params: idParam('rule_id'),
      body: s.ruleEditBody,
      handler: async ({ auth, params, body }) => ok(await rules.editRule(db, auth.org.id, params.rule_id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/rules/:rule_id',
      permission: 'rules:delete',
      summary: 'Delete a rule; rows keep the categorisation it gave them',
      params: idParam('rule_id'),
      handler: async ({ auth, params }) => {
        await rules.removeRule(db, auth.org.id, params.rule_id);
        return noContent();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/rules/:rule_id/preview',
      permission: 'rules:read',
      summary: 'The rows a rule would change (read-only)',
      params: idParam('rule_id'),
      query: s.previewQuery,
      list: { fields: s.PREVIEW_FIELDS },
      handler: async ({ auth, params, query, list }) => {
        const { rows, total } = await rules.previewRule(db, limits, auth.org.id, params.rule_id, list, query.force_all ?? false);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/rules/:rule_id/run',
      permission: 'rules:edit',
      summary: "Apply a rule's actions to the rows it matches",
      status: 200,
      params: idParam('rule_id'),
      body: s.runBody,
      bodyOptional: true,
      handler: async ({ auth, params, body }) => ok(await rules.runRule(db, limits, auth.org.id, params.rule_id, body?.force_all ?? false)),
    }),
  ];
}
