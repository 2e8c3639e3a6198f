// A game's ratings as numbers, apart from their schemas (shared/schemas/rating.ts) so that the browser's
// pages compute them from the same source without loading zod, which stays out of every browser chunk
// (scripts/client-bundle-budget.test.ts): the Worker, the jobs and the pages all read them from here.

/** The lowest and highest score. */
export const RATING_MIN = 1;
export const RATING_MAX = 10;

/** The scores, RATING_MIN to RATING_MAX, in order. */
export const SCORES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The key of a score's count in the game's summary: `s1` … `s10` (integer keys would read back as an array). */
export const scoreKey = (score: number): string => `s${String(score)}`;

/** A game's ratings: how many, their sum, and how many gave each score (index 0 is 1, index 9 is 10). */
export interface RatingFigures {
  count: number;
  sum: number;
  distribution: number[];
}

/** The game's ratings from its stored summary (`count`, `sum`, `s1` … `s10`; none missing, never below zero). */
export function ratingsOf(summary: Partial<Record<string, number>> | null | undefined): RatingFigures {
  return {
    count: Math.max(0, summary?.count ?? 0),
    sum: Math.max(0, summary?.sum ?? 0),
    distribution: SCORES.map((score) => Math.max(0, summary?.[scoreKey(score)] ?? 0)),
  };
}

/** An average as pages show it, with one decimal (`8.1`). */
export function averageWithOneDecimal(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** The plain average score of the ratings with one decimal, or null with no ratings. */
export function averageText({ count, sum }: Pick<RatingFigures, 'count' | 'sum'>): string | null {
  return count === 0 ? null : averageWithOneDecimal(sum / count);
}

/**
 * The ratings once one member's score moves from `from` to `to` (null: none), from those read just before:
 * what the rating write answers, and what a page shows before the write has answered.
 */
export function ratingsMoved(ratings: RatingFigures, from: number | null, to: number | null): RatingFigures {
  const distribution = [...ratings.distribution];
  let { count, sum } = ratings;
  if (from !== null) {
    distribution[from - 1] = Math.max(0, (distribution[from - 1] ?? 0) - 1);
    count = Math.max(0, count - 1);
    sum = Math.max(0, sum - from);
  }
  if (to !== null) {
    distribution[to - 1] = (distribution[to - 1] ?? 0) + 1;
    count += 1;
    sum += to;
  }
  return { count, sum, distribution };
}
