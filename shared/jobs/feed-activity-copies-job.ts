// The feed activity copies job: gives every game and event the copy of its feed's activity time that a
// change to its feed now keeps in its record (`games/{id}/feedActivity`, `events/{id}/feedActivity`;
// shared/transitions/feed-activity.ts), so that the game and event pages read no `feed_activity` of their
// own. Run it once when deploying the copies (`npm run job -- feed-activity-copies`); safe to repeat: a
// copy already there is left alone, so a second run writes nothing. Until it has run, a game or event whose
// feed last changed before shows its feed as of an unknown time (an open page re-reads it once).
// Members' feeds are the member page copies job's (member-page-copies-job.ts).
//
// Feeds keep changing while it runs. Each copy is put only while its place is still empty (read with its
// ETag, written if unchanged), so a copy written by a change meanwhile, which is newer than what the job
// read, is never overwritten; a feed whose game or event is not there gets none (no stub record).

import { z } from 'zod';
import { eventNode, gameNode, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { parseFeedId } from '../schemas/feed-id.ts';
import type { Job, JobContext } from './job.ts';
import { childPages, inBatches } from './paged-reads.ts';

const activityTimeSchema = z.number();
const nameSchema = z.string().min(1);

/** The record of the game or event whose feed is `feedId`, or null for a member's feed or another key. */
function recordOfFeed(feedId: string): { path: string } | null {
  const feed = parseFeedId(feedId);
  if (feed?.kind === 'game') return { path: gameNode(feed.id).path };
  if (feed?.kind === 'event') return { path: eventNode(feed.id).path };
  return null;
}

/** Puts the feed's time `at` in its record if the record is there and has none; answers whether it did. */
async function copyForFeed(db: RtdbClient, feedId: string, at: unknown): Promise<boolean> {
  const record = recordOfFeed(feedId);
  const time = activityTimeSchema.safeParse(at);
  if (!record || !time.success) return false;
  if ((await db.read(`${record.path}/name`, nameSchema)) === null) return false;
  const place = `${record.path}/feedActivity`;
  const { value: present, etag } = await db.getTagged(place);
  if (present !== null) return false;
  return db.putIfUnchanged(place, time.data, etag);
}

/** Gives every game and event the copy of its feed's time; answers how many were written. */
export async function fillFeedActivityCopies(context: Pick<JobContext, 'db' | 'log'>): Promise<number> {
  const { db, log } = context;
  let copied = 0;
  for await (const page of childPages(db, SOCIAL_ROOTS.feedActivity)) {
    const written = await inBatches(page, ([feedId, at]) => copyForFeed(db, feedId, at));
    copied += written.filter(Boolean).length;
    log(`feeds: ${String(copied)} activity times copied into their games and events`);
  }
  return copied;
}

export const feedActivityCopiesJob: Job = {
  description:
    'copies each game’s and event’s feed activity time into its record, which its page reads anyway (safe to repeat)',
  async run(context) {
    const copied = await fillFeedActivityCopies(context);
    return `${copied.toLocaleString('en')} feed activity times copied into games and events`;
  },
};
