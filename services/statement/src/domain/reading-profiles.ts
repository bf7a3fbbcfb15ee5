/**
 * Reading profiles (issue 33): a person's mapping of a tabular layout the reader could not work out, checked
 * against the lines the person saw (the statement's parsed_data.preview) before anything is queued, and saved
 * per organization under the layout's fingerprint so that the next file of the layout is read with it.
 */
import { NotFoundError, ValidationError, type ListQuery } from '@finance/platform';
import {
  isLayoutFailure,
  mappedColumns,
  mappedDate,
  normaliseHeader,
  readWithMapping,
  type MappableFileType,
  type ReadingMapping,
} from '@finance/statement-readers';
import type { Db } from '../data-access/db';
import * as repo from '../data-access/reading-profiles.repo';
import type { LayoutPreviewView, ProfileMapping, ReadingProfileView } from '../views/reading-profiles';

/** A mapping as the API takes it (the route's schema checked its types). */
export type MappingInput = ReadingMapping;

const bad = (path: string, message: string): never => {
  throw ValidationError.field(path, message);
};

/**
 * The parts of a mapping that do not depend on one file: columns below `width`, no column read as two things,
 * money read one way (a single amount with its sign or direction column, or debit and/or credit columns).
 */
export function checkProfileMapping(mapping: ProfileMapping, width: number): void {
  const { columns } = mapping;
  const column = (path: string, index: number) => {
    if (index >= width) bad(path, `column ${index} does not exist: the file's lines have ${width} columns (0 to ${width - 1})`);
  };
  column('columns.date', columns.date);
  const narration = Array.isArray(columns.narration) ? columns.narration : [columns.narration];
  if (narration.length === 0) bad('columns.narration', 'give at least one column');
  narration.forEach((index) => column('columns.narration', index));
  for (const role of ['reference', 'value_date', 'debit', 'credit', 'amount', 'balance'] as const) {
    const index = columns[role];
    if (index !== undefined && index !== null) column(`columns.${role}`, index);
  }
  if (mapping.direction) column('direction.column', mapping.direction.column);
  const seen = new Map<number, string>();
  for (const { index, role } of mappedColumns({ columns, direction: mapping.direction ?? null })) {
    const other = seen.get(index);
    if (other !== undefined) bad(role === 'direction' ? 'direction.column' : `columns.${role}`, `column ${index} is already mapped as ${other}`);
    seen.set(index, role);
  }
  const single = columns.amount !== undefined && columns.amount !== null;
  const sides = [columns.debit, columns.credit].some((i) => i !== undefined && i !== null);
  if (!single && !sides) bad('columns', 'map a single amount column (columns.amount), or a debit and/or a credit column');
  if (single && sides) bad('columns.amount', 'map either a single amount column or debit/credit columns, not both');
  if (single) {
    const signed = mapping.amount_sign !== undefined && mapping.amount_sign !== null;
    const directed = mapping.direction !== undefined && mapping.direction !== null;
    if (!signed && !directed) bad('amount_sign', 'required with a single amount column: inflow_positive or outflow_positive (or give direction)');
    if (signed && directed) bad('direction', 'give amount_sign or direction, not both');
  } else {
    if (mapping.amount_sign) bad('amount_sign', 'only with a single amount column (columns.amount)');
    if (mapping.direction) bad('direction', 'only with a single amount column (columns.amount)');
  }
  if (mapping.direction) {
    const words = (list: string[]) => list.map((w) => w.trim().toLowerCase()).filter((w) => w !== '');
    const inflow = words(mapping.direction.inflow);
    const outflow = words(mapping.direction.outflow);
    if (inflow.length === 0) bad('direction.inflow', 'give at least one word that marks money in');
    if (outflow.length === 0) bad('direction.outflow', 'give at least one word that marks money out');
    const both = outflow.find((w) => inflow.includes(w));
    if (both !== undefined) bad('direction.outflow', `"${both}" is also an inflow word`);
  }
}

/**
 * A person's mapping checked against the preview they mapped: the columns as checkProfileMapping checks them,
 * the line indexes within the file, and a reading of the preview's lines that finds at least one transaction
 * (otherwise the field that is wrong is named: the date column, the day order, or the columns as a whole).
 */
