import { z } from 'zod';
import { recordIdSchema } from './keys.ts';
import { ratingScoreSchema } from './rating.ts';
import { shelfSchema } from './shelf.ts';

// A review is a post on a game's feed that carries its author's score and shelf of the game (issue 24):
// this marker on the post record says it is one and holds that badge. The badge is never taken from the
// request: the review's write copies it from the author's own `gamelist` entry, and their rating and shelf
// changes move it in the same PATCH as the entry (shared/transitions/rating.ts, shelf.ts), so it always
// says what the member thinks now.

/** `posts/{postId}/review`: the game reviewed (never empty, so the marker stays when both are cleared). */
export const reviewBadgeSchema = z.object({
  game: recordIdSchema,
  /** The author's score of the game now, 1 to 10 (absent: not rated). */
  score: ratingScoreSchema.optional().catch(undefined),
  /** The author's shelf for the game now (absent: on no shelf). */
  status: shelfSchema.optional().catch(undefined),
});
export type ReviewBadge = z.infer<typeof reviewBadgeSchema>;
