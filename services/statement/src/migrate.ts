import { DEFAULT_DATABASE_URL, migrateService } from '@finance/platform';
import { statementService } from './service';

migrateService(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, statementService.schema, statementService.migrationsDir).then(
  () => console.log('statement: migrations applied'),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
