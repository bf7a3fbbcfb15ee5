import { ConflictError, NotFoundError, pgErrorCode, UNIQUE_VIOLATION, type ListQuery } from '@finance/platform';
import * as tags from '../data-access/tags.repo';
import type { TagView } from '../views/tags';
import type { Db } from '../data-access/db';

export async function getTag(db: Db, orgId: string, id: string): Promise<TagView> {
  const tag = await tags.findTag(db, orgId, id);
  if (!tag) throw new NotFoundError(`tag ${id} not found`);
  return tag;
}

function nameTaken(name: string) {
  return new ConflictError('TAG_EXISTS', `name: a tag named '${name}' already exists`);
}

export async function createTag(db: Db, orgId: string, name: string): Promise<TagView> {
  try {
    return await getTag(db, orgId, await tags.insertTag(db, orgId, name));
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw nameTaken(name);
    throw err;
  }
}

export async function renameTag(db: Db, orgId: string, id: string, name: string): Promise<TagView> {
  try {
    if (!(await tags.renameTag(db, orgId, id, name))) throw new NotFoundError(`tag ${id} not found`);
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw nameTaken(name);
    throw err;
  }
  return getTag(db, orgId, id);
}

/** Removes the tag from every widget that carried it. */
export async function removeTag(db: Db, orgId: string, id: string): Promise<void> {
  if (!(await tags.deleteTag(db, orgId, id))) throw new NotFoundError(`tag ${id} not found`);
}

export async function listTags(db: Db, orgId: string, list: ListQuery) {
  return tags.findTagPage(db, orgId, list);
}