export function checkMapping(mapping: MappingInput, preview: LayoutPreviewView, fileType: MappableFileType): void {
  if (mapping.header_row !== null && mapping.header_row >= Math.min(preview.line_count, preview.lines.length)) {
    bad('header_row', `line ${mapping.header_row} is not among the preview's lines (0 to ${Math.min(preview.line_count, preview.lines.length) - 1})`);
  }
  for (const line of mapping.skip_lines ?? []) {
    if (line >= preview.line_count) bad('skip_lines', `line ${line} does not exist: the file has ${preview.line_count} lines (0 to ${preview.line_count - 1})`);
    if (line === mapping.header_row) bad('skip_lines', `line ${line} is the header_row`);
  }
  checkProfileMapping(mapping, Math.max(1, preview.width));
  const lines = preview.lines;
  try {
    readWithMapping({ fileType, lines, positions: lines.map((_, i) => `line ${i}`) }, mapping);
  } catch (err) {
    if (!isLayoutFailure(err)) throw err;
    const body = lines.slice(mapping.header_row === null ? 0 : mapping.header_row + 1);
    const dated = body.some((cells) => mappedDate(cells[mapping.columns.date] ?? '', mapping.date_order) !== null);
    if (!dated) {
      const otherOrder = (['DMY', 'MDY', 'YMD'] as const).find((o) => body.some((cells) => mappedDate(cells[mapping.columns.date] ?? '', o) !== null));
      if (otherOrder) bad('date_order', `no date in column ${mapping.columns.date} reads as ${mapping.date_order}; they read as ${otherOrder}`);
      bad(
        'columns.date',
        `column ${mapping.columns.date} holds no date on any line of the preview${mapping.header_row === null ? '' : ' under the header_row'}`,
      );
    }
    bad('columns', `the mapping reads no transaction from the preview's lines: ${(err as Error).message}`);
  }
}

/**
 * The profile in the shape of the shipped bank profiles (statement-readers src/profiles): the header names it is
 * recognised by and each part's column name, the day order; with what the shipped shape cannot say (a headerless
 * layout's column indexes, the decimal separator, the direction) as extensions.
 */
export function bankProfileOf(profile: Omit<ReadingProfileView, 'bank_profile'>): Record<string, unknown> {
  const { columns } = profile.mapping;
  const header = profile.header;
  const names = (index: number | null | undefined) =>
    header && index !== undefined && index !== null && header[index] ? [normaliseHeader(header[index]!)] : undefined;
  const narration = Array.isArray(columns.narration) ? columns.narration : [columns.narration];
  const slug =
    profile.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'reading-profile';
  const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return defined({
    id: slug,
    bank: profile.name,
    country: null,
    recognise: defined({
      header: header ? header.map(normaliseHeader).filter((n) => n !== '') : undefined,
      text: profile.bank_text ? profile.bank_text.split(' ').slice(0, 4).join('\\s+') : undefined,
    }),
    columns: header
      ? defined({
          date: names(columns.date),
          particulars: narration.flatMap((i) => names(i) ?? []),
          outflow: names(columns.debit),
          inflow: names(columns.credit),
          amount: names(columns.amount),
          balance: names(columns.balance),
          direction: names(profile.mapping.direction?.column),
        })
      : undefined,
    dayOrder: profile.mapping.date_order === 'MDY' ? 'mdy' : profile.mapping.date_order === 'DMY' ? 'dmy' : undefined,
    column_indexes: columns,
    decimal_separator: profile.mapping.decimal_separator,
    amount_sign: profile.mapping.amount_sign ?? undefined,
    direction: profile.mapping.direction ?? undefined,
  });
}

const withExport = (profile: Omit<ReadingProfileView, 'bank_profile'>): ReadingProfileView => ({ ...profile, bank_profile: bankProfileOf(profile) });

export async function listReadingProfiles(db: Db, orgId: string, list: ListQuery, filters: repo.ReadingProfileFilters) {
  const { rows, total } = await repo.findReadingProfilePage(db, orgId, list, filters);
  return { rows: rows.map(withExport), total };
}

export async function getReadingProfile(db: Db, orgId: string, id: string): Promise<ReadingProfileView> {
  const profile = await repo.findReadingProfile(db, orgId, id);
  if (!profile) throw new NotFoundError(`reading profile ${id} not found`);
  return withExport(profile);
}

export interface ReadingProfileEdit {
  name?: string;
  mapping?: ProfileMapping;
}

/** PATCH: a new name, or a corrected mapping (checked against the layout's width); the fingerprint stays. */
export async function editReadingProfile(db: Db, orgId: string, id: string, edit: ReadingProfileEdit): Promise<ReadingProfileView> {
  const current = await repo.findReadingProfile(db, orgId, id);
  if (!current) throw new NotFoundError(`reading profile ${id} not found`);
  if (edit.mapping) {
    try {
      checkProfileMapping(edit.mapping, current.width);
    } catch (err) {
      // The mapping is one body field here: its paths are under `mapping`.
      if (err instanceof ValidationError && err.details?.[0]) throw ValidationError.field(`mapping.${err.details[0].path}`, err.details[0].message);
      throw err;
    }
  }
  const updated = await repo.updateReadingProfile(db, orgId, id, edit);
  if (!updated) throw new NotFoundError(`reading profile ${id} not found`);
  return withExport(updated);
}

export async function deleteReadingProfile(db: Db, orgId: string, id: string): Promise<void> {
  if (!(await repo.deleteReadingProfile(db, orgId, id))) throw new NotFoundError(`reading profile ${id} not found`);
}
