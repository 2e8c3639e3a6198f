// Runs only on the Worker (only page loaders import it).
import { finishFeedForPage, type FeedPage, type FeedPageStart } from '../../shared/feed/read-feed.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { loadFeedSection } from '../components/feed/feed-section-on-demand.tsx';

/**
 * The second round of a page's feed (finishFeedForPage), with the feed's code loaded meanwhile, so that
 * the server renders the feed into the HTML (see feed-section-on-demand.tsx).
 */
export async function finishPageFeed(db: RtdbClient, start: FeedPageStart | null): Promise<FeedPage> {
  const [feed] = await Promise.all([finishFeedForPage(db, start), loadFeedSection()]);
  return feed;
}

/**
 * A feed's first round with the activity time its page read in a copy (a game's, an event's or a member's
 * record keeps one: shared/transitions/feed-activity.ts); a record without the copy gives an unknown time,
 * and an open page then re-reads its feed at the first change it hears of.
 */
export function feedWithActivity(
  start: FeedPageStart | null,
  activityAt: number | undefined,
): FeedPageStart | null {
  return start && { ...start, activityAt: activityAt ?? null };
}
