import { z } from 'zod';
import { REPORT_KINDS, REPORT_OUTCOMES } from './report-reasons.ts';
import { recordIdSchema } from './keys.ts';

/**
 * What a member is told about: someone followed them, liked one of their posts or comments, or commented
 * on one of their posts.
 */
export const notificationKindSchema = z.enum(['follow', 'like', 'comment']);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * `notifications/{recipient uid}/{id}`: one notification, keyed by the id of the follow, like or comment
 * record it tells about (push ids are unique across kinds). A repeated follow or like after an undo reuses
 * its record id, so it writes the same notification again instead of a second one.
 */
export const notificationSchema = z.object({
  kind: notificationKindSchema,
  /** The member who followed, liked or commented. */
  actorUUID: recordIdSchema,
  /** The post liked or commented on (for a liked comment: the comment's post, when known). */
  postUUID: recordIdSchema.optional(),
  /** The comment written or liked. */
  commentUUID: recordIdSchema.optional(),
  timestamp: z.number(),
});
export type NotificationRecord = z.infer<typeof notificationSchema>;

/** How much of a post, comment or member a notification quotes. */
export const EXCERPT_LENGTH = 80;

/**
 * `notifications/{reporter uid}/{push id}`: the editors handled a member's report. It quotes what was
 * reported (`excerpt`, stored with it: a removed post is gone by the time it is read) and says what was
 * done; it names no editor.
 */
export const reportNotificationSchema = z.object({
  kind: z.literal('report'),
  /** What was reported: a post, a comment or a member. */
  subject: z.enum(REPORT_KINDS),
  outcome: z.enum(REPORT_OUTCOMES),
  excerpt: z.string().max(EXCERPT_LENGTH),
  timestamp: z.number(),
});
export type ReportNotificationRecord = z.infer<typeof reportNotificationSchema>;

/** `notifications_seen/{uid}`: the time of the newest notification the member has seen. */
export const notificationsSeenSchema = z.number().nonnegative();
