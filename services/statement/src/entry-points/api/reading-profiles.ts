import { defineRoute, fieldsOf, idParam, listReply, noContent, ok, q } from '@finance/platform';
import { z } from 'zod';
import { AMOUNT_SIGNS, DATE_ORDERS, DECIMAL_SEPARATORS, MAPPABLE_FILE_TYPES } from '@finance/statement-readers';
import type { Db } from '../../domain/db';
import * as profiles from '../../domain/reading-profiles';
import { READING_PROFILE_SORTS, readingProfileView } from '../../views/reading-profiles';
import { atLeastOne, NOTHING_TO_CHANGE, timestamps } from './inputs';

/** A column index (0-based). */
const columnIndex = z.int({ error: 'must be a column index (a whole number from 0)' }).min(0, 'must be a column index (a whole number from 0)').max(999);
const optionalColumn = columnIndex.nullable().optional();

export const mappingColumnsBody = z.strictObject(
  {
    date: columnIndex,
    narration: z.union([columnIndex, z.array(columnIndex).min(1, 'give at least one column').max(20)], {
      error: 'must be a column index or a list of them',
    }),
    reference: optionalColumn,
    value_date: optionalColumn,
    debit: optionalColumn,
    credit: optionalColumn,
    amount: optionalColumn,
    balance: optionalColumn,
  },
  { error: 'must be an object of column indexes (date, narration, reference, value_date, debit, credit, amount, balance)' },
);

const directionWords = z.array(z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(60), { error: 'must be a list of words' }).max(20);

/** What a reading profile remembers (PATCH /reading-profiles/<id> takes it as `mapping`). */
export const profileMappingBody = z.strictObject({
  columns: mappingColumnsBody,
  amount_sign: z
    .enum(AMOUNT_SIGNS, { error: `must be one of ${AMOUNT_SIGNS.join(', ')}` })
    .nullable()
    .optional(),
  direction: z
    .strictObject({ column: columnIndex, inflow: directionWords, outflow: directionWords }, { error: 'must be {column, inflow: [words], outflow: [words]}' })
    .nullable()
    .optional(),
  date_order: z.enum(DATE_ORDERS, { error: `must be one of ${DATE_ORDERS.join(', ')}` }),
  decimal_separator: z.enum(DECIMAL_SEPARATORS, { error: 'must be "." or ","' }),
});

/** POST /statements/<id>/layout: a mapping of the lines in the statement's parsed_data.preview. */
export const layoutBody = profileMappingBody.extend({
  header_row: z.int({ error: 'must be a line index (a whole number from 0) or null' }).min(0, 'must be a line index (from 0) or null').nullable(),
  skip_lines: z
    .array(z.int({ error: 'must be line indexes' }).min(0, 'must be line indexes (from 0)'), { error: 'must be a list of line indexes' })
    .max(10_000)
    .optional(),
});

export const readingProfileEditBody = z
  .strictObject({
    name: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
    mapping: profileMappingBody.optional(),
  })
  .refine(atLeastOne, NOTHING_TO_CHANGE);

export function readingProfileRoutes(db: Db) {
  return [
    defineRoute({
      method: 'get',
      path: '/reading-profiles',
      permission: 'reading_profiles:read',
      summary: "List the organization's reading profiles (layouts a person mapped, read with no prompt on the next upload)",
      list: {
        fields: fieldsOf(readingProfileView),
        filters: { file_type: q.enum(MAPPABLE_FILE_TYPES) },
        ranges: timestamps,
        sort: { columns: READING_PROFILE_SORTS, default: 'created_at' },
      },
      response: readingProfileView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await profiles.listReadingProfiles(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reading-profiles/:profile_id',
      permission: 'reading_profiles:read',
      summary: 'One reading profile, with bank_profile: its export in the shape of the shipped bank profiles',
      params: idParam('profile_id'),
      response: readingProfileView,
      fields: fieldsOf(readingProfileView),
      handler: async ({ auth, params }) => ok(await profiles.getReadingProfile(db, auth.org.id, params.profile_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/reading-profiles/:profile_id',
      permission: 'reading_profiles:edit',
      summary: "Rename a reading profile or correct its mapping (checked against the layout's width); its fingerprint stays",
      params: idParam('profile_id'),
      body: readingProfileEditBody,
      response: readingProfileView,
      handler: async ({ auth, params, body }) => ok(await profiles.editReadingProfile(db, auth.org.id, params.profile_id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/reading-profiles/:profile_id',
      permission: 'reading_profiles:delete',
      summary: 'Delete a reading profile: the next file of its layout is asked for again',
      params: idParam('profile_id'),
      handler: async ({ auth, params }) => {
        await profiles.deleteReadingProfile(db, auth.org.id, params.profile_id);
        return noContent();
      },
    }),
  ];
}
