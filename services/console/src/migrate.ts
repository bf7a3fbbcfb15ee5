import { DEFAULT_DATABASE_URL, migrateService } from '@finance/platform';
import { consoleService } from './service';

migrateService(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, consoleService.schema, consoleService.migrationsDir).then(
  () => console.log('console: migrations applied'),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
