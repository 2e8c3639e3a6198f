import { z } from 'zod';
import { EDITOR_LOG_KINDS, MAX_LOG_PAGE } from './editor-limits.ts';
import { recordIdSchema } from './keys.ts';

export { EDITOR_LOG_KINDS, MAX_LOG_PAGE } from './editor-limits.ts';
export type EditorLogKind = (typeof EDITOR_LOG_KINDS)[number];

/** A page of a log, latest first; `before` is the key of the oldest entry of the page before. */
export const editorLogsQuerySchema = z.object({
  kind: z.enum(EDITOR_LOG_KINDS).default('analytics'),
  before: recordIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LOG_PAGE).default(20),
});

/** One log entry: its key and what it recorded (its fields as stored; a timestamp when it has one). */
export interface EditorLogEntry {
  id: string;
  timestamp: number | null;
  fields: Record<string, string | number | boolean>;
}

export interface EditorLogPage {
  kind: EditorLogKind;
  entries: EditorLogEntry[];
  /** Pass as `before` for the next, older page; null at the start of the log. */
  before: string | null;
}
