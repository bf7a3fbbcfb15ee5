import { PLATFORM_MIGRATIONS_DIR, type ServiceDefinition } from '@finance/platform';
import { buildConsoleApp } from './app';

/**
 * The console owns no schema of its own: members and sessions live in the shared `platform` schema (beside
 * organizations and keys), whose migrations every service applies on start.
 */
export const consoleService: ServiceDefinition = {
  name: 'console',
  defaultPort: 4004,
  schema: 'platform',
  migrationsDir: PLATFORM_MIGRATIONS_DIR,
  build: (deps) => buildConsoleApp(deps),
};
