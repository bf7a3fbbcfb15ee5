import { execute, limitOffset, listPage, orderBy, query, queryOne, rangeConditions, sql, toNumber, whereAll, type Db, type ListQuery } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import type { TagView } from '../views/tags';

interface TagRow {
  id: string;
  name: string;
  widget_count: string;
  created_at: Date;
}
const toView = (r: TagRow): TagView => ({ id: r.id, name: r.name, widget_count: toNumber(r.widget_count), created_at: r.created_at.toISOString() });

export const TAG_COLUMNS = { created_at: 't.created_at', name: 't.name' };

const SELECT_TAG = sql`
  SELECT t.id, t.name, t.created_at, (SELECT count(*) FROM snapshot.widget_tags wt WHERE wt.tag_id = t.id) AS widget_count
  FROM snapshot.tags t`;

export async function findTag(db: Db, orgId: string, id: string): Promise<TagView | null> {
  const row = await queryOne<TagRow>(db, sql`${SELECT_TAG} WHERE t.id = ${id}::uuid AND t.org_id = ${orgId}::uuid`);
  return row ? toView(row) : null;
}

export async function findTagPage(db: Db, orgId: string, list: ListQuery): Promise<{ rows: TagView[]; total: number }> {
  const where = [sql`t.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, TAG_COLUMNS)];
  const { rows, total } = await listPage<TagRow>(db, {
    rows: sql`${SELECT_TAG} ${whereAll(where)} ${orderBy(list.sort, TAG_COLUMNS, 't.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM snapshot.tags t ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}

/** The ids of these tag names in the organization, creating the missing ones (safe under concurrent calls). */
export async function ensureTags(db: Db, orgId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  await execute(
    db,
    sql`
    INSERT INTO snapshot.tags (id, org_id, name)
    SELECT (${names.map(() => uuidv7())}::uuid[])[n.ord], ${orgId}::uuid, n.name
    FROM unnest(${names}::text[]) WITH ORDINALITY AS n(name, ord)
    ON CONFLICT (org_id, name) DO NOTHING`,
  );
  // A separate statement: one that inserted would not see the rows a concurrent call committed meanwhile.
  const rows = await query<{ id: string }>(db, sql`SELECT id FROM snapshot.tags WHERE org_id = ${orgId}::uuid AND name = ANY(${names}::text[])`);
  return rows.map((r) => r.id);
}

export async function insertTag(db: Db, orgId: string, name: string): Promise<string> {
  const id = uuidv7();
  await execute(db, sql`INSERT INTO snapshot.tags (id, org_id, name) VALUES (${id}::uuid, ${orgId}::uuid, ${name})`);
  return id;
}

export async function renameTag(db: Db, orgId: string, id: string, name: string): Promise<boolean> {
  return (await execute(db, sql`UPDATE snapshot.tags SET name = ${name} WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`)) === 1;
}

export async function deleteTag(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await execute(db, sql`DELETE FROM snapshot.tags WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`)) === 1;
}
