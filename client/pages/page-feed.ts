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
