import { DEFAULT_DATABASE_URL, migrateService } from '@finance/platform';
import { snapshotService } from './service';

migrateService(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, snapshotService.schema, snapshotService.migrationsDir).then(
  () => console.log('snapshot: migrations applied'),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
