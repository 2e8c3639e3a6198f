import { z } from 'zod';
import {
  MAX_REPORT_WORDS,
  POSTING_BLOCK_DAYS,
  REPORT_KINDS,
  REPORT_OUTCOMES,
  REPORT_REASONS,
} from '../reports/report-reasons.ts';
import { recordIdSchema } from './keys.ts';

// Reports (issue 21): a member tells the editors about a post, a comment or a member. The request names
// the item and why; who reports is the verified token's uid, never a field of the body. What is stored is
// read by no client (database.rules.json): the Worker reads it for editors with the server credential.

export const reportKindSchema = z.enum(REPORT_KINDS);
export const reportReasonSchema = z.enum(REPORT_REASONS);
export const reportOutcomeSchema = z.enum(REPORT_OUTCOMES);

/** The body of POST /api/reports. */
export const reportRequestSchema = z.object({
  kind: reportKindSchema,
  /** The post's or comment's id, or the member's uid. */
  itemId: recordIdSchema,
  reason: reportReasonSchema,
  /** What the reporter adds in their own words (optional; blank is none). */
  words: z
    .string()
    .trim()
    .max(MAX_REPORT_WORDS, `At most ${String(MAX_REPORT_WORDS)} characters.`)
    .optional(),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

/** `reports/{item key}/{reporter uid}`: one member's report of one item; kept once handled. */
export const reportRecordSchema = z.object({
  reason: reportReasonSchema,
  words: z.string().max(MAX_REPORT_WORDS).optional(),
  timestamp: z.number(),
  /** What the editors did about it; absent while it is open. */
  outcome: reportOutcomeSchema.optional(),
  handledAt: z.number().optional(),
});
export type ReportRecord = z.infer<typeof reportRecordSchema>;

/** `reports_open/{item key}`: an item with open reports, in the editors' queue (newest report last). */
export const openReportSchema = z.object({
  kind: reportKindSchema,
  itemId: recordIdSchema,
  /** When it was last reported. */
  latest: z.number(),
});
export type OpenReport = z.infer<typeof openReportSchema>;

/** The path parameters of an editor's action on an item's reports. */
export const reportedItemParamsSchema = z.object({ kind: reportKindSchema, itemId: recordIdSchema });

/**
 * The body of an editor's action on an item's open reports: remove the post or comment, dismiss the
 * reports, or stop the item's author (the member, for a member's page) from posting for some days.
 */
export const reportActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('remove') }),
  z.object({ action: z.literal('dismiss') }),
  z.object({
    action: z.literal('block'),
    days: z.literal(POSTING_BLOCK_DAYS),
  }),
]);
export type ReportAction = z.infer<typeof reportActionSchema>;
