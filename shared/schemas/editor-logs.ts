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
export const editorLogEntrySchema = z.object({
  id: recordIdSchema,
  timestamp: z.number().nullable(),
  /** Its plain fields as stored (a string cut at 300 characters); other values are left out. */
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

export type EditorLogEntry = z.infer<typeof editorLogEntrySchema>;

/** A page of a log (`GET /api/editor/logs`), latest first. */
export const editorLogPageSchema = z.object({
  kind: z.enum(EDITOR_LOG_KINDS),
  entries: z.array(editorLogEntrySchema),
  /** Pass as `before` for the next, older page; null at the start of the log. */
  before: recordIdSchema.nullable(),
});

export type EditorLogPage = z.infer<typeof editorLogPageSchema>;
