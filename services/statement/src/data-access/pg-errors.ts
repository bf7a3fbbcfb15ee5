// One reading of Postgres errors for every service: the platform's.
export { INVALID_REGULAR_EXPRESSION, pgErrorCode, pgErrorMessage, QUERY_CANCELED } from '@finance/platform';
