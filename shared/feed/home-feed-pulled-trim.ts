import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

// The shared index of the posts of feeds merged at read (`home_feed_pulled`, see home-feed-fanout.ts) kept
// bounded: each pulled feed keeps its newest PULLED_FEED_CAP entries there, as a member's own home feed
// keeps its newest 500 (HOME_FEED_CAP), so a member pages back as far through the default account's posts
// as through any feed fanned out to them, and the index grows with the number of pulled feeds (a handful),
// never with time. Trimmed as it is written, like home feeds: one write in PULLED_TRIM_EVERY of a feed's
// posts reads that feed's entries (`.indexOn: feed`, at most about PULLED_FEED_CAP + a few dozen) and
// drops the oldest past the cap in the same PATCH as the new entry.

/** The newest entries each pulled feed keeps in the shared index (the same depth as a home feed). */
export const PULLED_FEED_CAP = 500;
/** One post in this many on a pulled feed trims that feed's entries back to PULLED_FEED_CAP. */
export const PULLED_TRIM_EVERY = 16;

/** A small, stable hash, so that a message delivered twice trims (or not) the same way. */
function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash >>> 0;
}

/** Whether writing `postId` into the index trims its feed's entries (PULLED_TRIM_EVERY of them do). */
export const trimsPulledFeed = (postId: string): boolean => hashOf(postId) % PULLED_TRIM_EVERY === 0;

const entriesSchema = z.record(z.string(), z.object({ timestamp: z.number() }).catch({ timestamp: 0 }));

/**
 * The deletions that bring `feed`'s entries of the index at `path` back to PULLED_FEED_CAP once `postId`
 * is written, when this post is one that trims (else none): its oldest entries by time (then id) go.
 */
export async function trimmedPulledFeed(
  db: RtdbClient,
  path: string,
  feed: string,
  postId: string,
): Promise<MultiPathUpdate> {
  if (!trimsPulledFeed(postId)) return {};
  const entries = Object.entries(
    (await db.query(path, { orderBy: 'feed', equalTo: feed }, entriesSchema)) ?? {},
  ).filter(([id]) => id !== postId);
  entries.sort(([a, x], [b, y]) => x.timestamp - y.timestamp || compareKeys(a, b));
  // The entry being written takes one place of the cap.
  const excess = entries.length - (PULLED_FEED_CAP - 1);
  return Object.fromEntries(entries.slice(0, Math.max(0, excess)).map(([id]) => [`${path}/${id}`, null]));
}
