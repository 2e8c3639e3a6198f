import { z } from 'zod';
import { notificationKindSchema, reportNotificationSchema } from '../schemas/notification-record.ts';

// What `GET /api/notifications` (and its `/unread` and `/seen`) answer: the member's notifications as the
// bell shows them, read by shared/notifications/read-notifications.ts. The schemas type the browser's
// calls through the routes that answer them (worker/api/notifications.ts).

/** The editors handled the member's report (it names no editor). */
export const reportNotificationItemSchema = reportNotificationSchema
  .pick({ subject: true, outcome: true, excerpt: true })
  .extend({ id: z.string(), kind: z.literal('report'), timestamp: z.number(), unread: z.boolean() });

/** Someone followed the member, or liked or commented on what they wrote. */
export const memberNotificationItemSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  /** The member who followed, liked or commented: their username (their profile's address). */
  actor: z.object({ uid: z.string(), username: z.string() }),
  /** What was liked or commented: a comment's or post's text, cut to a line. */
  excerpt: z.string().nullable(),
  /** Whether a like was of a comment (rather than a post). */
  ofComment: z.boolean(),
  /**
   * Where the post liked or commented on is: its feed's page with the post's anchor
   * (`/game/hades#post-…`); null for a follow, or when the post's feed is not known.
   */
  postLink: z.string().nullable(),
  timestamp: z.number(),
  /** Newer than what the member has seen. */
  unread: z.boolean(),
});

/** One notification as the member sees it: what someone did, or what the editors did about a report. */
export const notificationItemSchema = z.union([memberNotificationItemSchema, reportNotificationItemSchema]);

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationItemSchema),
  /** Where the next (older) page starts; null at the end. */
  next: z.string().nullable(),
  /** The time of the newest notification the member has seen (0: none). */
  seenUpTo: z.number(),
  /**
   * The time of the newest notification read for this page, shown or not (one about a deleted post is
   * left out but still counts as unread): what opening the list marks as seen. 0: none.
   */
  newest: z.number(),
});

/** How many notifications the member has not seen, at most UNREAD_COUNT_CAP (the bell says "25+"). */
export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });

/** `GET /api/notifications`: a page, with the unread count for the bell. */
export const notificationsAnswerSchema = notificationsPageSchema.extend(unreadCountSchema.shape);

/** `PUT /api/notifications/seen`: the mark as it now is, and what is still unread. */
export const seenAnswerSchema = z.object({ seenUpTo: z.number() }).extend(unreadCountSchema.shape);

/** The body of `PUT /api/notifications/seen`: the time of the newest notification the member was shown. */
export const seenRequestSchema = z.object({
  upTo: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});
