// How a kind of page is cut into child sitemaps. The index and each child cut it the same way, so that
// the index can name where each child starts and the child, reading from there, stops where the next
// one starts.

/**
 * How many entries (in key order, each weighing the number of URLs it gives) the child sitemap starting
 * at the first of them holds: at most `limit` entries and at most `limit` URLs, so that a child is one
 * read of at most `limit` records and a sitemap of at most `limit` URLs. Always at least one entry, so
 * that paging moves on even past an entry heavier than the limit (whose URLs are then cut to the limit).
 */
export function chunkLength(weights: readonly number[], limit: number): number {
  let urls = 0;
  let length = 0;
  for (const weight of weights) {
    if (length === limit || (length > 0 && urls + weight > limit)) break;
    urls += weight;
    length += 1;
  }
  return length;
}

/** The position of the first entry of each child sitemap, for all the entries of a kind. */
export function chunkStarts(weights: readonly number[], limit: number): number[] {
  const starts: number[] = [];
  for (
    let start = 0;
    start < weights.length;
    start += chunkLength(weights.slice(start, start + limit), limit)
  )
    starts.push(start);
  return starts;
}
