import { limitOffset, orderBy, rangeConditions, sql, whereAll, type ListQuery } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from './db';
import type { TagView } from './views';

interface TagRow {
  id: string;
  name: string;
  widget_count: bigint;
  created_at: Date;
}
const toView = (r: TagRow): TagView => ({ id: r.id, name: r.name, widget_count: Number(r.widget_count), created_at: r.created_at.toISOString() });

export const TAG_COLUMNS = { created_at: 't.created_at', name: 't.name' };

const SELECT_TAG = sql`
  SELECT t.id, t.name, t.created_at, (SELECT count(*) FROM snapshot.widget_tags wt WHERE wt.tag_id = t.id) AS widget_count
  FROM snapshot.tags t`;

export async function findTag(db: Db, orgId: string, id: string): Promise<TagView | null> {
  const rows = await db.$queryRaw<TagRow[]>(sql`${SELECT_TAG} WHERE t.id = ${id}::uuid AND t.org_id = ${orgId}::uuid`);
  return rows[0] ? toView(rows[0]) : null;
}

export async function findTagPage(db: Db, orgId: string, list: ListQuery): Promise<{ rows: TagView[]; total: number }> {
  const where = [sql`t.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, TAG_COLUMNS)];
  const [rows, count] = await Promise.all([
    db.$queryRaw<TagRow[]>(sql`${SELECT_TAG} ${whereAll(where)} ${orderBy(list.sort, TAG_COLUMNS, 't.id')} ${limitOffset(list)}`),
    db.$queryRaw<{ total: bigint }[]>(sql`SELECT count(*) AS total FROM snapshot.tags t ${whereAll(where)}`),
  ]);
  return { rows: rows.map(toView), total: Number(count[0]?.total ?? 0) };
}

/** The ids of these tag names in the organization, creating the missing ones (safe under concurrent calls). */
export async function ensureTags(db: Db, orgId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  await db.$executeRaw(sql`
    INSERT INTO snapshot.tags (id, org_id, name)
    SELECT (${names.map(() => uuidv7())}::uuid[])[n.ord], ${orgId}::uuid, n.name
    FROM unnest(${names}::text[]) WITH ORDINALITY AS n(name, ord)
    ON CONFLICT (org_id, name) DO NOTHING`);
  const rows = await db.tag.findMany({ where: { orgId, name: { in: names } }, select: { id: true } });
  return rows.map((r) => r.id);
}

export async function insertTag(db: Db, orgId: string, name: string): Promise<string> {
  const id = uuidv7();
  await db.tag.create({ data: { id, orgId, name } });
  return id;
}

export async function renameTag(db: Db, orgId: string, id: string, name: string): Promise<boolean> {
  return (await db.tag.updateMany({ where: { id, orgId }, data: { name } })).count === 1;
}

export async function deleteTag(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.tag.deleteMany({ where: { id, orgId } })).count === 1;
}
