import { describe, expect, it } from 'vitest';
import type { CatalogueRow } from './catalogue-row.ts';
import { facetSortValue } from './catalogue-facets.ts';
import { gameUpdates, newGamesUpdates } from './game-updates.ts';

const row: CatalogueRow = {
  id: 1145360,
  slug: 'hades',
  name: 'Hades',
  description: null,
  genres: ['Action'],
  tags: [],
  platforms: ['PC'],
  release_date: '2020-09-17',
  developers: ['Supergiant Games'],
  publishers: ['Supergiant Games'],
  popularity: 1234,
  image_url: 'https://example.com/h.jpg',
};

describe('gameUpdates', () => {
  it('writes every known field at its own path and never follows', () => {
    expect(gameUpdates(row, 0)).toEqual({
      'games/hades/name': 'Hades',
      'games/hades/deeplink_url_code': 'hades',
      'games/hades/genres': ['Action'],
      'games/hades/tags': null,
      'games/hades/platforms': ['PC'],
      'games/hades/developers': ['Supergiant Games'],
      'games/hades/publishers': ['Supergiant Games'],
      'games/hades/source': 'steam-catalogue',
      'games/hades/steam_appid': 1145360,
      'games/hades/icon': 'https://example.com/h.jpg',
      'games/hades/release_date': '2020-09-17',
      'games/hades/weighted_index': 1234,
    });
  });

  it('leaves out what the row does not know, and takes overrides for source and ranking', () => {
    const updates = gameUpdates(
      { ...row, description: 'A roguelike.', popularity: null, image_url: null, release_date: null },
      3,
      { source: 'questline', weightedIndex: (_row, position) => 100 - position },
    );
    expect(updates['games/hades/content/description']).toBe('A roguelike.');
    expect(updates['games/hades/source']).toBe('questline');
    expect(updates['games/hades/weighted_index']).toBe(97);
    expect(Object.keys(updates)).not.toContain('games/hades/icon');
    expect(Object.keys(updates)).not.toContain('games/hades/release_date');
    expect(Object.keys(updates).some((path) => path.includes('follows'))).toBe(false);
  });
});

describe('newGamesUpdates', () => {
  it('writes the games with their genre and tag entries, counted from nothing', () => {
    const celeste: CatalogueRow = {
      ...row,
      id: 504230,
      slug: 'celeste',
      name: 'Celeste',
      tags: ['Platformer'],
    };
    const updates = newGamesUpdates([row, celeste], { weightedIndex: (_row, position) => 10 - position });
    expect(updates).toMatchObject({
      'games/hades/name': 'Hades',
      'games/celeste/weighted_index': 9,
      'indices_public/games_by_genre/action/hades': facetSortValue(10, 'hades'),
      'indices_public/games_by_genre/action/celeste': facetSortValue(9, 'celeste'),
      'indices_public/facets/genre/action/count': { '.sv': { increment: 2 } },
      'indices_public/facets/genre/action/name': 'Action',
      'indices_public/games_by_tag/platformer/celeste': facetSortValue(9, 'celeste'),
      'indices_public/facets/tag/platformer/count': { '.sv': { increment: 1 } },
    });
    expect(Object.keys(updates).filter((path) => path.startsWith('indices_public/games_by_tag/'))).toEqual([
      'indices_public/games_by_tag/platformer/celeste',
    ]);
  });
});
