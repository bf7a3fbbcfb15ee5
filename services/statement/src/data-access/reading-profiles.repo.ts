import { limitOffset, listPage, orderBy, rangeConditions, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from './db';
import type { READING_PROFILE_SORTS, ProfileMapping, ReadingProfileView } from '../views/reading-profiles';

const PROFILE_SELECT = {
  id: true,
  name: true,
  fileType: true,
  fingerprint: true,
  header: true,
  bankText: true,
  width: true,
  mapping: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.ReadingProfileSelect;
type ProfileRow = Prisma.ReadingProfileGetPayload<{ select: typeof PROFILE_SELECT }>;

/** A profile without its export (the domain adds bank_profile); header and mapping are written by this service. */
export type StoredProfile = Omit<ReadingProfileView, 'bank_profile'>;

const toView = (r: ProfileRow): StoredProfile => ({
  id: r.id,
  name: r.name,
  file_type: r.fileType as StoredProfile['file_type'],
  fingerprint: r.fingerprint,
  header: r.header as string[] | null,
  bank_text: r.bankText,
  width: r.width,
  mapping: r.mapping as ProfileMapping,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const SELECT_PROFILE = sql`
  SELECT p.id, p.name, p.file_type AS "fileType", p.fingerprint, p.header, p.bank_text AS "bankText", p.width, p.mapping,
         p.created_at AS "createdAt", p.updated_at AS "updatedAt"
  FROM statement.reading_profiles p`;

export const READING_PROFILE_COLUMNS = { created_at: 'p.created_at', updated_at: 'p.updated_at', name: 'p.name' } satisfies Record<
  (typeof READING_PROFILE_SORTS)[number],
  string
>;

export interface ReadingProfileFilters {
  file_type?: string;
}

/** Raw SQL: the list's filters, ranges and sort come from the ListQuery (listPage). */
export async function findReadingProfilePage(
  db: Db,
  orgId: string,
  list: ListQuery,
  filters: ReadingProfileFilters,
): Promise<{ rows: StoredProfile[]; total: number }> {
  const where: Sql[] = [sql`p.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, READING_PROFILE_COLUMNS)];
  if (filters.file_type !== undefined) where.push(sql`p.file_type = ${filters.file_type}`);
  const { rows, total } = await listPage<ProfileRow>(db, {
    rows: sql`${SELECT_PROFILE} ${whereAll(where)} ${orderBy(list.sort, READING_PROFILE_COLUMNS, 'p.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM statement.reading_profiles p ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}

export async function findReadingProfile(db: Db, orgId: string, id: string): Promise<StoredProfile | null> {
  const row = await db.readingProfile.findFirst({ where: { id, orgId }, select: PROFILE_SELECT });
  return row ? toView(row) : null;
}

export async function updateReadingProfile(
  db: Db,
  orgId: string,
  id: string,
  edit: { name?: string; mapping?: ProfileMapping },
): Promise<StoredProfile | null> {
  const { count } = await db.readingProfile.updateMany({
    where: { id, orgId },
    data: { name: edit.name, mapping: edit.mapping as Prisma.InputJsonValue | undefined, updatedAt: new Date() },
  });
  return count === 0 ? null : findReadingProfile(db, orgId, id);
}

export async function deleteReadingProfile(db: Db, orgId: string, id: string): Promise<boolean> {
  const { count } = await db.readingProfile.deleteMany({ where: { id, orgId } });
  return count > 0;
}
