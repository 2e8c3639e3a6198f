import { z } from 'zod';
import { commentNode, postNode, userSectionNode } from '../shared/rtdb/paths.ts';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';
import { recordIdSchema } from '../shared/schemas/keys.ts';
import { POST_TARGET_TYPES } from '../shared/schemas/post.ts';
import type { Database } from './database.ts';
import { dropEdgeCopy } from './edge-cache.ts';

/** What purging reads of the API request that made the change. */
interface WritingRequest {
  req: { url: string };
  var: { database: Pick<Database, 'server'> };
  executionCtx: { waitUntil(work: Promise<unknown>): void };
}

/** The feed a change was made on, or the post or comment it was made to (its feed is looked up). */
export type ChangedFeed =
  | { feed: { type: (typeof POST_TARGET_TYPES)[number]; id: string } }
  | { postId: string }
  | { commentId: string };

const postFeedSchema = z
  .object({ targetUUID: recordIdSchema, targetType: z.enum(POST_TARGET_TYPES).optional() })
  .loose();

/** The feed a post is on; null when the post is gone or older than the kind of its feed being kept. */
async function feedOfPost(db: RtdbClient, postId: string) {
  const post = await db.read(postNode(postId).path, postFeedSchema);
  return post?.targetType ? { type: post.targetType, id: post.targetUUID } : null;
}

/** The path of the page that shows a feed: its game's, event's or member's page (null: none known). */
async function feedPagePath(db: RtdbClient, changed: ChangedFeed): Promise<string | null> {
  let feed;
  if ('feed' in changed) feed = changed.feed;
  else if ('postId' in changed) feed = await feedOfPost(db, changed.postId);
  else {
    const postId = await db.read(commentNode(changed.commentId).child('postUUID').path, recordIdSchema);
    feed = postId === null ? null : await feedOfPost(db, postId);
  }
  if (!feed) return null;
  if (feed.type === 'game') return `/game/${encodeURIComponent(feed.id)}`;
  if (feed.type === 'event') return `/event/${encodeURIComponent(feed.id)}`;
  const username = await db.read(userSectionNode(feed.id, 'public').child('username').path, z.string());
  return username ? `/user/${encodeURIComponent(username)}` : null;
}

/**
 * After a post, comment or like changed a feed, the edge's copy of the page showing it is dropped, so
 * the next visitor gets it rendered afresh instead of up to 11 minutes old (see cachedPublicPage). The
 * Cache API only reaches this data centre: elsewhere a copy may still be served until it expires, and
 * what keeps those readers right is the page itself, which streams the feed's activity time once open
 * and re-reads its posts at once when the time is past the copy's (client/components/feed/live-feed.ts).
 * Page data for client navigations (`/api/pages/…`) is not kept at the edge, so there is nothing to drop
 * there. Done after the answer (waitUntil); a failure only leaves the copy to expire.
 */
export function purgeFeedPage(c: WritingRequest, changed: ChangedFeed): void {
  const db = c.var.database.server;
  const origin = new URL(c.req.url).origin;
  c.executionCtx.waitUntil(
    feedPagePath(db, changed)
      .then(async (path) => {
        if (path !== null) await dropEdgeCopy(`${origin}${path}`);
      })
      .catch((error: unknown) => {
        console.error('Dropping the cached page of a feed failed', error);
      }),
  );
}
