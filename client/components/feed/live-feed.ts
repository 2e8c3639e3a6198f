// Loaded on demand once a page with a feed is open (see use-live-feed.ts): follows the feed's activity
// time and re-reads its first page when it moves past what the page shows.

import { mergeFeedPage, type ShownFeed } from '../../../shared/feed/live-merge.ts';
import type { FeedPage } from '../../../shared/feed/read-feed.ts';
import { feedIdOf, type FeedKind } from '../../../shared/schemas/feed-id.ts';
import { streamFeedActivity, type DatabaseAddress, type FeedActivityStream } from './feed-activity-stream.ts';
import { callApi } from '../browser-capabilities.ts';

/** Changes landing together (a post and its first like) cost one re-read. */
const REREAD_DELAY_MS = 300;
/** A failed re-read is tried again after this long, if nothing newer asked first. */
const RETRY_DELAY_MS = 5_000;
/** A tab hidden this long lets its stream go; showing it again reconnects and catches up. */
const HIDDEN_CLOSE_MS = 60_000;

let address: Promise<DatabaseAddress> | undefined;

function databaseAddress(): Promise<DatabaseAddress> {
  address ??= callApi((api) => api.accounts.config.$get()).then(
    (config) => ({ databaseUrl: config.databaseUrl, databaseNamespace: config.databaseNamespace }),
    (error: unknown) => {
      address = undefined;
      throw error;
    },
  );
  return address;
}

/** A re-read first page, and how to take it into what the page shows. */
export interface FeedUpdate {
  page: FeedPage;
  merge: (shown: ShownFeed) => ShownFeed;
}

/**
 * Follows the feed of the `targetType` `targetId` (its kind and id name it: shared/schemas/feed-id.ts), whose posts are shown as of activity time `shownAt` (the page's own
 * read; null or absent: unknown, so the first change seen counts). Each time the streamed time moves
 * past what is shown, the first page is read again and handed to `onUpdate`. A page that waited in a cache
 * (the edge keeps a page for minutes, and purging it reaches one data centre only) is refreshed at once,
 * since the stream's first time is already past the page's. Reconnections repeat the current time,
 * which is no news. Answers the function that stops following.
 */
export function followFeed(
  targetType: FeedKind,
  targetId: string,
  shownAt: number | null | undefined,
  onUpdate: (update: FeedUpdate) => void,
): () => void {
  let known = shownAt ?? null;
  let wanted: number | null = null;
  let reading = false;
  let stopped = false;
  let stream: FeedActivityStream | null = null;
  let rereadTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (delay: number) => {
    if (rereadTimer !== undefined) clearTimeout(rereadTimer);
    rereadTimer = setTimeout(() => void reread(), delay);
  };

  /** What happened to one re-read, once it answered (the page may have been left meanwhile). */
  function settle(asked: number, page: FeedPage | null) {
    if (stopped) return;
    if (page === null) {
      schedule(RETRY_DELAY_MS);
      return;
    }
    known = Math.max(known ?? 0, asked, page.activityAt ?? 0);
    // A change that came in while reading and that the answer already holds needs no re-read.
    if (wanted !== null && wanted <= known) wanted = null;
    onUpdate({ page, merge: (shown) => mergeFeedPage(shown, page) });
  }

  async function reread() {
    if (stopped || wanted === null) return;
    if (reading) {
      schedule(REREAD_DELAY_MS);
      return;
    }
    reading = true;
    const asked = wanted;
    const page = await callApi((api) => api.posts.$get({ query: { targetType, targetId } })).catch(
      () => null,
    );
    reading = false;
    settle(asked, page);
  }

  function onActivity(at: number | null) {
    if (at === null || (known !== null && at <= known) || (wanted !== null && at <= wanted)) return;
    wanted = at;
    schedule(REREAD_DELAY_MS);
  }

  function connect() {
    databaseAddress().then(
      (database) => {
        if (!stopped && stream === null)
          stream = streamFeedActivity(database, feedIdOf(targetType, targetId), onActivity);
      },
      () => undefined, // The page stays as it is; showing the tab again tries again.
    );
  }

  function disconnect() {
    stream?.close();
    stream = null;
  }

  const onVisibility = () => {
    if (hiddenTimer !== undefined) clearTimeout(hiddenTimer);
    if (document.visibilityState === 'hidden') hiddenTimer = setTimeout(disconnect, HIDDEN_CLOSE_MS);
    else if (stream === null) connect();
  };

  connect();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    if (rereadTimer !== undefined) clearTimeout(rereadTimer);
    if (hiddenTimer !== undefined) clearTimeout(hiddenTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    disconnect();
  };
}
