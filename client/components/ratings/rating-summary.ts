import type { Ratings } from '../../../shared/schemas/rating.ts';

// The game's ratings as a page shows them, computed here rather than imported from the schema module
// (shared/schemas/rating.ts imports zod, which stays out of every browser chunk).

/** The scores, 1 to 10. */
export const SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** The ratings from the game record's summary (`count`, `sum`, `s1` … `s10`), none missing. */
export function ratingsFromRecord(record: Partial<Record<string, number>> | undefined): Ratings {
  return {
    count: Math.max(0, record?.count ?? 0),
    sum: Math.max(0, record?.sum ?? 0),
    distribution: SCORES.map((score) => Math.max(0, record?.[`s${String(score)}`] ?? 0)),
  };
}

/** The average score with one decimal (`8.1`), or null with no ratings. */
export function averageText(ratings: Ratings): string | null {
  if (ratings.count === 0) return null;
  return (Math.round((ratings.sum / ratings.count) * 10) / 10).toFixed(1);
}
