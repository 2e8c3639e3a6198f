import { z } from 'zod';
import { parseTargetName, type FeedId } from '../schemas/feed-id.ts';
import { deliverHomeFeedMessage } from '../feed/home-feed-fanout.ts';
import type { Job } from './job.ts';
import { childPages, inBatches } from './paged-reads.ts';

// Home feeds for what was followed before they were written on post (once, after deploying the Worker
// that produces to the home-feed queue, and again after deploying cards): every member's every followed
// member, game and event brings its latest posts' cards into their home feed, and every followed list its
// latest events, exactly as a new follow does (shared/feed/home-feed-fanout.ts).
// Every write is keyed by post id, so running it again, or while members post and follow, writes nothing
// twice.

/** Members read per request (each with their whole follows index). */
const MEMBERS_A_PAGE = 100;

const followsEntrySchema = z.object({}).loose();

/** The home-feeds job (`npm run job -- home-feeds`). */
export const homeFeedsJob: Job = {
  description: 'fill every member’s home feed with the recent posts of what they follow (once)',
  async run({ db, log }) {
    let members = 0;
    let feeds = 0;
    let entries = 0;
    for await (const page of childPages(db, 'follows_by_userid', MEMBERS_A_PAGE)) {
      const follows = page.flatMap(([uid, value]) =>
        Object.entries((value ?? {}) as Record<string, unknown>).flatMap(([name, entry]) => {
          const target = parseTargetName(name);
          return target && followsEntrySchema.safeParse(entry).success ? [{ uid, target, name }] : [];
        }),
      );
      const delivered = await inBatches(follows, ({ uid, target, name }) =>
        deliverHomeFeedMessage(
          db,
          target.kind === 'list'
            ? { kind: 'list-followed', uid, code: target.id }
            : { kind: 'feed-followed', uid, feed: name as FeedId },
        ),
      );
      members += page.length;
      feeds += follows.length;
      entries += delivered.reduce((sum, delivery) => sum + delivery.paths, 0);
      log(`${String(members)} members read`);
    }
    return `${String(members)} members, ${String(feeds)} followed feeds, ${String(entries)} home-feed paths written`;
  },
};
