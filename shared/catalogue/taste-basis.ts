import { z } from 'zod';
import type { RtdbClient, RtdbTagged } from '../rtdb/rest-client.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import { ratingScoreSchema } from '../schemas/rating.ts';

// The asker's side of taste in common, held for a day (worker/api/taste.ts).
//
// Taste in common answers a percentage that moves by 100 / (9 n) per point of one game's score (n games in
// common), and names the games whose scores are a point apart or three apart. Compared live, a member could
// re-rate one game 1, 2, … 10 (or clear and re-rate it) and ask after each: the answer is lowest where their
// score meets the other member's, so twenty requests a game would read out every private score. So the
// asker's scores are compared as one copy, `taste_basis/{uid}`, taken when a comparison first shows an
// agreement and kept for TASTE_BASIS_HOLD_MS: within that time rating, re-rating, clearing or adding games
// changes nothing in any comparison, so one account learns one comparison's worth a day, not one score a
// minute. A comparison that shows no agreement (fewer games in common than it needs) shows no score
// either, so it takes no copy: a new member rating their first games sees them counted at once. Only the
// server reads or writes the copy (database.rules.json: the root's default), so no member can set their
// own. The cost to honest use: a score changed after the copy counts in taste in common a day later.

/** `taste_basis/{uid}`: the scores a member's comparisons use, and when they were taken. */
export const TASTE_BASIS_ROOT = 'taste_basis';

/** How long one copy of the asker's scores is compared: a day. */
export const TASTE_BASIS_HOLD_MS = 24 * 60 * 60 * 1000;

/** `taste_basis/{uid}`. */
export const tasteBasisPath = (uid: string): string => `${TASTE_BASIS_ROOT}/${uid}`;

/** The copy as stored: when it was taken, and game id → score (an empty copy has no `scores`). */
export const tasteBasisSchema = z.object({
  takenAt: z.number(),
  scores: z.record(recordIdSchema, ratingScoreSchema).default({}),
});
export type TasteBasis = z.infer<typeof tasteBasisSchema>;

/** The scores a comparison uses, and since when (the copy's time, or now for scores read just now). */
export interface HeldScores {
  scores: Record<string, number>;
  asOf: number;
}

/** The first round of a comparison reads the asker's copy with its ETag (beside its other reads). */
export const readTasteBasis = (db: RtdbClient, uid: string): Promise<RtdbTagged<unknown>> =>
  db.getTagged(tasteBasisPath(uid));

/**
 * The asker's scores to compare: their copy (`held`, read by readTasteBasis) while it is younger than
 * TASTE_BASIS_HOLD_MS; otherwise their scores now (`current`, read only then), kept as the new copy when
 * `shows` says a comparison with them shows an agreement. The copy is replaced only if it is still the one
 * read (its ETag), so racing asks between re-ratings cannot each fix a copy of their own: the loser
 * compares with the winner's copy.
 */
export async function heldScores(
  db: RtdbClient,
  uid: string,
  now: number,
  held: RtdbTagged<unknown>,
  current: () => Promise<Record<string, number>>,
  shows: (scores: Record<string, number>) => boolean,
): Promise<HeldScores> {
  const copy = tasteBasisSchema.safeParse(held.value);
  if (copy.success && now - copy.data.takenAt < TASTE_BASIS_HOLD_MS)
    return { scores: copy.data.scores, asOf: copy.data.takenAt };
  const scores = await current();
  if (!shows(scores)) return { scores, asOf: now };
  const path = tasteBasisPath(uid);
  if (await db.putIfUnchanged(path, { takenAt: now, scores }, held.etag)) return { scores, asOf: now };
  // Another ask took a copy meanwhile: compare with that one.
  const winner = tasteBasisSchema.safeParse(await db.get(path));
  return winner.success
    ? { scores: winner.data.scores, asOf: winner.data.takenAt }
    : { scores: {}, asOf: now };
}
