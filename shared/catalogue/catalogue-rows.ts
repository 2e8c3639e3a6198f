// Reading catalogue files (games.jsonl, or the same columns as CSV) into validated rows. Every row is
// checked with the shared catalogueRowSchema; a row that fails is reported with its line number and the
// reason, and the others go on.

import type { z } from 'zod';
import { catalogueRowSchema, type CatalogueRow } from './catalogue-row.ts';
import { CsvSyntaxError, parseCsv } from './parse-csv.ts';

export type CatalogueFormat = 'jsonl' | 'csv';

export interface RowReject {
  /** 1-based line of the file on which the row starts. */
  line: number;
  reason: string;
}

export interface ReadRows<T> {
  rows: { line: number; row: T }[];
  rejects: RowReject[];
}

/** Columns holding lists. In CSV they are `;`-separated (`Action;RPG`) or a JSON array (`["A;B"]`). */
export const CATALOGUE_LIST_COLUMNS = ['genres', 'tags', 'platforms', 'developers', 'publishers'] as const;
const REQUIRED_CSV_COLUMNS = ['id', 'slug', 'name'] as const;

export function formatFromPath(path: string): CatalogueFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  throw new Error(`Cannot tell the format of ${path}: use a .jsonl or .csv file.`);
}

/** Every row of a catalogue file, validated, in file order; duplicate ids or slugs are rejects. */
export function readCatalogueRows(text: string, format: CatalogueFormat): ReadRows<CatalogueRow> {
  const raw = format === 'csv' ? csvObjects(text) : jsonlObjects(text);
  const result: ReadRows<CatalogueRow> = { rows: [], rejects: [...raw.rejects] };
  const slugLines = new Map<string, number>();
  const idLines = new Map<number, number>();
  for (const { line, row } of raw.rows) {
    const parsed = catalogueRowSchema.safeParse(row);
    if (!parsed.success) {
      result.rejects.push({ line, reason: describeIssues(parsed.error) });
      continue;
    }
    const { id, slug } = parsed.data;
    const slugLine = slugLines.get(slug);
    const idLine = idLines.get(id);
    if (slugLine !== undefined) {
      result.rejects.push({ line, reason: `slug: "${slug}" is already used on line ${slugLine}` });
    } else if (idLine !== undefined) {
      result.rejects.push({ line, reason: `id: ${id} is already used on line ${idLine}` });
    } else {
      slugLines.set(slug, line);
      idLines.set(id, line);
      result.rows.push({ line, row: parsed.data });
    }
  }
  result.rejects.sort((a, b) => a.line - b.line);
  return result;
}

/** One JSON object per line; blank lines are skipped. */
export function jsonlObjects(text: string): ReadRows<unknown> {
  const result: ReadRows<unknown> = { rows: [], rejects: [] };
  const lines = text.split('\n');
  for (const [index, rawLine] of lines.entries()) {
    const content = rawLine.replace(/^\uFEFF/, '').trim();
    if (content === '') continue;
    const line = index + 1;
    try {
      const value: unknown = JSON.parse(content);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        result.rejects.push({ line, reason: 'not a JSON object' });
      } else {
        result.rows.push({ line, row: value });
      }
    } catch (error) {
      result.rejects.push({
        line,
        reason: `invalid JSON (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }
  return result;
}

/**
 * CSV with a header row naming the catalogue's columns (any order; unknown columns are ignored).
 * Empty cells are absent values; list columns are split on `;` (items trimmed, empty items dropped)
 * unless the cell is a JSON array.
 */
export function csvObjects(text: string): ReadRows<unknown> {
  const result: ReadRows<unknown> = { rows: [], rejects: [] };
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    // Everything before the broken record is still readable.
    const before = text
      .split('\n')
      .slice(0, error.line - 1)
      .join('\n');
    const partial = error.line > 1 ? csvObjects(before) : result;
    partial.rejects.push({
      line: error.line,
      reason: `${error.message.replace(/^line \d+: /, '')} (rest of the file skipped)`,
    });
    return partial;
  }
  const [header, ...body] = records;
  if (!header) return result;
  const columns = header.fields.map((name) => name.trim());
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    result.rejects.push({ line: header.line, reason: `header: missing column(s) ${missing.join(', ')}` });
    return result;
  }
  const listColumns = new Set<string>(CATALOGUE_LIST_COLUMNS);
  for (const record of body) {
    if (record.fields.length !== columns.length) {
      result.rejects.push({
        line: record.line,
        reason: `expected ${columns.length} fields, found ${record.fields.length}`,
      });
      continue;
    }
    const row: Record<string, unknown> = {};
    let reason: string | undefined;
    for (const [index, column] of columns.entries()) {
      const cell = (record.fields[index] ?? '').trim();
      if (cell === '') continue;
      if (!listColumns.has(column)) {
        row[column] = cell;
        continue;
      }
      if (cell.startsWith('[')) {
        try {
          row[column] = JSON.parse(cell) as unknown;
        } catch {
          reason = `${column}: invalid JSON array`;
        }
      } else {
        row[column] = cell
          .split(';')
          .map((item) => item.trim())
          .filter((item) => item !== '');
      }
    }
    if (reason) result.rejects.push({ line: record.line, reason });
    else result.rows.push({ line: record.line, row });
  }
  return result;
}

/** A zod error as one readable line: `field: message; field: message`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'row'}: ${issue.message}`)
    .join('; ');
}
