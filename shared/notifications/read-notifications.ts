import { z } from 'zod';
import {
  commentNode,
  notificationsPath,
  notificationsSeenNode,
  postNode,
  userBlocksNode,
  userSectionNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_READ_CAP, UNREAD_COUNT_CAP } from './notification-limits.ts';
import {
  EXCERPT_LENGTH,
  notificationSchema,
  notificationsSeenSchema,
  reportNotificationSchema,
  type ReportNotificationRecord,
} from '../schemas/notification-record.ts';
import { withoutOpenDirection } from '../schemas/visible-text.ts';
import { cutAtCharacter } from '../text-cut.ts';
import type {
  memberNotificationItemSchema,
  notificationItemSchema,
  notificationsPageSchema,
  reportNotificationItemSchema,
} from './notifications-answer.ts';

/**
 * Where a page of notifications starts: just before the notification with this time and id (the last one
 * of the page before). Written `<time>_<id>`; anything else is not a cursor.
 */
export const notificationCursorSchema = z
  .string()
  .max(160)
  .regex(/^\d{1,16}_[A-Za-z0-9_-]{1,128}$/, 'Not a valid cursor.')
  .transform((text) => {
    const split = text.indexOf('_');
    return { timestamp: Number(text.slice(0, split)), id: text.slice(split + 1) };
  });
export type NotificationCursor = z.output<typeof notificationCursorSchema>;

export const notificationCursorText = (timestamp: number, id: string): string => `${timestamp}_${id}`;

/** One notification as the member sees it: what someone did, or what the editors did about a report. */
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** The editors handled the member's report (it names no editor). */
export type ReportNotificationItem = z.infer<typeof reportNotificationItemSchema>;

/** Someone followed the member, or liked or commented on what they wrote. */
export type MemberNotificationItem = z.infer<typeof memberNotificationItemSchema>;

/** A page of notifications, newest first (./notifications-answer.ts says each field). */
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

const rawPageSchema = z.record(z.string(), z.unknown());
const feedTypeSchema = z.enum(['user', 'game', 'event']);
const usernameOnly = z.string().min(1).max(64);
const textOnly = z.string();

/** A text cut to one line of at most EXCERPT_LENGTH characters, as notifications quote it. */
export function excerptOf(text: string): string;
export function excerptOf(text: string | null): string | null;
export function excerptOf(text: string | null): string | null {
  if (text === null) return null;
  const line = text.replace(/\s+/g, ' ').trim();
  const cut = line.length > EXCERPT_LENGTH ? `${cutAtCharacter(line, EXCERPT_LENGTH - 1)}…` : line;
  // A cut can fall inside a writing-direction change the text closes later: left open, it would turn
  // around the rest of the notification's line (" (new)", a report's "was handled").
  return withoutOpenDirection(cut).trim();
}

/**
 * The address of a post: its feed's page, with the post's anchor (client/components/feed/post-list.tsx
 * gives each post the id `post-{id}`). A post past the feed's first page is not on the page as it opens,
 * so the link then lands on the top of the feed page, which is where "More posts" finds it.
 */
export function postLinkOf(feedType: 'user' | 'game' | 'event', feedKey: string, postId: string): string {
  return `/${feedType}/${encodeURIComponent(feedKey)}#post-${postId}`;
}

/**
 * The members `uid` blocked: what they did is not shown or counted, so that blocking someone also takes
 * back what they were told of before (a block ends follows both ways, but likes and comments stay).
 */
async function readBlockedMembers(db: RtdbClient, uid: string): Promise<ReadonlySet<string>> {
  return new Set(Object.keys((await db.read(userBlocksNode(uid, 'users').path, rawPageSchema)) ?? {}));
}

/** The time of the newest notification `uid` has seen (0: none yet). */
export async function readSeenUpTo(db: RtdbClient, uid: string): Promise<number> {
  return (await db.read(notificationsSeenNode(uid).path, notificationsSeenSchema)) ?? 0;
}

/**
 * How many notifications are newer than what `uid` has seen, up to UNREAD_COUNT_CAP: one bounded query
 * (orderBy timestamp, startAt just after the mark). `db` reads as the member, so the rules decide. Those
 * of members `uid` blocked do not count, as the list leaves them out.
 *
 * One about a post that is gone does not count, as the list leaves it out: deleting a post takes its
 * comments' notifications with it, but not its likes' (their ids are in no record the deletion reads),
 * nor those of likes on its comments. So each distinct post of the unread ones is looked up, all at once
 * (a few tiny reads, only while there are unread notifications about posts). Past the cap, a gone post's
 * notification can make the count read one less than it would: it still says "25+" from the next one on.
 */
