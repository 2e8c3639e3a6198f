import { beforeAll, describe, expect, it } from 'vitest';
import { facetSortValue } from '../../shared/catalogue/catalogue-facets.ts';
import { type RtdbClient, type RtdbQuery } from '../../shared/rtdb/rest-client.ts';
import { FACET_PAGE_SIZE } from '../../shared/schemas/catalogue-facet.ts';
import { allowed, canRead, PUBLIC_QUERY_CAP, rulesDatabase } from './rules-database.ts';

// The browse index of genres and tags in database.rules.json: the directory is one small public read;
// the games of a genre or tag come only a bounded page at a time, in ranking order; no client writes.

const db = rulesDatabase();
let ana: RtdbClient;

beforeAll(async () => {
  ana = db.asUser('ana');
  await db.server.patch('', {
    'indices_public/facets/genre/action': { name: 'Action', count: 2 },
    'indices_public/facets/tag/roguelike': { name: 'Roguelike', count: 1 },
    'indices_public/games_by_genre/action': {
      hades: facetSortValue(90, 'hades'),
      doom: facetSortValue(70, 'doom'),
    },
    'indices_public/games_by_tag/roguelike': { hades: facetSortValue(90, 'hades') },
  });
});

describe('the directory of genres and tags', () => {
  it('is readable whole by anyone, signed in or not', async () => {
    expect(await db.anonymous.get('indices_public/facets')).toEqual({
      genre: { action: { name: 'Action', count: 2 } },
      tag: { roguelike: { name: 'Roguelike', count: 1 } },
    });
    expect(await canRead(ana, 'indices_public/facets/genre')).toBe(true);
  });
});

describe('the games of a genre or tag', () => {
  const page: RtdbQuery = { orderBy: '$value', limitToLast: FACET_PAGE_SIZE + 1 };

  it('are readable a page at a time, in ranking order, by anyone', async () => {
    expect(await db.anonymous.get('indices_public/games_by_genre/action', page)).toEqual({
      hades: facetSortValue(90, 'hades'),
      doom: facetSortValue(70, 'doom'),
    });
    expect(
      await canRead(ana, 'indices_public/games_by_tag/roguelike', {
        ...page,
        endAt: facetSortValue(90, 'hades'),
      }),
    ).toBe(true);
    expect(
      await canRead(db.anonymous, 'indices_public/games_by_genre/action', {
        orderBy: '$value',
        limitToFirst: PUBLIC_QUERY_CAP,
      }),
    ).toBe(true);
  });

  it('cannot be read whole, beyond the cap, or in another order by a stranger or a member', async () => {
    const refused: [string, RtdbQuery | undefined][] = [
      ['indices_public/games_by_genre/action', undefined],
      ['indices_public/games_by_genre/action', { orderBy: '$value' }],
      ['indices_public/games_by_genre/action', { orderBy: '$value', endAt: facetSortValue(90, 'hades') }],
      ['indices_public/games_by_genre/action', { orderBy: '$value', limitToLast: PUBLIC_QUERY_CAP + 1 }],
      ['indices_public/games_by_genre/action', { orderBy: '$key', limitToFirst: 10 }],
      ['indices_public/games_by_tag/roguelike', { shallow: true }],
      ['indices_public/games_by_genre', undefined],
      ['indices_public/games_by_genre', { orderBy: '$key', limitToFirst: 1 }],
      ['indices_public/games_by_tag', undefined],
      ['indices_public', undefined],
    ];
    for (const [path, query] of refused) {
      expect(await canRead(db.anonymous, path, query), `${path} ${JSON.stringify(query)}`).toBe(false);
      expect(await canRead(ana, path, query), `${path} ${JSON.stringify(query)}`).toBe(false);
    }
  });
});

describe('no client writes the index', () => {
  const writes: [string, unknown][] = [
    ['indices_public/facets/genre/action/count', 1000],
    ['indices_public/facets/genre/spam', { name: 'Spam', count: 1 }],
    ['indices_public/games_by_genre/action/hades', facetSortValue(1e9, 'hades')],
    ['indices_public/games_by_tag/roguelike/hades', null],
  ];
  for (const [path, value] of writes) {
    it(`a member and a visitor are refused writing ${path}`, async () => {
      expect(await allowed(ana.put(path, value))).toBe(false);
      expect(await allowed(db.anonymous.put(path, value))).toBe(false);
      expect(await allowed(ana.patch('', { [path]: value }))).toBe(false);
    });
  }
  it('the index is as the server wrote it', async () => {
    expect(await db.server.get('indices_public/facets/genre/action/count')).toBe(2);
    expect(await db.server.get('indices_public/games_by_tag/roguelike/hades')).toBe(
      facetSortValue(90, 'hades'),
    );
  });
});
