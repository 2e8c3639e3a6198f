import { describe, expect, it } from 'vitest';
import { FACET_PAGE_SIZE, facetCursorSchema, facetPageRequestSchema } from '../schemas/catalogue-facet.ts';
import { facetSlug, facetSortValue } from './catalogue-facets.ts';

describe('facetSortValue', () => {
  it('orders games as top games do when sorted as strings: higher ranking first, unranked last', () => {
    const games: [string, number | undefined][] = [
      ['unranked', undefined],
      ['negative', -5],
      ['tiny', 0.25],
      ['zero', 0],
      ['minus-zero', -0],
      ['ten', 10],
      ['ten-and-a-half', 10.5],
      ['three-million', 3_046_717],
      ['beyond-safe', 2 ** 60],
      ['less-negative', -0.5],
    ];
    const byValueDescending = games
      .map(([id, rank]) => [id, facetSortValue(rank, id)] as const)
      .sort(([, a], [, b]) => (a < b ? 1 : -1))
      .map(([id]) => id);
    expect(byValueDescending).toEqual([
      'beyond-safe',
      'three-million',
      'ten-and-a-half',
      'ten',
      'tiny',
      'zero',
      'minus-zero',
      'less-negative',
      'negative',
      'unranked',
    ]);
  });

  it('breaks a tie of rankings by game id, so every game has its own place', () => {
    expect(facetSortValue(10, 'celeste') < facetSortValue(10, 'hades')).toBe(true);
    expect(facetSortValue(10, 'hades')).not.toBe(facetSortValue(10, 'celeste'));
    expect(facetSortValue(-0, 'hades')).toBe(facetSortValue(0, 'hades'));
  });

  it('is a valid page cursor for every game id', () => {
    for (const rank of [undefined, 0, 7, -1, 1e300])
      expect(facetCursorSchema.safeParse(facetSortValue(rank, 'the-witcher-3-wild-hunt')).success).toBe(true);
  });
});

describe('facetSlug', () => {
  it('keys a genre or tag by the slug of its name, one key for spellings that differ in case', () => {
    expect(facetSlug('Turn-Based Combat')).toBe('turn-based-combat');
    expect(facetSlug('Online Co-Op')).toBe(facetSlug('Online Co-op'));
    expect(facetSlug("Shoot 'Em Up")).toBe('shoot-em-up');
  });

  it('answers null for a name with nothing that can be a key', () => {
    expect(facetSlug('アニメ')).toBeNull();
    expect(facetSlug('  ')).toBeNull();
    expect(facetSlug('x'.repeat(101))).toBeNull();
  });
});

describe('facetPageRequestSchema', () => {
  it('takes a page request from a query string, the page size as text or absent', () => {
    expect(facetPageRequestSchema.parse({ facet: 'tag', slug: 'roguelike' })).toEqual({
      facet: 'tag',
      slug: 'roguelike',
      pageSize: FACET_PAGE_SIZE,
    });
    const cursor = facetSortValue(12, 'hades');
    expect(facetPageRequestSchema.parse({ facet: 'genre', slug: 'action', cursor, pageSize: '10' })).toEqual({
      facet: 'genre',
      slug: 'action',
      cursor,
      pageSize: 10,
    });
  });

  it('refuses what a hostile or broken link could carry', () => {
    const valid = { facet: 'genre', slug: 'action' };
    const refused = [
      { ...valid, facet: 'developer' },
      { ...valid, slug: '../users' },
      { ...valid, slug: 'Action' },
      { ...valid, slug: '' },
      { ...valid, cursor: '"x"&limitToLast=1000' },
      { ...valid, cursor: 'c0240000000000_hades' },
      { ...valid, cursor: 'C024000000000000_hades' },
      { ...valid, cursor: `c024000000000000_${'a'.repeat(101)}` },
      { ...valid, cursor: 'c024000000000000_' },
      { ...valid, pageSize: FACET_PAGE_SIZE + 1 },
      { ...valid, pageSize: 0 },
      { ...valid, pageSize: '2.5' },
      { ...valid, pageSize: 'lots' },
    ];
    for (const request of refused) expect(facetPageRequestSchema.safeParse(request).success).toBe(false);
  });

  it('keeps a page within the public query limit with its one-game lookahead', () => {
    expect(FACET_PAGE_SIZE + 1).toBeLessThanOrEqual(25);
  });
});
