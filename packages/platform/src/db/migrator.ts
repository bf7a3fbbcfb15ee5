import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * Applies the SQL migrations of one Postgres schema, kept in Prisma's folder layout
 * (`prisma/migrations/<timestamp>_<name>/migration.sql`), and records them in Prisma's own
 * `_prisma_migrations` table so `prisma migrate deploy` would agree on a machine where it can run.
 * Prisma's schema engine cannot be downloaded here, which is why this exists at all.
 */
export interface MigrateOptions {
  databaseUrl: string;
  /** The Postgres schema the migrations own. */
  schema: string;
  /** The `prisma/migrations` folder. */
  migrationsDir: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

export function listMigrations(migrationsDir: string): { name: string; sql: string; checksum: string }[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(migrationsDir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Creates the database named in the URL when it does not exist yet (fresh machines). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const dbName = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${dbName.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04' && err.code !== '23505') throw err; // created meanwhile by a parallel starter
      });
    }
  } finally {
    await admin.end();
  }
}

export async function migrate(options: MigrateOptions): Promise<MigrateResult> {
  const { schema } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const migrations = listMigrations(options.migrationsDir);
  const client = new Client({ connectionString: options.databaseUrl });
  await client.connect();
  const result: MigrateResult = { applied: [], alreadyApplied: [] };
  try {
    // Services and test workers may start at the same moment: one migrates, the others wait and find it done.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS "${schema}"."_prisma_migrations" (
        id                  VARCHAR(36) PRIMARY KEY,
        checksum            VARCHAR(64) NOT NULL,
        finished_at         TIMESTAMPTZ,
        migration_name      VARCHAR(255) NOT NULL,
        logs                TEXT,
        rolled_back_at      TIMESTAMPTZ,
        started_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
        applied_steps_count INTEGER NOT NULL DEFAULT 0
      )`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "${schema}"."_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    for (const m of migrations) {
      const previous = applied.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) {
          throw new Error(`migration ${schema}/${m.name} was edited after it was applied; add a new migration instead`);
        }
        result.alreadyApplied.push(m.name);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(`SET LOCAL search_path TO "${schema}"`);
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "${schema}"."_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${schema}/${m.name} failed: ${(err as Error).message}`);
      }
      result.applied.push(m.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await client.end();
  }
  return result;
}
