import { readFileSync } from 'node:fs';
import { Client } from 'pg';

/**
 * Compares a `schema.prisma` with what the migrations actually built in Postgres: tables, columns, column
 * types and nullability, and indexes. Returns the differences in words (empty when they agree).
 * Used by each service's drift test, because `prisma migrate diff` needs an engine this machine cannot fetch.
 *
 * Indexes Prisma cannot describe (partial or expression indexes) may exist only in SQL; every index Prisma
 * declares must exist, and every plain column index in the database must be declared.
 */
interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: string;
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  schema?: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  fields: { name: string }[];
}

const SCALAR_TO_PG: Record<string, string> = {
  String: 'text',
  Int: 'int4',
  BigInt: 'int8',
  Boolean: 'bool',
  DateTime: 'timestamp',
  Json: 'jsonb',
  Float: 'float8',
  Decimal: 'numeric',
  Bytes: 'bytea',
};
const NATIVE_TO_PG: Record<string, string> = {
  Uuid: 'uuid',
  VarChar: 'varchar',
  Char: 'bpchar',
  Text: 'text',
  Timestamptz: 'timestamptz',
  Timestamp: 'timestamp',
  Date: 'date',
  Time: 'time',
  Json: 'json',
  JsonB: 'jsonb',
  Integer: 'int4',
  SmallInt: 'int2',
  BigInt: 'int8',
  Citext: 'citext',
  Decimal: 'numeric',
};

function expectedPgType(field: DmmfField, enums: Set<string>): string {
  const base = field.nativeType
    ? (NATIVE_TO_PG[field.nativeType[0]] ?? field.nativeType[0].toLowerCase())
    : enums.has(field.type)
      ? field.type
      : (SCALAR_TO_PG[field.type] ?? field.type);
  return field.isList ? `_${base}` : base;
}

export async function findSchemaDrift(schemaPath: string, databaseUrl: string, pgSchema: string): Promise<string[]> {
  // @prisma/internals is a dev-time dependency only; load it lazily so production code never pulls it in.
  const { getDMMF } = (await import('@prisma/internals')) as unknown as {
    getDMMF(o: { datamodel: string }): Promise<{ datamodel: { models: DmmfModel[]; enums: { name: string; dbName?: string | null }[]; indexes: DmmfIndex[] } }>;
  };
  const dmmf = await getDMMF({ datamodel: readFileSync(schemaPath, 'utf8') });
  const enums = new Set(dmmf.datamodel.enums.map((e) => e.dbName ?? e.name));
  const problems: string[] = [];

  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const cols = await client.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
       WHERE table_schema = $1 AND table_name <> '_prisma_migrations'`,
      [pgSchema],
    );
    const idx = await client.query<{ table_name: string; columns: string[] | string; is_unique: boolean; is_primary: boolean; plain: boolean }>(
      `SELECT t.relname AS table_name,
              array_agg(a.attname::text ORDER BY k.ord) AS columns,
              i.indisunique AS is_unique, i.indisprimary AS is_primary,
              (i.indpred IS NULL AND i.indexprs IS NULL) AS plain
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
       LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
       WHERE n.nspname = $1 AND t.relname <> '_prisma_migrations'
       GROUP BY t.relname, i.indexrelid, i.indisunique, i.indisprimary, i.indpred, i.indexprs`,
      [pgSchema],
    );

    const dbTables = new Map<string, Map<string, { type: string; nullable: boolean }>>();
    for (const c of cols.rows) {
      const t = dbTables.get(c.table_name) ?? new Map();
      t.set(c.column_name, { type: c.udt_name, nullable: c.is_nullable === 'YES' });
      dbTables.set(c.table_name, t);
    }
    const dbIndexes = idx.rows.map((r) => ({
      ...r,
      columns: (Array.isArray(r.columns) ? r.columns : r.columns.replace(/[{}]/g, '').split(',')).join(','),
    }));

    const modelTable = new Map<string, string>();
    const fieldColumn = new Map<string, string>();
    for (const model of dmmf.datamodel.models) {
      if (model.schema && model.schema !== pgSchema) continue;
      const table = model.dbName ?? model.name;
      modelTable.set(model.name, table);
      const dbCols = dbTables.get(table);
      if (!dbCols) {
        problems.push(`table ${table}: in schema.prisma (model ${model.name}) but not in the database`);
        continue;
      }
      const declared = new Set<string>();
      for (const field of model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum')) {
        const column = field.dbName ?? field.name;
        fieldColumn.set(`${model.name}.${field.name}`, column);
        declared.add(column);
        const actual = dbCols.get(column);
        if (!actual) {
          problems.push(`column ${table}.${column}: in schema.prisma but not in the database`);
          continue;
        }
        const type = expectedPgType(field, enums);
        if (actual.type !== type) problems.push(`column ${table}.${column}: schema.prisma says ${type}, the database has ${actual.type}`);
        if (actual.nullable === field.isRequired) {
          problems.push(`column ${table}.${column}: schema.prisma says ${field.isRequired ? 'NOT NULL' : 'nullable'}, the database disagrees`);
        }
      }
      for (const column of dbCols.keys()) {
        if (!declared.has(column)) problems.push(`column ${table}.${column}: in the database but not in schema.prisma`);
      }
    }
    for (const table of dbTables.keys()) {
      if (![...modelTable.values()].includes(table)) problems.push(`table ${table}: in the database but not in schema.prisma`);
    }

    const declaredIndexes = new Set<string>();
    for (const index of dmmf.datamodel.indexes) {
      const table = modelTable.get(index.model);
      if (!table) continue;
      const columns = index.fields.map((f) => fieldColumn.get(`${index.model}.${f.name}`) ?? f.name).join(',');
      const key = `${table}(${columns})`;
      declaredIndexes.add(key);
      const unique = index.type === 'id' || index.type === 'unique';
      const found = dbIndexes.find((d) => d.table_name === table && d.columns === columns && d.plain && d.is_unique === unique);
      if (!found) problems.push(`index ${key}${unique ? ' unique' : ''}: in schema.prisma but not in the database`);
    }
    for (const d of dbIndexes) {
      if (!d.plain) continue;
      const key = `${d.table_name}(${d.columns})`;
      if (!declaredIndexes.has(key)) problems.push(`index ${key}: in the database but not in schema.prisma`);
    }
  } finally {
    await client.end();
  }
  return problems;
}
