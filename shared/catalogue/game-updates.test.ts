import { describe, expect, it } from 'vitest';
import type { CatalogueRow } from './catalogue-row.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { gameUpdates, writeGames } from './game-updates.ts';

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

describe('writeGames', () => {
  it('sends one root PATCH per batch and reports progress', async () => {
    const patches: { path: string; keys: number }[] = [];
    const client = {
      patch: (path: string, updates: Record<string, unknown>) => {
        patches.push({ path, keys: Object.keys(updates).length });
        return Promise.resolve(null);
      },
    } as unknown as RtdbClient;
    const rows = Array.from({ length: 5 }, (_, i) => ({ ...row, id: i + 1, slug: `game-${i}` }));
    const progress: number[] = [];
    const written = await writeGames(client, rows, {
      batchSize: 2,
      onProgress: (done) => progress.push(done),
    });
    expect(written).toBe(5);
    expect(patches.map((p) => p.path)).toEqual(['', '', '']);
    expect(patches.map((p) => p.keys)).toEqual([24, 24, 12]);
    expect(progress).toEqual([2, 4, 5]);
  });
});
