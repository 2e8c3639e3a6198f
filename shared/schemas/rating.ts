import { z } from 'zod';
import { shelfSchema } from './shelf.ts';

// Ratings: a member's score of a game, 1 to 10, one per member and game, kept in their `gamelist` entry
// beside the game's shelf (shared/schemas/shelf.ts), so that one gate orders both and rating a game on no
// shelf can put it on "played" in the same write (shared/transitions/rating.ts).

/** The lowest and highest score. */
export const RATING_MIN = 1;
export const RATING_MAX = 10;

export const ratingScoreSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);

/** What rates a game (`PUT /api/games/{gameId}/rating`). */
export const ratingRequestSchema = z.strictObject({ score: ratingScoreSchema });

/** The key of a score's count in the game's summary: `s1` … `s10` (integer keys would read back as an array). */
export const scoreKey = (score: number): string => `s${String(score)}`;

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

/** The game's ratings from its stored summary (none missing, never below zero). */
export function ratingsOf(summary: Partial<Record<string, number>> | null | undefined): Ratings {
  const distribution = Array.from({ length: RATING_MAX }, (_, index) =>
    Math.max(0, summary?.[scoreKey(index + 1)] ?? 0),
  );
  return {
    count: Math.max(0, summary?.count ?? 0),
    sum: Math.max(0, summary?.sum ?? 0),
    distribution,
  };
}
