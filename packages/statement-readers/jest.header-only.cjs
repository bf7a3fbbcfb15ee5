const base = require('/work/main/packages/statement-readers/jest.mutate.config.cjs');
module.exports = { ...base, rootDir: __dirname, testMatch: ['<rootDir>/test/header.test.ts', '<rootDir>/test/header-vocabulary.test.ts', '<rootDir>/test/csv-layout.test.ts'] };
