import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from '../rating-figures.ts';
import { shelfSchema } from './shelf.ts';

// Ratings: a member's score of a game, 1 to 10, one per member and game, kept in their `gamelist` entry
// beside the game's shelf (shared/schemas/shelf.ts), so that one gate orders both and rating a game on no
// shelf can put it on "played" in the same write (shared/transitions/rating.ts).

// The numbers themselves (the scores, the summary's keys, the ratings from a summary) live apart from zod,
// so that pages compute them from the same source: shared/rating-figures.ts.
export { RATING_MAX, RATING_MIN, ratingsOf, scoreKey } from '../rating-figures.ts';

export const ratingScoreSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);

/** What rates a game (`PUT /api/games/{gameId}/rating`). */
export const ratingRequestSchema = z.strictObject({ score: ratingScoreSchema });

/**
 * `games/{gameId}/ratings`: how many members rated the game, the sum of their scores and how many gave
 * each score (`s1` … `s10`); moved by their rating changes only, by server increments.
 */
export const ratingSummarySchema = z
  .object({ count: z.number().int().default(0), sum: z.number().int().default(0) })
  .catchall(z.number().int());
export type RatingSummaryRecord = z.infer<typeof ratingSummarySchema>;

/** A game's ratings as a page and the API show them: how many, their sum, and how many gave each score. */
export const ratingsSchema = z.object({
  count: z.number().int().nonnegative(),
  sum: z.number().int().nonnegative(),
  /** How many members gave each score: index 0 is 1, index 9 is 10. */
  distribution: z.array(z.number().int().nonnegative()).length(RATING_MAX),
});
export type Ratings = z.infer<typeof ratingsSchema>;

/** What a rating change (and the GET of one's own) answers. */
export const ratingStateSchema = z.object({
  /** The caller's score after it (null: none). */
  score: ratingScoreSchema.nullable(),
  changed: z.boolean(),
  /** The caller's shelf for the game after it: rating a game on no shelf puts it on `played`. */
  status: shelfSchema.nullable(),
  ratings: ratingsSchema,
});
export type RatingState = z.infer<typeof ratingStateSchema>;
