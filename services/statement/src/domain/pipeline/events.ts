import type { ActionRequired, StallNeed } from '@finance/platform';
import type { Tx } from '../../data-access/db';
import { findStatement } from '../../data-access/statements.repo';
import { recordEvent } from '../../data-access/webhooks';

/** What a stalled statement's code asks of a person, and the call that gives it. */
const NEEDS: { test: RegExp; needs: StallNeed; call: string }[] = [
  { test: /PASSWORD/, needs: 'password', call: 'POST /api/v1/statements/{id}/password' },
  { test: /ACCOUNT/, needs: 'account_number', call: 'POST /api/v1/statements/{id}/account-number' },
  { test: /BALANCE|MISMATCH|RECONCIL/, needs: 'balance_acceptance', call: 'POST /api/v1/statements/{id}/accept' },
  { test: /^LAYOUT_NOT_RECOGNISED$/, needs: 'layout', call: 'POST /api/v1/statements/{id}/layout' },
  // An upload sent with review=true: the rows as read wait for acceptance (or a corrected layout, POST .../layout).
  { test: /^REVIEW_REQUESTED$/, needs: 'layout', call: 'POST /api/v1/statements/{id}/accept' },
  { test: /./, needs: 'layout', call: 'POST /api/v1/statements/{id}/layout' },
];

export function actionRequiredFor(id: string, error: { code: string; message: string }): ActionRequired {
  const found = NEEDS.find((n) => n.test.test(error.code))!;
  return { needs: found.needs, code: error.code, message: error.message, call: found.call.replace('{id}', id) };
}

/**
 * statement.completed, statement.stalled (with what it needs) or statement.failed, from the statement as the API
 * now answers it: called in the transaction that settled it (issue 36).
 */
export async function recordStatementEvent(tx: Tx, orgId: string, statementId: string): Promise<void> {
  const statement = await findStatement(tx, orgId, statementId);
  if (!statement) return;
  if (statement.status === 'completed') await recordEvent(tx, { type: 'statement.completed', organization: orgId, data: statement });
  else if (statement.status === 'failed') await recordEvent(tx, { type: 'statement.failed', organization: orgId, data: statement });
  else if (statement.status === 'stalled' && statement.error) {
    await recordEvent(tx, {
      type: 'statement.stalled',
      organization: orgId,
      data: statement,
      action_required: actionRequiredFor(statement.id, statement.error),
    });
  }
}
