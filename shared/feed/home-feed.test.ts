import { describe, expect, it } from 'vitest';
import { encodeFeedCursor, type FeedPosition } from './feed-cursor.ts';
import { homeFeedRequestSchema, mergeFeedSlices, sliceAfterCursor } from './home-feed.ts';

// The home feed's merge of many followed feeds into pages: newest first, each post once, nothing
// blocked, and paging that neither repeats nor skips a post, even when many share a millisecond.

const at = (id: string, timestamp: number): FeedPosition => ({ id, timestamp });

/** Pages through feeds (each an index, id → time) as the function does: each slice `limit + 1` long. */
function pageThrough(feeds: FeedPosition[][], limit: number, blocked = new Set<string>()): string[][] {
  const pages: string[][] = [];
  let cursor: FeedPosition | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const slices = feeds.map((feed) => {
      const atOrBefore = feed
        .filter((entry) => cursor === undefined || entry.timestamp <= cursor.timestamp)
        // limitToLast on $value: the highest (time, id) entries.
        .sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1))
        .slice(-(limit + 1));
      return sliceAfterCursor(atOrBefore, limit + 1, cursor);
    });
    const { entries, more } = mergeFeedSlices(slices, limit, blocked);
    pages.push(entries.map((entry) => entry.id));
    if (!more || entries.length === 0) break;
    cursor = entries.at(-1);
  }
  return pages;
}

describe('the home feed’s pages', () => {
  it('merges followed feeds newest first and shows a post on two of them once', () => {
    const game = [at('p1', 100), at('p4', 400)];
    const friend = [at('p2', 200), at('p3', 300)];
    const own = [at('p4', 400), at('p5', 500)];
    expect(pageThrough([game, friend, own], 10)).toEqual([['p5', 'p4', 'p3', 'p2', 'p1']]);
  });

  it('pages through 500 feeds without repeating or skipping a post, equal times included', () => {
    const feeds: FeedPosition[][] = [];
    const all: FeedPosition[] = [];
    for (let feed = 0; feed < 500; feed++) {
      const posts = [0, 1, 2].map((n) =>
        // A third of all posts share one millisecond.
        at(
          `post-${String(feed).padStart(3, '0')}-${String(n)}`,
          n === 0 ? 5_000 : 1_000 + ((feed * 7 + n) % 97),
        ),
      );
      feeds.push(posts);
      all.push(...posts);
    }
    const pages = pageThrough(feeds, 7);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(
      all.sort((a, b) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : -1)).map((entry) => entry.id),
    );
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
  });

  it('leaves out blocked posts and still fills the page', () => {
    const feed = [at('a', 1), at('b', 2), at('c', 3), at('d', 4)];
    expect(pageThrough([feed], 2, new Set(['c']))).toEqual([['d', 'b'], ['a']]);
  });

  it('ends when every feed is read to its end', () => {
    expect(pageThrough([[at('only', 1)], []], 5)).toEqual([['only']]);
    expect(pageThrough([], 5)).toEqual([[]]);
  });
});

describe('a home feed request', () => {
  it('takes a cursor the feed wrote and a limit from 1 to 25, 10 by default', () => {
    expect(homeFeedRequestSchema.parse({})).toEqual({ limit: 10 });
    const cursor = encodeFeedCursor(at('-Nabc_123', 1_900_000_000_000));
    expect(homeFeedRequestSchema.parse({ cursor, limit: 25 })).toEqual({ cursor, limit: 25 });
  });

  it('refuses hostile cursors and limits', () => {
    for (const request of [
      { cursor: '' },
      { cursor: 'x.y' },
      { cursor: '12.a/b' },
      { cursor: '12.' },
      { cursor: `12.${'a'.repeat(200)}` },
      { cursor: '99999999999999999.a' },
      { limit: 0 },
      { limit: 26 },
      { limit: 2.5 },
      { limit: '5' },
    ])
      expect(homeFeedRequestSchema.safeParse(request).success, JSON.stringify(request)).toBe(false);
  });
});
