import { z } from 'zod';
import {
  MAX_REPORT_WORDS,
  POSTING_BLOCK_DAYS,
  REPORT_KINDS,
  REPORT_OUTCOMES,
  REPORT_REASONS,
} from './report-reasons.ts';
import { recordIdSchema } from './keys.ts';
import { memberTextSchema } from './member-text.ts';

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
  words: memberTextSchema()
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

/** What `POST /api/reports` answers: the member's report of the item, and whether this request made it. */
export const reportOutcomeAnswerSchema = z.object({
  report: reportRecordSchema,
  /** False when the member had reported the item before: the report is that one (open or handled). */
  created: z.boolean(),
});

/** A member as an editor sees them next to a report: their uid and username (null when gone). */
export const reportMemberSchema = z.object({ uid: recordIdSchema, username: z.string().nullable() });

/** One member's report of an item, as the editors see it. */
export const reportedBySchema = z.object({
  reporter: reportMemberSchema,
  reason: reportReasonSchema,
  words: z.string().nullable(),
  timestamp: z.number(),
});

/** The reported item in context: what it says, who wrote it, where it is, and a link there. */
export const reportedItemContextSchema = z.object({
  /** The post's or comment's text, or the member's brief (null: none). */
  text: z.string().nullable(),
  /** The post's or comment's author; the member themself for a member. */
  author: reportMemberSchema,
  /** Where it is, in words ("on the game Hades", "on ana's page", "member page"). */
  place: z.string(),
  /** The page it is on (a post's or comment's post anchored), or null when that is not known. */
  link: z.string().nullable(),
});

/** An item with open reports, as the editors' queue lists it. */
export const openReportedItemSchema = z.object({
  kind: reportKindSchema,
  itemId: recordIdSchema,
  /** When it was last reported. */
  latest: z.number(),
  /** Its newest open reports, newest first (at most REPORTS_SHOWN_PER_ITEM). */
  reports: z.array(reportedBySchema),
  /** Null when the item is gone (its author deleted it since): dismissing takes it off the queue. */
  item: reportedItemContextSchema.nullable(),
});

/** The editors' queue (`GET /api/editor/reports`): items with open reports, the most recently reported first. */
export const openReportsAnswerSchema = z.object({ reports: z.array(openReportedItemSchema) });

/** What an editor's action on an item's open reports did. */
export const reportsHandledSchema = z.object({
  kind: reportKindSchema,
  itemId: recordIdSchema,
  outcome: reportOutcomeSchema,
  /** How many open reports it resolved (more than REPORTS_HANDLED_AT_ONCE stay queued). */
  resolved: z.number().int().nonnegative(),
  /** When a posting block ends (the Worker's clock, ms); null for any other action. */
  blockedUntil: z.number().nullable(),
});
