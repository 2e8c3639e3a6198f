import { describe, expect, it } from 'vitest';
import { chunkLength, chunkStarts } from './sitemap-chunks.ts';

describe('cutting a kind of page into child sitemaps', () => {
  it('gives each child at most the limit of entries when each is one URL', () => {
    expect(chunkStarts([1, 1, 1, 1, 1, 1, 1], 3)).toEqual([0, 3, 6]);
    expect(chunkLength([1, 1, 1, 1], 3)).toBe(3);
  });

  it('ends a child before the entry that would take it past the limit of URLs', () => {
    // A list of three pages does not fit after two one-page lists under a limit of four URLs.
    expect(chunkStarts([1, 1, 3, 2, 1], 4)).toEqual([0, 2, 3]);
  });

  it('moves on past an entry heavier than the limit instead of stopping', () => {
    expect(chunkStarts([9, 1], 4)).toEqual([0, 1]);
    expect(chunkLength([9, 1], 4)).toBe(1);
  });

  it('counts entries that give no URL against the limit of records read', () => {
    expect(chunkStarts([0, 0, 0, 0, 1], 2)).toEqual([0, 2, 4]);
  });

  it('has no child for no entries', () => {
    expect(chunkStarts([], 5)).toEqual([]);
  });
});
