import { describe, expect, it } from 'vitest';
import { facetIndexUpdates, type GameFacets } from './catalogue-facet-index.ts';
import { facetSortValue } from './catalogue-facets.ts';

const hades: GameFacets = { genres: ['Action', 'Indie'], tags: ['Roguelike'], weightedIndex: 90 };

describe('facetIndexUpdates', () => {
  it('files a new game under each of its genres and tags and counts it once', () => {
    expect(facetIndexUpdates([{ gameId: 'hades', before: null, after: hades }])).toEqual({
      'indices_public/games_by_genre/action/hades': facetSortValue(90, 'hades'),
      'indices_public/games_by_genre/indie/hades': facetSortValue(90, 'hades'),
      'indices_public/games_by_tag/roguelike/hades': facetSortValue(90, 'hades'),
      'indices_public/facets/genre/action/count': { '.sv': { increment: 1 } },
      'indices_public/facets/genre/action/name': 'Action',
      'indices_public/facets/genre/indie/count': { '.sv': { increment: 1 } },
      'indices_public/facets/genre/indie/name': 'Indie',
      'indices_public/facets/tag/roguelike/count': { '.sv': { increment: 1 } },
      'indices_public/facets/tag/roguelike/name': 'Roguelike',
    });
  });

  it('writes a game again without counting it again (a re-import)', () => {
    const updates = facetIndexUpdates([{ gameId: 'hades', before: hades, after: hades }]);
    expect(Object.keys(updates).filter((path) => path.startsWith('indices_public/facets/'))).toEqual([]);
    expect(updates['indices_public/games_by_genre/action/hades']).toBe(facetSortValue(90, 'hades'));
  });

  it('takes a game off the genres and tags it lost and counts them down; a new ranking moves it', () => {
    const after: GameFacets = { genres: ['Action', 'RPG'], tags: [], weightedIndex: 120 };
    expect(facetIndexUpdates([{ gameId: 'hades', before: hades, after }])).toEqual({
      'indices_public/games_by_genre/indie/hades': null,
      'indices_public/facets/genre/indie/count': { '.sv': { increment: -1 } },
      'indices_public/games_by_genre/action/hades': facetSortValue(120, 'hades'),
      'indices_public/games_by_genre/rpg/hades': facetSortValue(120, 'hades'),
      'indices_public/facets/genre/rpg/count': { '.sv': { increment: 1 } },
      'indices_public/facets/genre/rpg/name': 'RPG',
      'indices_public/games_by_tag/roguelike/hades': null,
      'indices_public/facets/tag/roguelike/count': { '.sv': { increment: -1 } },
    });
  });

  it('takes a removed game out of everything it was in', () => {
    expect(facetIndexUpdates([{ gameId: 'hades', before: hades, after: null }])).toEqual({
      'indices_public/games_by_genre/action/hades': null,
      'indices_public/games_by_genre/indie/hades': null,
      'indices_public/games_by_tag/roguelike/hades': null,
      'indices_public/facets/genre/action/count': { '.sv': { increment: -1 } },
      'indices_public/facets/genre/indie/count': { '.sv': { increment: -1 } },
      'indices_public/facets/tag/roguelike/count': { '.sv': { increment: -1 } },
    });
  });

  it('moves each count once per batch by the sum of its games, and leaves it alone when they cancel out', () => {
    const updates = facetIndexUpdates([
      { gameId: 'hades', before: null, after: hades },
      { gameId: 'celeste', before: null, after: { genres: ['Indie'], tags: [] } },
      { gameId: 'doom', before: { genres: ['Action'], tags: [] }, after: { genres: ['Shooter'], tags: [] } },
    ]);
    expect(updates['indices_public/facets/genre/indie/count']).toEqual({ '.sv': { increment: 2 } });
    expect(updates).not.toHaveProperty('indices_public/facets/genre/action/count');
    expect(updates['indices_public/games_by_genre/action/doom']).toBeNull();
    expect(updates['indices_public/games_by_genre/action/hades']).toBe(facetSortValue(90, 'hades'));
    expect(updates['indices_public/games_by_genre/indie/celeste']).toBe(facetSortValue(undefined, 'celeste'));
  });

  it('counts spellings of one tag as one, and leaves out names that cannot be keys', () => {
    const updates = facetIndexUpdates([
      {
        gameId: 'it-takes-two',
        before: null,
        after: { genres: ['Adventure', ''], tags: ['Online Co-op', 'Online Co-Op', 'アニメ'] },
      },
    ]);
    expect(updates).toEqual({
      'indices_public/games_by_genre/adventure/it-takes-two': facetSortValue(undefined, 'it-takes-two'),
      'indices_public/facets/genre/adventure/count': { '.sv': { increment: 1 } },
      'indices_public/facets/genre/adventure/name': 'Adventure',
      'indices_public/games_by_tag/online-co-op/it-takes-two': facetSortValue(undefined, 'it-takes-two'),
      'indices_public/facets/tag/online-co-op/count': { '.sv': { increment: 1 } },
      'indices_public/facets/tag/online-co-op/name': 'Online Co-op',
    });
  });
});
