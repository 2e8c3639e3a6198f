import { onDemand } from '../on-demand.tsx';

// The feed's code (posts, comments, likes, composers) stays out of a page's first-load JavaScript; the
// page's loader loads it on the server (page-feed.ts), so the feed is in the HTML (see on-demand.tsx).

const feedSection = onDemand(
  'feed-section',
  () => import('./feed-section.tsx'),
  (module) => module.FeedSection,
);

/** Loads the feed's module once (the page's loader, so that the server renders the feed whole). */
export const loadFeedSection = feedSection.load;

/** The feed of a user's, game's or event's page (see feed-section.tsx), its code loaded on demand. */
export const FeedSection = feedSection.Component;
