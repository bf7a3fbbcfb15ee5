import { DEFAULT_DATABASE_URL, migrateService } from '@finance/platform';
import { ledgerService } from './service';

migrateService(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, ledgerService.schema, ledgerService.migrationsDir).then(
  () => console.log('ledger: migrations applied'),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
