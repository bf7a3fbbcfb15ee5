import { view } from '@finance/platform';
import { z } from 'zod';
import { AMOUNT_SIGNS, COLUMN_ROLES, DATE_ORDERS, DECIMAL_SEPARATORS, MAPPABLE_FILE_TYPES } from '@finance/statement-readers';

/** Column indexes (0-based) of each part of a transaction; `narration` may be several columns, joined in order. */
export const mappingColumnsView = z
  .strictObject({
    date: view.count,
    narration: z.union([view.count, z.array(view.count)]),
    reference: view.count.nullable().optional(),
    value_date: view.count.nullable().optional(),
    debit: view.count.nullable().optional(),
    credit: view.count.nullable().optional(),
    amount: view.count.nullable().optional(),
    balance: view.count.nullable().optional(),
  })
  .meta({ id: 'MappingColumns' });

/** A single amount's direction from a column of words (`Cr`/`Dr`, `PANO`/`OTTO`), compared without case. */
export const mappingDirectionView = z
  .strictObject({ column: view.count, inflow: z.array(z.string()), outflow: z.array(z.string()) })
  .meta({ id: 'MappingDirection' });

/** What a reading profile remembers of a mapping: everything but the lines of one file (header_row, skip_lines). */
export const profileMappingView = z
  .strictObject({
    columns: mappingColumnsView,
    amount_sign: z.enum(AMOUNT_SIGNS).nullable().optional(),
    direction: mappingDirectionView.nullable().optional(),
    date_order: z.enum(DATE_ORDERS),
    decimal_separator: z.enum(DECIMAL_SEPARATORS),
  })
  .meta({ id: 'ProfileMapping' });

/** A person's mapping of one file (POST /statements/<id>/layout), as parsed_data.layout records it. */
export const readingMappingView = profileMappingView
  .extend({
    header_row: view.count.nullable(),
    skip_lines: z.array(view.count).optional(),
    /** The reading profile the mapping was saved as. */
    profile_id: view.id.optional(),
  })
  .meta({ id: 'ReadingMapping' });

/** parsed_data.preview of a statement stalled with LAYOUT_NOT_RECOGNISED (or REVIEW_REQUESTED). */
export const layoutPreviewView = z
  .strictObject({
    /** The file's first lines (at most 40), each as its cells' text; indexes are the mapping's line indexes. */
    lines: z.array(z.array(z.string())),
    line_count: view.count,
    width: view.count,
    guess: z.strictObject({
      header_row: view.count.nullable(),
      columns: z.array(z.strictObject({ index: view.count, role: z.enum(COLUMN_ROLES).nullable(), confidence: z.number().min(0).max(1) })),
      date_order: z.enum(DATE_ORDERS).nullable(),
      decimal_separator: z.enum(DECIMAL_SEPARATORS).nullable(),
    }),
    /** What the reader could not decide, and why; `field` names the part of the mapping that answers it. */
    undecided: z.array(z.strictObject({ field: z.string(), reason: z.string() })),
  })
  .meta({ id: 'LayoutPreview' });

export const READING_PROFILE_SORTS = ['created_at', 'updated_at', 'name'] as const;

/** A remembered layout of the organization (issue 33). */
export const readingProfileView = z
  .strictObject({
    id: view.id,
    name: z.string(),
    file_type: z.enum(MAPPABLE_FILE_TYPES),
    /** SHA-256 (hex) of the layout: the normalised header cells, or the width and kinds of value, and the bank's words above the table. */
    fingerprint: z.string(),
    /** The header's cells as printed; null for a file without a header. */
    header: z.array(z.string()).nullable(),
    /** The bank's words above the table (letters only), part of the fingerprint. */
    bank_text: z.string(),
    /** How many columns the layout has; the mapping's indexes are below it. */
    width: view.count,
    mapping: profileMappingView,
    /** The profile in the shape of the shipped bank profiles (packages/statement-readers/src/profiles), to ship it as one. */
    bank_profile: z.record(z.string(), z.unknown()),
    created_at: view.timestamp,
    updated_at: view.timestamp,
  })
  .meta({ id: 'ReadingProfile' });
export type ReadingProfileView = z.output<typeof readingProfileView>;
export type ProfileMapping = z.output<typeof profileMappingView>;
export type ReadingMappingView = z.output<typeof readingMappingView>;
export type LayoutPreviewView = z.output<typeof layoutPreviewView>;
