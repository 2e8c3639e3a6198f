import { z } from 'zod';
import { feedPostSchema } from './api-answers.ts';
import { recordIdSchema } from './keys.ts';
import { MAX_POST_LENGTH } from './text-limits.ts';
import { memberTextSchema } from './member-text.ts';

// Reviews (issue 24): one a member and game, a post on the game's feed (so comments, likes, reports, blocks
// and deletion work as for any post) marked with the author's score and shelf (shared/schemas/review-badge.ts).
// Two public indexes list them: the game's by likes then time, the member's newest first.

/** What writes (or rewrites) the caller's review of a game (`PUT /api/games/{gameId}/review`). */
export const reviewRequestSchema = z.strictObject({
  text: memberTextSchema()
    .min(1, 'Write something first.')
    .max(MAX_POST_LENGTH, `At most ${String(MAX_POST_LENGTH)} characters.`),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/**
 * What one like moves a review's rank by. The rank is `likes × 10¹⁰ + the review's second of writing`:
 * the database orders a query by one child, and this one number orders by likes, then by time (a newer
 * review first among equal likes), while each like moves it by a server increment, exact however many
 * members like at once. Seconds stay below 10¹⁰ until the year 2286, and the rank an exact integer up to
 * 900,000 likes (2⁵³).
 */
export const REVIEW_RANK_PER_LIKE = 10_000_000_000;

/** A review's rank as written: no likes yet, its second of writing (see REVIEW_RANK_PER_LIKE). */
export function reviewRank(likes: number, writtenAt: number): number {
  return Math.max(0, likes) * REVIEW_RANK_PER_LIKE + Math.max(0, Math.floor(writtenAt / 1000));
}

/** `game_reviews/{gameId}/{postId}`: a game's reviews, read best first by `rank`. */
export const gameReviewEntrySchema = z.object({ rank: z.number() });

/** `reviews_by_userid/{uid}/{gameId}`: a member's reviews, read newest first by `timestamp`. */
export const memberReviewEntrySchema = z.object({
  postId: recordIdSchema,
  timestamp: z.number(),
  /** The game's name when the review was written, so that a profile lists them without reading each game. */
  name: z.string().optional(),
});

/** Where the next page starts: pass it back as `cursor`; null on the last page. */
const nextCursorSchema = z.string().nullable();

/** A page of a game's reviews, most liked first (then newest), each a post with its badge. */
export const gameReviewsPageSchema = z.object({
  reviews: z.array(feedPostSchema),
  nextCursor: nextCursorSchema,
});

/** A page of a member's reviews, newest first, each with the game it is of. */
export const memberReviewsPageSchema = z.object({
  reviews: z.array(
    z.object({
      gameId: recordIdSchema,
      /** The game's name when the review was written. */
      name: z.string().optional(),
      post: feedPostSchema,
    }),
  ),
  nextCursor: nextCursorSchema,
});

/** What writing a review answers: the review as feeds show it, and whether this write made it. */
export const reviewStateSchema = z.object({
  review: feedPostSchema,
  /** true: a new review; false: the member's review rewritten (or the same words again). */
  created: z.boolean(),
});

/** The caller's own review of a game (GET): null when they wrote none. */
export const ownReviewSchema = z.object({ review: feedPostSchema.nullable() });
