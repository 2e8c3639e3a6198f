import { z } from 'zod';
import { postLinkOf } from '../notifications/read-notifications.ts';
import {
  commentNode,
  eventNode,
  gameNode,
  pendingReportsNode,
  postNode,
  profileNode,
  reportNode,
  SOCIAL_ROOTS,
  userSectionNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { postCommentSchema } from '../schemas/post-comment.ts';
import { postSchema } from '../schemas/post.ts';
import {
  openReportSchema,
  reportRecordSchema,
  type OpenReport,
  type openReportedItemSchema,
  type reportedBySchema,
  type reportedItemContextSchema,
  type reportMemberSchema,
} from '../schemas/report.ts';
import { reportItemKey } from '../transitions/report.ts';
import type { ReportKind } from '../schemas/report-reasons.ts';

/** Most reported items one page of the editors' queue shows, newest report first. */
export const OPEN_REPORTS_PAGE_SIZE = 20;
/** Most reports of one item shown with it (the newest); handling it resolves all of them. */
export const REPORTS_SHOWN_PER_ITEM = 5;

/** A member as an editor sees them next to a report: their uid and username (null when gone). */
export type ReportMember = z.infer<typeof reportMemberSchema>;
/** One member's report of an item, as the editors see it. */
export type ReportedBy = z.infer<typeof reportedBySchema>;
/** The reported item in context: what it says, who wrote it, where it is, and a link there. */
export type ReportedItemContext = z.infer<typeof reportedItemContextSchema>;
/** An item with open reports, as the editors' queue lists it (shared/schemas/report.ts). */
export type OpenReportedItem = z.infer<typeof openReportedItemSchema>;

const usernameSchema = z.string().min(1).max(64);
const pendingSchema = z.record(z.string(), z.number());
const openPageSchema = z.record(z.string(), z.unknown());

async function memberOf(db: RtdbClient, uid: string, stored?: string): Promise<ReportMember> {
  if (stored) return { uid, username: stored };
  const username = await db
    .read(userSectionNode(uid, 'public').child('username').path, usernameSchema)
    .catch(() => null);
  return { uid, username };
}

/** Where a post is, in words and as a link (its feed's page, anchored at the post). */
async function placeOfPost(
  db: RtdbClient,
  postId: string,
  post: { targetType?: 'user' | 'game' | 'event' | undefined; targetUUID: string },
): Promise<{ place: string; link: string | null }> {
  const name = z.string().min(1);
  switch (post.targetType) {
    case 'game': {
      const game = await db.read(gameNode(post.targetUUID).child('name').path, name).catch(() => null);
      return {
        place: `on the game ${game ?? post.targetUUID}`,
        link: postLinkOf('game', post.targetUUID, postId),
      };
    }
    case 'event': {
      const event = await db.read(eventNode(post.targetUUID).child('name').path, name).catch(() => null);
      return {
        place: `on the event ${event ?? post.targetUUID}`,
        link: postLinkOf('event', post.targetUUID, postId),
      };
    }
    case 'user': {
      const wall = await memberOf(db, post.targetUUID);
      return wall.username === null
        ? { place: 'on a member’s page', link: null }
        : { place: `on ${wall.username}’s page`, link: postLinkOf('user', wall.username, postId) };
    }
    case undefined:
      return { place: 'on a feed', link: null };
  }
}

/** The item a report is about, in context; null when it is gone. */
export async function readReportedItem(
  db: RtdbClient,
  kind: ReportKind,
  itemId: string,
): Promise<ReportedItemContext | null> {
  switch (kind) {
    case 'post': {
      const post = await db.read(postNode(itemId).path, postSchema);
      if (!post) return null;
      const [author, where] = await Promise.all([
        memberOf(db, post.sourceUUID, post.authorName),
        placeOfPost(db, itemId, post),
      ]);
      return { text: post.content, author, ...where };
    }
    case 'comment': {
      const comment = await db.read(commentNode(itemId).path, postCommentSchema);
      if (!comment) return null;
      const [author, post] = await Promise.all([
        memberOf(db, comment.sourceUUID, comment.authorName),
        db.read(postNode(comment.postUUID).path, postSchema),
      ]);
      const where = post
        ? await placeOfPost(db, comment.postUUID, post)
        : { place: 'on a post that is gone', link: null };
      return { text: comment.content, author, place: `a comment ${where.place}`, link: where.link };
    }
    case 'user': {
      const [username, brief] = await Promise.all([
        db.read(userSectionNode(itemId, 'public').child('username').path, usernameSchema),
        db.read(profileNode(itemId).child('brief').path, z.string()).catch(() => null),
      ]);
      if (username === null) return null;
      return {
        text: brief || null,
        author: { uid: itemId, username },
        place: 'their member page',
        link: `/user/${encodeURIComponent(username)}`,
      };
    }
  }
}

/** An item's newest open reports, newest first, with their reporters' names. */
async function readOpenReportsOf(db: RtdbClient, open: OpenReport): Promise<ReportedBy[]> {
  const key = reportItemKey(open.kind, open.itemId);
  const pending = await db.query(
    pendingReportsNode(key).path,
    { orderBy: '$value', limitToLast: REPORTS_SHOWN_PER_ITEM },
    pendingSchema,
  );
  const reporters = Object.entries(pending ?? {})
    .sort(([a, at], [b, bt]) => bt - at || (a < b ? 1 : -1))
    .map(([uid]) => uid);
  const reports = await Promise.all(
    reporters.map(async (uid): Promise<ReportedBy | null> => {
      const [record, reporter] = await Promise.all([
        db.read(reportNode(key, uid).path, reportRecordSchema),
        memberOf(db, uid),
      ]);
      return record
        ? { reporter, reason: record.reason, words: record.words ?? null, timestamp: record.timestamp }
        : null;
    }),
  );
  return reports.filter((report) => report !== null);
}

/**
 * The editors' queue: the items with open reports, the most recently reported first (one bounded query,
 * the last OPEN_REPORTS_PAGE_SIZE by `latest`), each with its newest open reports and the item in context.
 * Read with the server credential: no client reads reports (database.rules.json).
 */
export async function readOpenReports(db: RtdbClient): Promise<OpenReportedItem[]> {
  const page = await db.query(
    SOCIAL_ROOTS.reportsOpen,
    { orderBy: 'latest', limitToLast: OPEN_REPORTS_PAGE_SIZE },
    openPageSchema,
  );
  const open = Object.values(page ?? {})
    .flatMap((raw) => {
      const parsed = openReportSchema.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.latest - a.latest);
  return Promise.all(
    open.map(async (entry) => {
      const [reports, item] = await Promise.all([
        readOpenReportsOf(db, entry),
        readReportedItem(db, entry.kind, entry.itemId),
      ]);
      return { kind: entry.kind, itemId: entry.itemId, latest: entry.latest, reports, item };
    }),
  );
}
