import { z } from 'zod';
import { recordIdSchema } from './keys.ts';
import { ratingScoreSchema } from './rating.ts';

// Taste in common (shared/catalogue/taste-in-common.ts) as the API answers it to a signed-in visitor of
// another member's profile. A member's scores are private (spec: `scores` in the private section): the
// answer names the games both rated and the visitor's own score of each, never the other member's.

/** A game both rated, as taste in common names it. */
export const gameInCommonSchema = z.object({
  gameId: recordIdSchema,
  /** The game's name (absent when the game is gone). */
  name: z.string().optional(),
  /** The visitor's own score of it. */
  yourScore: ratingScoreSchema,
});

/** What `GET /api/users/{uid}/taste` answers. */
export const tasteAnswerSchema = z.object({
  /** How many games both rated (of each member's newest TASTE_RATINGS_READ shelved games). */
  inCommon: z.number().int().nonnegative(),
  /** How many games in common the agreement needs before it is shown. */
  minimum: z.number().int().positive(),
  /** 0 to 100 (whole percent): 1 − mean score difference / 9; null below `minimum` games in common. */
  agreement: z.number().int().min(0).max(100).nullable(),
  /** Games their scores are at most a point apart on, closest first. */
  agreeing: z.array(gameInCommonSchema),
  /** Games their scores are 3 or more points apart on, farthest first. */
  disagreeing: z.array(gameInCommonSchema),
  /**
   * When the caller's scores compared were taken (ms since the epoch): they are held for a day from the
   * comparison that first showed an agreement (shared/catalogue/taste-basis.ts), so newer ones count later.
   */
  ratingsAsOf: z.number(),
});
export type TasteAnswer = z.infer<typeof tasteAnswerSchema>;
