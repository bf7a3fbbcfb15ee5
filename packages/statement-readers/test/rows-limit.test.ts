import { StatementFileError } from '../src';
import { MAX_STATEMENT_ROWS, StatementTable } from '../src/table';

test(`a statement of more than ${MAX_STATEMENT_ROWS} transactions is PARSE_FAILED (split it), not an out-of-memory worker`, () => {
  const table = new StatementTable((line) => `line ${line}`);
  table.push(['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'], 1);
  for (let i = 0; i < MAX_STATEMENT_ROWS; i++) table.push(['01/04/2024', `UPI/${i}`, '1.00', '', ''], i + 2);
  expect(table.finish('file').rows).toHaveLength(MAX_STATEMENT_ROWS);
  let error: unknown;
  try {
    table.push(['01/04/2024', 'one too many', '1.00', '', ''], MAX_STATEMENT_ROWS + 2);
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(StatementFileError);
  expect(error).toMatchObject({
    code: 'PARSE_FAILED',
    message: expect.stringContaining(`line ${MAX_STATEMENT_ROWS + 2}: the statement has more than 200,000 transactions`),
  });
});
