import { view } from '@finance/platform';
import { z } from 'zod';
import { accountStatus, accountType, accountTypeRow, normalBalance, statement } from './chart';

export const accountView = z
  .strictObject({
    id: view.id,
    name: z.string(),
    type: accountType,
    parent: view.id.nullable(),
    is_group: z.boolean(),
    description: z.string().nullable(),
    source: z.string(),
    source_ref: z.string().nullable(),
    status: accountStatus,
    /** The currency the account is pinned to, or null (any currency). */
    currency: view.currency.nullable(),
    normal_balance: normalBalance,
    statement,
    created_at: view.timestamp,
    updated_at: view.timestamp,
  })
  .meta({ id: 'Account' });
export type AccountView = z.output<typeof accountView>;

/** POST /accounts: the account, and whether this call created it (false: a re-post of its source identity updated it). */
export const accountWriteView = accountView.extend({ created: z.boolean() }).meta({ id: 'AccountWrite' });

export const accountNode = accountView
  .extend({
    get children(): z.ZodArray<typeof accountNode> {
      return z.array(accountNode);
    },
  })
  .meta({ id: 'AccountNode' });
export type AccountNode = z.output<typeof accountNode>;

export const accountTreeView = z.strictObject({ accounts: z.array(accountNode), account_types: z.array(accountTypeRow) }).meta({ id: 'AccountTree' });

/** POST /accounts/seed: the system group keys this call created, and those that already existed. */
export const seedResultView = z.strictObject({ created: z.array(z.string()), existing: z.array(z.string()) }).meta({ id: 'SeedResult' });
