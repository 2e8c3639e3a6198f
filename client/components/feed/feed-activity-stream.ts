// The Realtime Database's REST stream of one feed's activity time (feed_activity/{feedId}), read as
// a visitor under the database's rules. https://firebase.google.com/docs/database/rest/retrieve-data#section-rest-streaming
// The database sends `put` (the whole value: first on every connection, then on each change), `patch`,
// `keep-alive`, and `cancel` or `auth_revoked` when reading is no longer allowed. EventSource reconnects
// by itself after a dropped connection; the first `put` then arrives again, so listeners get the
// current time again and must treat a repeat as no news (see live-feed.ts).

import type { FeedId } from '../../../shared/schemas/feed-id.ts';
import { feedActivityPath } from '../../../shared/rtdb/paths.ts';

/** Where the database is and its name (GET /api/accounts/config). */
export interface DatabaseAddress {
  databaseUrl: string;
  databaseNamespace: string;
}

export interface FeedActivityStream {
  close(): void;
}

/** Waits before opening again a stream the browser gave up on (the server refused or answered oddly). */
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 60_000];

/** The stream's address: `<database>/feed_activity/<kind>:<id>.json?ns=<name>`. */
export function feedActivityStreamUrl(address: DatabaseAddress, feedId: FeedId): string {
  const url = new URL(`${address.databaseUrl.replace(/\/+$/, '')}/${feedActivityPath(feedId)}.json`);
  if (address.databaseNamespace) url.searchParams.set('ns', address.databaseNamespace);
  return url.toString();
}

/** The time in a `put`/`patch` event's data (`{"path":"/","data":…}`), null for none, undefined if unreadable. */
function activityTime(data: unknown): number | null | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const event = JSON.parse(data) as { path?: unknown; data?: unknown };
    if (event.path !== '/') return undefined;
    if (event.data === null) return null;
    return typeof event.data === 'number' && Number.isFinite(event.data) ? event.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Streams the activity time of the feed `feedId` to `onActivity` (null: the feed never changed), on the
 * first connection, on every reconnection and on every change, until closed or refused by the rules.
 */
export function streamFeedActivity(
  address: DatabaseAddress,
  feedId: FeedId,
  onActivity: (at: number | null) => void,
): FeedActivityStream {
  const url = feedActivityStreamUrl(address, feedId);
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const onChange = (event: MessageEvent<unknown>) => {
    failures = 0;
    const at = activityTime(event.data);
    if (at !== undefined) onActivity(at);
  };
  const stop = () => {
    closed = true;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    source?.close();
    source = null;
  };

  function open() {
    if (closed) return;
    const current = new EventSource(url);
    source = current;
    current.addEventListener('put', onChange);
    current.addEventListener('patch', onChange);
    // Reading is no longer allowed: the database will not send more, so the page stops asking.
    current.addEventListener('cancel', stop);
    current.addEventListener('auth_revoked', stop);
    current.addEventListener('error', () => {
      // A dropped connection is retried by EventSource itself (readyState CONNECTING); a refused or odd
      // answer closes it for good, so it is opened again here, later each time.
      if (current.readyState !== EventSource.CLOSED || closed) return;
      const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
      failures += 1;
      retryTimer = setTimeout(open, delay);
    });
  }

  open();
  return { close: stop };
}
