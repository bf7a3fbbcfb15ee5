import type { Statement } from './calls';

/** What each state and code means, for a finance person rather than a developer: the code stays, small, for support. */
export const STATUS_WORDS: Record<Statement['status'], string> = {
  queued: 'waiting to be read',
  processing: 'being read',
  stalled: 'needs you',
  completed: 'done',
  failed: 'could not be read',
};
export const STEP_WORDS: Record<string, string> = {
  read_file: 'opening the file',
  parse: 'reading the transactions',
  detect_account: 'finding the account',
  categorize: 'applying your rules',
};
export const CODE_WORDS: Record<string, string> = {
  PASSWORD_REQUIRED: 'This file is locked with a password. Enter it below and we will carry on.',
  WRONG_PASSWORD: 'The password did not open the file. Check it (passwords are case-sensitive) and try again.',
  ACCOUNT_NOT_DETECTED: 'We could not tell which account this statement belongs to. Enter its account number below.',
  BALANCE_MISMATCH:
    "The transactions we read do not add up to the bank's own running balances, so a line may have been missed or misread. Check the rows listed below against the file, then either accept them as read or upload a corrected file.",
  LAYOUT_NOT_RECOGNISED:
    'We could not work out which column is which in this file. Pick what each column holds below; we will remember it for the next file from this bank.',
  REVIEW_REQUESTED: 'You asked to check the rows before they are stored. Look at them below, then accept them.',
  UNSUPPORTED_FILE: 'This file type cannot be read. Download the statement from your bank as PDF, CSV, Excel, OFX, QIF, CAMT.053 or MT940.',
  PARSE_FAILED: 'We could not find the transactions in this file. It may be a summary rather than a statement, or a layout we do not know yet.',
  PROCESSING_FAILED: 'Something went wrong on our side while reading this file. Upload it again; if it keeps failing, tell support.',
};
