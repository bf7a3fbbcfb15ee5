// Issue 36: what a statement.stalled event says the statement waits for, from its stall code.
import { actionRequiredFor } from '../src/domain/pipeline/events';

const id = '01900000-0000-7000-8000-000000000001';

test.each([
  ['PASSWORD_REQUIRED', 'password', `POST /api/v1/statements/${id}/password`],
  ['WRONG_PASSWORD', 'password', `POST /api/v1/statements/${id}/password`],
  ['ACCOUNT_NOT_DETECTED', 'account_number', `POST /api/v1/statements/${id}/account-number`],
  ['BALANCE_MISMATCH', 'balance_acceptance', `POST /api/v1/statements/${id}/accept`],
  ['LAYOUT_NOT_RECOGNISED', 'layout', `POST /api/v1/statements/${id}/layout`],
  ['REVIEW_REQUESTED', 'layout', `POST /api/v1/statements/${id}/accept`],
])('%s needs %s', (code, needs, call) => {
  expect(actionRequiredFor(id, { code, message: 'why' })).toEqual({ needs, code, message: 'why', call });
});
