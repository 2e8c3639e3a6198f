import { z } from 'zod';
import { recordIdSchema } from '../schemas/keys.ts';
import { decodeFeedCursor, isAfter, newestFirst, type FeedPosition } from './feed-cursor.ts';
import { listFeedEventSchema, type ListFeedEvent } from '../schemas/list-feed-event.ts';
import type { FeedPage } from './read-feed.ts';

// The home feed's order and paging, shared by the `http-getFeed` function (which builds a page), the
// Worker (which checks the query it is sent) and the benchmark. Posts are ordered newest first by
// (timestamp, post id): the id breaks ties, so two posts written in the same millisecond still have one
// place each, and a cursor names an exact position: a page starts strictly after it, never repeating
// a post of the page before nor skipping one (shared/feed/feed-cursor.ts, as every feed pages).

/** Posts a page holds unless the member asks for fewer or more. */
export const HOME_FEED_PAGE_SIZE = 10;
/** The most posts one page may hold. */
export const HOME_FEED_MAX_PAGE_SIZE = 25;

/** What a page of the home feed is asked with (the callable's payload, and the Worker's query once parsed). */
export const homeFeedRequestSchema = z.object({
  cursor: z
    .string()
    .refine((text) => decodeFeedCursor(text) !== null, 'This is not a place in the feed.')
    .optional(),
  limit: z
    .number()
    .int('Ask for a whole number of posts.')
    .min(1, 'Ask for at least one post.')
    .max(HOME_FEED_MAX_PAGE_SIZE, `Ask for at most ${String(HOME_FEED_MAX_PAGE_SIZE)} posts.`)
    .default(HOME_FEED_PAGE_SIZE),
});
export type HomeFeedRequest = z.infer<typeof homeFeedRequestSchema>;

/**
 * `GET /api/feed`'s query string: `cursor` as a page's `nextCursor` gave it, `limit` a whole number from 1
 * to the most a page holds (query parameters arrive as text).
 */
export const homeFeedQuerySchema = z.object({
  cursor: homeFeedRequestSchema.shape.cursor,
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'Ask for a whole number of posts.')
    .transform(Number)
    .pipe(homeFeedRequestSchema.shape.limit.unwrap())
    .optional(),
});

/**
 * A page of the home feed: its posts, newest first, and the cursor of the next page (null at the end);
 * and the followed lists' events of the same stretch of time, a kind of item of their own that the page
 * shows among the posts by (timestamp, uuid).
 */
export type HomeFeedPage = FeedPage & { listEvents?: ListFeedEvent[] };

/** The answer's shape, checked by the Worker before passing it on (posts are the function's own reads). */
export const homeFeedPageSchema = z.object({
  posts: z.array(
    z
      .object({
        uuid: recordIdSchema,
        sourceUUID: recordIdSchema,
        targetUUID: recordIdSchema,
        content: z.string(),
        timestamp: z.number(),
        previewComments: z.array(z.object({ uuid: recordIdSchema }).loose()),
      })
      .loose(),
  ),
  nextCursor: z.string().nullable(),
  listEvents: z.array(listFeedEventSchema).optional(),
});

/** The entries of an index (post id → timestamp), ignoring anything that is not a time. */
export function feedEntries(index: Record<string, unknown> | null | undefined): FeedPosition[] {
  return Object.entries(index ?? {}).flatMap(([id, timestamp]) =>
    typeof timestamp === 'number' && Number.isFinite(timestamp) ? [{ id, timestamp }] : [],
  );
}

/**
 * One feed's part of a page: what an index query answered, without what came before the cursor, newest
 * first. `complete` says whether this index can have more after them: a query limited to `asked` that
 * answered `asked` entries may have left older ones unread.
 */
export interface FeedSlice {
  entries: FeedPosition[];
  /** The query answered fewer than it was asked for: this feed has nothing older than its last entry. */
  exhausted: boolean;
}

/** Cuts an index query's answer to the entries strictly after the cursor. */
export function sliceAfterCursor(
  answer: FeedPosition[],
  asked: number,
  cursor: FeedPosition | undefined,
): FeedSlice {
  return {
    entries: answer.filter((entry) => cursor === undefined || isAfter(entry, cursor)).sort(newestFirst),
    exhausted: answer.length < asked,
  };
}

/**
 * The entries of a page merged from every feed's slice: newest first, each post once (a member's own
 * post on a followed game is in two indexes), without blocked posts, at most `limit`. Exact as long as
 * every slice that is not exhausted holds at least `limit` entries after the cursor (the caller asks
 * each feed for that many). `more` says whether anything is left after the page.
 */
export function mergeFeedSlices(
  slices: FeedSlice[],
  limit: number,
  blockedPosts: ReadonlySet<string> = new Set(),
): { entries: FeedPosition[]; more: boolean } {
  const byId = new Map<string, FeedPosition>();
  for (const slice of slices)
    for (const entry of slice.entries) if (!blockedPosts.has(entry.id)) byId.set(entry.id, entry);
  const merged = [...byId.values()].sort(newestFirst);
  const more = merged.length > limit || slices.some((slice) => !slice.exhausted);
  return { entries: merged.slice(0, limit), more };
}
