import { HttpsError, onCall, type CallableOptions } from 'firebase-functions/v2/https';
import { buildHomeFeedPage } from '../../../shared/feed/home-feed-build.ts';
import { homeFeedRequestSchema, type HomeFeedPage } from '../../../shared/feed/home-feed.ts';
import type { RtdbClient } from '../../../shared/rtdb/rest-client.ts';

// The `http-getFeed` function (spec section 7): a page of the signed-in member's home feed. A callable
// rather than a plain HTTP function: the Firebase SDK proves the caller from the ID token the Worker
// passes on (`request.auth`), the Worker already speaks the protocol to `http-doSearch` with the same
// timeout and error statuses, and an installed app can call it with the Firebase SDK as it is. The
// member's GET is the Worker's (`GET /api/feed`), which is where the spec's "GET" is answered.
// Protocol: https://firebase.google.com/docs/functions/callable-reference

/**
 * A page is 5 database requests in one round whatever the member follows (the cards the queue keeps,
 * shared/feed/home-feed-build.ts; one more query per followed curated list), waiting on the network, not
 * the CPU: one instance serves many members at a time.
 */
export const GET_FEED_OPTIONS: CallableOptions = { memory: '256MiB', concurrency: 80 };

/** The handler: checks the caller and the payload, builds the page, and turns failures into the protocol's errors. */
export async function getFeed(
  database: () => RtdbClient,
  uid: string | undefined,
  payload: unknown,
): Promise<HomeFeedPage> {
  if (!uid) throw new HttpsError('unauthenticated', 'Please sign in.');
  const parsed = homeFeedRequestSchema.safeParse(payload ?? {});
  if (!parsed.success)
    throw new HttpsError('invalid-argument', parsed.error.issues[0]?.message ?? 'This page is not valid.');
  try {
    return await buildHomeFeedPage(database(), uid, parsed.data);
  } catch (error) {
    console.error('Home feed failed', error);
    throw new HttpsError('unavailable', 'The home feed is not available just now.');
  }
}

/** The callable function over the server's database client (rules bypassed: it reads private follows and blocks). */
export function getFeedCallable(database: () => RtdbClient, options: CallableOptions = GET_FEED_OPTIONS) {
  return onCall(options, (request) => getFeed(database, request.auth?.uid, request.data));
}
