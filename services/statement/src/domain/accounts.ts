import { ConflictError, NotFoundError, pgErrorCode, UNIQUE_VIOLATION, ValidationError, withTransaction, type ListQuery } from '@finance/platform';
import type { Db } from '../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import * as accounts from '../data-access/accounts.repo';
import * as statements from '../data-access/statements.repo';
import type { AccountDetailView, AccountView, BalanceView } from '../views/accounts';
import { statementContinuity } from './continuity';
import { milliToBase } from '../views/money';

export type AccountInput = accounts.AccountFields;

export async function getAccount(db: Db, orgId: string, id: string): Promise<AccountView> {
  const account = await accounts.findAccount(db, orgId, id);
  if (!account) throw new NotFoundError(`account ${id} not found`);
  return account;
}

/** GET /accounts/<id>: the account and the continuity of its completed statements (issue 22). */
export async function getAccountDetail(db: Db, orgId: string, id: string): Promise<AccountDetailView> {
  const account = await getAccount(db, orgId, id);
  const figures = await statements.findAccountStatementFigures(db, orgId, id);
  return { ...account, continuity: statementContinuity(figures, account.currency) };
}

export async function listAccounts(db: Db, orgId: string, list: ListQuery, filters: accounts.AccountFilters) {
  return accounts.findAccountPage(db, orgId, list, filters);
}

/** Account detection matches acc_no ignoring spaces and dashes, so that form is unique per organization. */
function accNoConflict(accNo: string | null | undefined): ConflictError {
  return new ConflictError(
    'ACCOUNT_NUMBER_EXISTS',
    `acc_no: another account of the organization already has account number ${accNo ?? ''} (spaces and dashes ignored)`,
  );
}

export async function createAccount(db: Db, orgId: string, input: AccountInput): Promise<AccountView> {
  const id = uuidv7();
  try {
    await accounts.insertAccount(db, orgId, id, input);
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw accNoConflict(input.accNo);
    throw err;
  }
  return getAccount(db, orgId, id);
}

/**
 * A PATCH. A name given here is a person's (`name_source: person`): no later upload renames the account. The
 * currency can be corrected only while the account holds no transactions: changing it then would re-denominate
 * every stored amount (409 ACCOUNT_HAS_TRANSACTIONS, nothing changed). The row lock makes the check and the change
 * one step against a statement importing rows into the account at the same moment.
 */
export async function editAccount(db: Db, orgId: string, id: string, patch: Partial<AccountInput>): Promise<AccountView> {
  return withTransaction(db, async (tx) => {
    if (patch.currency !== undefined) {
      const holdings = await accounts.lockAccountHoldings(tx, orgId, id);
      if (!holdings) throw new NotFoundError(`account ${id} not found`);
      if (holdings.currency !== patch.currency && holdings.transactions > 0) {
        const rows = `${holdings.transactions} transaction${holdings.transactions === 1 ? '' : 's'}`;
        throw new ConflictError(
          'ACCOUNT_HAS_TRANSACTIONS',
          `currency: the account holds ${rows} in ${holdings.currency}; its currency can be changed only while it holds none ` +
            `(changing it would re-denominate them). Upload the statements into an account in ${patch.currency} instead`,
        );
      }
    }
    const fields = patch.name !== undefined ? { ...patch, nameSource: 'person' as const } : patch;
    let found: boolean;
    try {
      found = await accounts.updateAccount(tx, orgId, id, fields);
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw accNoConflict(patch.accNo);
      throw err;
    }
    if (!found) throw new NotFoundError(`account ${id} not found`);
    return getAccount(tx, orgId, id);
  });
}

/**
 * Opening balance plus every row from the opening balance date (inclusive) up to and including as_of.
 * Summed as bigint milli-units; converted to base units only for the answer.
 */
export async function accountBalance(db: Db, orgId: string, id: string, asOf: string): Promise<BalanceView> {
  const opening = await accounts.findOpening(db, orgId, id);
  if (!opening) throw new NotFoundError(`account ${id} not found`);
  if (opening.openingBalanceDate !== null && asOf < opening.openingBalanceDate) {
    throw ValidationError.field('as_of', `must not be before the account's opening_balance_date ${opening.openingBalanceDate}`);
  }
  const sums = await accounts.sumAccountRows(db, orgId, id, opening.openingBalanceDate, asOf);
  return {
    account_id: id,
    as_of_date: asOf,
    balance: milliToBase(opening.openingBalance + sums.inflow - sums.outflow, 'balance'),
    computed_from: {
      opening_balance: milliToBase(opening.openingBalance, 'opening_balance'),
      opening_balance_date: opening.openingBalanceDate,
      total_inflow: milliToBase(sums.inflow, 'total_inflow'),
      total_outflow: milliToBase(sums.outflow, 'total_outflow'),
      transaction_count: sums.count,
    },
  };
}
