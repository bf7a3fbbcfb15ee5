import { limitOffset, listPage, orderBy, rangeConditions, sql, toNumber, whereAll, type ListQuery } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import type { Prisma } from '../generated/prisma/client';
import type { TagView } from '../views/tags';
import type { Db } from './db';

/** A tag with the number of widgets carrying it, as the model methods select it. */
const tagSelect = { id: true, name: true, createdAt: true, _count: { select: { widgets: true } } } satisfies Prisma.TagSelect;
type TagRecord = Prisma.TagGetPayload<{ select: typeof tagSelect }>;

const fromRecord = (t: TagRecord): TagView => ({ id: t.id, name: t.name, widget_count: t._count.widgets, created_at: t.createdAt.toISOString() });

/** A tag as the list's raw statement returns it: count(*) arrives as a bigint. */
interface TagRow {
  id: string;
  name: string;
  widget_count: bigint;
  created_at: Date;
}
const fromRow = (r: TagRow): TagView => ({ id: r.id, name: r.name, widget_count: toNumber(r.widget_count), created_at: r.created_at.toISOString() });

export const TAG_COLUMNS = { created_at: 't.created_at', name: 't.name' };

export async function findTag(db: Db, orgId: string, id: string): Promise<TagView | null> {
  const tag = await db.tag.findFirst({ where: { id, orgId }, select: tagSelect });
  return tag ? fromRecord(tag) : null;
}

/** Raw SQL: the list's ranges and sort are built from the ListQuery (listPage runs the page and its count). */
export async function findTagPage(db: Db, orgId: string, list: ListQuery): Promise<{ rows: TagView[]; total: number }> {
  const where = [sql`t.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, TAG_COLUMNS)];
  const { rows, total } = await listPage<TagRow>(db, {
    rows: sql`
      SELECT t.id, t.name, t.created_at, (SELECT count(*) FROM snapshot.widget_tags wt WHERE wt.tag_id = t.id) AS widget_count
      FROM snapshot.tags t ${whereAll(where)} ${orderBy(list.sort, TAG_COLUMNS, 't.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM snapshot.tags t ${whereAll(where)}`,
  });
  return { rows: rows.map(fromRow), total };
}

/** The ids of these tag names in the organization, creating the missing ones (safe under concurrent calls). */
export async function ensureTags(db: Db, orgId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  // INSERT … ON CONFLICT (org_id, name) DO NOTHING, in one statement.
  await db.tag.createMany({ data: names.map((name) => ({ id: uuidv7(), orgId, name })), skipDuplicates: true });
  // A separate statement: one that inserted would not see the rows a concurrent call committed meanwhile.
  const rows = await db.tag.findMany({ where: { orgId, name: { in: names } }, select: { id: true } });
  return rows.map((r) => r.id);
}

export async function insertTag(db: Db, orgId: string, name: string): Promise<string> {
  const { id } = await db.tag.create({ data: { id: uuidv7(), orgId, name }, select: { id: true } });
  return id;
}

export async function renameTag(db: Db, orgId: string, id: string, name: string): Promise<boolean> {
  return (await db.tag.updateMany({ where: { id, orgId }, data: { name } })).count === 1;
}

export async function deleteTag(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.tag.deleteMany({ where: { id, orgId } })).count === 1;
}
