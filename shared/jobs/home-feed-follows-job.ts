import { z } from 'zod';
import { compareKeys } from '../rtdb/key-order.ts';
import { followCountNode, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { parseFeedId, parseTargetName, type FeedId, type TargetName } from '../schemas/feed-id.ts';
import { deliverHomeFeedMessageFully } from '../feed/home-feed-fanout.ts';
import { HOME_FEED_PULLED_FEEDS_PATH, PULLED_FEED_FOLLOWERS } from '../feed/home-feed-follows.ts';
import type { Job } from './job.ts';
import { childPages, inBatches } from './paged-reads.ts';

/** Members whose follow history is read a request (each with all of it). */
const MEMBERS_A_PAGE = 100;

const takenBackSchema = z.object({ disabled: z.literal(true) }).loose();

// Home-feed records for the follows made before them (once, after deploying the Worker whose home feed
// reads `users/{uid}/private/home-feed-follows` instead of the follows map: shared/feed/home-feed-follows.ts).
// Every feed followed by more than PULLED_FEED_FOLLOWERS members, and every feed already registered as
// merged at read, is marked exactly as the home-feed consumer marks a feed that grows past it: each of its
// followers' records gets `pulled/{feed}` (a page of 1,000 a PATCH), then the registry says `pulled`.
// Then the cards of follows taken back before now: the page used to leave them out by reading the follows
// map, and nothing took them out of home feeds. Every follow a member ever took back is a disabled entry
// of their follow history (`follows_history/{uid}`, a page of members at a time); each gets the clean-up
// an unfollow's delayed message does (one query of their home feed by that feed or list, nothing written
// when the member follows it again), so the page, which now shows every card of their home feed but those
// being taken out, shows none of them.
// Every write is a `set` of the same value or a deletion, so running it again, or while members follow
// and post, changes nothing twice; a follow landing while it runs reads the registry (or a count near the
// threshold) itself.

/** Keys only: the followers under each target are not read here. */
async function keysOf(db: RtdbClient, root: string): Promise<string[]> {
  return Object.keys((await db.get(root, { shallow: true })) ?? {}).sort(compareKeys);
}

/** The home-feed-follows job (`npm run job -- home-feed-follows`). */
export const homeFeedFollowsJob: Job = {
  description:
    'mark every feed merged at read in its followers’ home-feed records, and take the cards of follows taken back out of home feeds (once)',
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
    let members = 0;
    let takenBack = 0;
    let cleaned = 0;
    for await (const page of childPages(db, SOCIAL_ROOTS.followsHistory, MEMBERS_A_PAGE)) {
      const unfollows = page.flatMap(([uid, history]) =>
        Object.entries((history ?? {}) as Record<string, unknown>).flatMap(([name, entry]) =>
          parseTargetName(name) !== null && takenBackSchema.safeParse(entry).success
            ? [{ uid, target: name as TargetName }]
            : [],
        ),
      );
      // The clean-up of an unfollow whose marker is long gone (`at` 0 matches none).
      const delivered = await inBatches(unfollows, (unfollow) =>
        deliverHomeFeedMessageFully(db, { kind: 'feed-unfollowed', ...unfollow, at: 0 }, now),
      );
      members += page.length;
      takenBack += unfollows.length;
      cleaned += delivered.reduce((sum, paths) => sum + paths, 0);
      log(`${String(members)} members' follows taken back cleaned up`);
    }
    return (
      `${String(feeds.length)} followed feeds read, ${String(pulled.length)} merged at read, ` +
      `${String(marks)} paths written; ${String(members)} members, ${String(takenBack)} follows taken back, ` +
      `${String(cleaned)} paths written`
    );
  },
};
