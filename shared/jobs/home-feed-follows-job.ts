import { z } from 'zod';
import { compareKeys } from '../rtdb/key-order.ts';
import { followCountNode, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { parseFeedId, type FeedId } from '../schemas/feed-id.ts';
import { deliverHomeFeedMessageFully } from '../feed/home-feed-fanout.ts';
import { HOME_FEED_PULLED_FEEDS_PATH, PULLED_FEED_FOLLOWERS } from '../feed/home-feed-follows.ts';
import type { Job } from './job.ts';
import { inBatches } from './paged-reads.ts';

// Home-feed records for the follows made before them (once, after deploying the Worker whose home feed
// reads `users/{uid}/private/home-feed-follows` instead of the follows map: shared/feed/home-feed-follows.ts).
// Every feed followed by more than PULLED_FEED_FOLLOWERS members, and every feed already registered as
// merged at read, is marked exactly as the home-feed consumer marks a feed that grows past it: each of its
// followers' records gets `pulled/{feed}` (a page of 1,000 a PATCH), then the registry says `pulled`.
// Nothing else needs filling: a member's follows taken back before now left no card to take out (the page
// read the follows map then), and every other card in their home feed is one of a feed they follow.
// Every write is a `set` of the same value, so running it again, or while members follow and post,
// changes nothing twice; a follow landing while it runs reads the registry (or a count near the threshold)
// itself.

/** Keys only: the followers under each target are not read here. */
async function keysOf(db: RtdbClient, root: string): Promise<string[]> {
  return Object.keys((await db.get(root, { shallow: true })) ?? {}).sort(compareKeys);
}

/** The home-feed-follows job (`npm run job -- home-feed-follows`). */
export const homeFeedFollowsJob: Job = {
  description: 'mark every feed merged at read in its followers’ home-feed records (once)',
  async run({ db, log, now }) {
    const [followed, registered] = await Promise.all([
      keysOf(db, SOCIAL_ROOTS.followsByTargetId),
      keysOf(db, HOME_FEED_PULLED_FEEDS_PATH),
    ]);
    const feeds = followed.flatMap((name) => (parseFeedId(name) === null ? [] : [name as FeedId]));
    // Each followed feed's count, as the follow transition keeps it (the fan-out decides by it too).
    const counts = await inBatches(feeds, async (feed) => {
      const parsed = parseFeedId(feed);
      return parsed === null ? null : db.read(followCountNode(parsed.kind, parsed.id).path, z.number());
    });
    const large = feeds.filter((_, n) => (counts[n] ?? 0) > PULLED_FEED_FOLLOWERS);
    const pulled = [
      ...new Set([...large, ...registered.filter((name) => parseFeedId(name) !== null)]),
    ] as FeedId[];
    let marks = 0;
    for (const feed of pulled.sort(compareKeys)) {
      marks += await deliverHomeFeedMessageFully(db, { kind: 'feed-pulled', feed }, now);
      log(`${feed} marked`);
    }
    return `${String(feeds.length)} followed feeds read, ${String(pulled.length)} merged at read, ${String(marks)} paths written`;
  },
};