export async function countUnread(db: RtdbClient, uid: string): Promise<number> {
  const [seen, blocked] = await Promise.all([readSeenUpTo(db, uid), readBlockedMembers(db, uid)]);
  const value = await db.query(
    notificationsPath(uid),
    { orderBy: 'timestamp', startAt: seen + 1, limitToFirst: UNREAD_COUNT_CAP },
    rawPageSchema,
  );
  // A report's outcome is about no post and no actor: it always counts.
  const reports = Object.values(value ?? {}).filter(
    (entry) => reportNotificationSchema.safeParse(entry).success,
  );
  const unread = Object.values(value ?? {}).flatMap((entry) => {
    const parsed = notificationSchema.safeParse(entry);
    return parsed.success && !blocked.has(parsed.data.actorUUID) ? [parsed.data] : [];
  });
  const postIds = [
    ...new Set(unread.flatMap((entry) => (entry.postUUID === undefined ? [] : [entry.postUUID]))),
  ];
  const gone = new Set(
    (
      await Promise.all(
        postIds.map((postId) =>
          db.read(postNode(postId).child('targetUUID').path, textOnly).then(
            (feed) => (feed === null ? postId : null),
            // Unknown is not gone: better a notification counted than one missed.
            () => null,
          ),
        ),
      )
    ).filter((postId) => postId !== null),
  );
  return (
    reports.length +
    unread.filter((entry) => entry.postUUID === undefined || !gone.has(entry.postUUID)).length
  );
}

/**
 * A page of `uid`'s notifications, newest first: one bounded query (orderBy timestamp, endAt the cursor's
 * time, the last NOTIFICATIONS_READ_CAP), then those at the cursor or after it dropped (equal times are
 * ordered by id), each with its actor's username and the text it is about. A notification whose post or
 * comment is gone (a deleted post takes its likes with it), whose actor is gone or whose actor `uid`
 * blocked is left out.
 */
export async function readNotificationsPage(
  db: RtdbClient,
  uid: string,
  cursor: NotificationCursor | null,
): Promise<NotificationsPage> {
  const [seenUpTo, blocked, value] = await Promise.all([
    readSeenUpTo(db, uid),
    readBlockedMembers(db, uid),
    db.query(
      notificationsPath(uid),
      {
        orderBy: 'timestamp',
        ...(cursor ? { endAt: cursor.timestamp } : {}),
        limitToLast: NOTIFICATIONS_READ_CAP,
      },
      rawPageSchema,
    ),
  ]);
  const entries = Object.entries(value ?? {});
  type Stored =
    ({ id: string } & z.infer<typeof notificationSchema>) | ({ id: string } & ReportNotificationRecord);
  const newestFirst = entries
    .flatMap(([id, raw]): Stored[] => {
      const parsed = notificationSchema.safeParse(raw);
      if (parsed.success) return [{ id, ...parsed.data }];
      const report = reportNotificationSchema.safeParse(raw);
      return report.success ? [{ id, ...report.data }] : [];
    })
    .filter(
      (entry) =>
        !cursor ||
        entry.timestamp < cursor.timestamp ||
        (entry.timestamp === cursor.timestamp && entry.id < cursor.id),
    )
    .sort((a, b) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const page = newestFirst.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const more = newestFirst.length > NOTIFICATIONS_PAGE_SIZE || entries.length === NOTIFICATIONS_READ_CAP;
  const last = page.at(-1);

  const items = await Promise.all(
    page.map(async (entry): Promise<NotificationItem | null> => {
      if (entry.kind === 'report')
        return {
          id: entry.id,
          kind: 'report',
          subject: entry.subject,
          outcome: entry.outcome,
          excerpt: entry.excerpt,
          timestamp: entry.timestamp,
          unread: entry.timestamp > seenUpTo,
        };
      // Left out here rather than before the page is cut, so that the cursor still moves past them.
      if (blocked.has(entry.actorUUID)) return null;
      const aboutComment = entry.commentUUID !== undefined;
      const [username, postFeed, feedType, text] = await Promise.all([
        db.read(userSectionNode(entry.actorUUID, 'public').child('username').path, usernameOnly),
        entry.postUUID === undefined
          ? Promise.resolve(null)
          : db.read(postNode(entry.postUUID).child('targetUUID').path, textOnly),
        entry.postUUID === undefined
          ? Promise.resolve(null)
          : db.read(postNode(entry.postUUID).child('targetType').path, feedTypeSchema).catch(() => null),
        entry.kind === 'follow'
          ? Promise.resolve(null)
          : aboutComment
            ? db.read(commentNode(entry.commentUUID ?? '').child('content').path, textOnly)
            : db.read(postNode(entry.postUUID ?? '').child('content').path, textOnly),
      ]);
      if (username === null) return null;
      if (entry.kind !== 'follow' && (text === null || (entry.postUUID !== undefined && postFeed === null)))
        return null;
      // A member's page is addressed by their username: one more read, for posts on members' pages only.
      const feedKey =
        feedType === 'user' && postFeed !== null
          ? await db
              .read(userSectionNode(postFeed, 'public').child('username').path, usernameOnly)
              .catch(() => null)
          : postFeed;
      return {
        id: entry.id,
        kind: entry.kind,
        actor: { uid: entry.actorUUID, username },
        excerpt: excerptOf(text),
        ofComment: entry.kind === 'like' && aboutComment,
        postLink:
          entry.kind === 'follow' || entry.postUUID === undefined || feedType === null || !feedKey
            ? null
            : postLinkOf(feedType, feedKey, entry.postUUID),
        timestamp: entry.timestamp,
        unread: entry.timestamp > seenUpTo,
      };
    }),
  );
  return {
    notifications: items.filter((item) => item !== null),
    next: more && last ? notificationCursorText(last.timestamp, last.id) : null,
    seenUpTo,
    newest: newestFirst[0]?.timestamp ?? 0,
  };
}
