/**
 * What other packages' and services' tests use of the readers' test material (`@finance/statement-readers/testing`):
 * the statement files the tests build in memory and the fixture corpus with what a correct reader returns.
 */
export * from './fixtures/files';
export { CORPUS } from './fixtures';
export type { CorpusFixture, ExpectedRow } from './fixtures/corpus';
export * from './fixtures/layouts';
