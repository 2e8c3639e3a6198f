// Ratings in another tracker's file, read as our scores of 1 to 10. Trackers rate on 5 stars (Grouvee's
// whole stars, Backloggd's half stars) or out of 10: a 5-star rating is doubled (half a star is 1, five
// stars 10), a rating out of 10 is kept; either is rounded to the nearest whole score, a half up (7.5 is 8).
// A rating of 0 or an empty cell is no rating (trackers write 0 for "not rated"); anything else that is
// not a number within the scale (11 out of 10, "NaN", a formula) is shown in the preview as not read.

/** How a file rates: out of 5 stars, or out of 10. */
export type RatingScale = 'stars' | 'ten';

/** A rating read from a file: a score of 1 to 10, none, or text that is not a rating. */
export type RatingRead = { score: number } | { none: true } | { unread: string };

/** The number a rating cell holds: digits with one optional decimal part (a comma counts as the point). */
function numberOf(cell: string | number): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const text = cell.trim().replace(',', '.');
  return /^\d{1,3}(\.\d{1,3})?$/.test(text) ? Number(text) : null;
}

/**
 * The scale of a rating column: said by its header ("Rating (out of 5)", "stars", "rating_10"), else
 * out of 5 when every number in it is 5 or less (the scale of the trackers that export a bare "rating"),
 * else out of 10.
 */
export function ratingScaleOf(header: string, cells: readonly (string | number)[]): RatingScale {
  const key = header.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (key.includes('star') || /(outof|of|\D)5$/.test(key)) return 'stars';
  if (/(outof|of|\D)10$/.test(key)) return 'ten';
  // A number past 10 fits neither scale (a hostile or broken cell): it does not get to decide.
  const numbers = cells.map(numberOf).filter((value): value is number => value !== null && value <= 10);
  return numbers.every((value) => value <= 5) ? 'stars' : 'ten';
}

/** One rating cell on its file's scale, as a score of 1 to 10 (see above). */
export function scoreOf(cell: string | number | undefined, scale: RatingScale): RatingRead {
  if (cell === undefined || (typeof cell === 'string' && cell.trim() === '')) return { none: true };
  const value = numberOf(cell);
  const top = scale === 'stars' ? 5 : 10;
  if (value === null || value > top) return { unread: String(cell).trim().slice(0, 40) };
  if (value === 0) return { none: true };
  const score = Math.max(1, Math.round(scale === 'stars' ? value * 2 : value));
  return { score };
}
