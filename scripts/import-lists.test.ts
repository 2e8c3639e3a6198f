import { describe, expect, it } from 'vitest';
import { listSummarySchema } from '../shared/catalogue/list-summary.ts';
import { listSchema } from '../shared/schemas/list.ts';
import {
  listCodeOf,
  listFromCurated,
  listUpdates,
  readCuratedLists,
  type CuratedList,
} from './import-lists.ts';

const curated: CuratedList = {
  id: 'best_games_of_2011',
  name: 'Best games of 2011',
  source_lists: [
    { name: 'A', url: 'https://example.com/a' },
    { name: 'B', url: null },
  ],
  entries: [
    { position: 1, title: 'Skyrim', year: 2011, total_score: 10, lists_appeared: 2, game_id: 72850 },
    { position: 2, title: 'A console game', year: 2011, total_score: 8, lists_appeared: 2, game_id: null },
    { position: 3, title: 'Portal 2', year: 2011, game_id: 620 },
    { position: 4, title: 'Not imported', year: 2011, game_id: 999 },
    { position: 5, title: 'Skyrim again', year: 2011, game_id: 72850 },
  ],
};
const known = new Map([
  [72850, 'the-elder-scrolls-v-skyrim'],
  [620, 'portal-2'],
]);

describe('listCodeOf', () => {
  it('turns file ids into deep links', () => {
    expect(listCodeOf('best_games_of_2011')).toBe('best-games-of-2011');
    expect(listCodeOf('Overall__all sources_')).toBe('overall-all-sources');
  });
});

describe('listFromCurated', () => {
  it('keeps linked entries at their position in one Ranking collection and counts the rest', () => {
    const result = listFromCurated(curated, (appid) => known.get(appid));
    expect(result.code).toBe('best-games-of-2011');
    expect(result.linked).toBe(3);
    expect(result.unlinked).toBe(2);
    expect(result.record).toEqual({
      code: 'best-games-of-2011',
      name: 'Best games of 2011',
      description: 'Ranked from 2 published "best games" lists.',
      games: { ranking: { name: 'Ranking', games: { 'the-elder-scrolls-v-skyrim': 1, 'portal-2': 3 } } },
      // Marked as Open Video Game Data's, so the list page credits it.
      source: 'open-video-game-data',
    });
    expect(listSchema.safeParse(result.record).success).toBe(true);
  });

  it('gives no record when no entry has a game', () => {
    const result = listFromCurated(curated, () => undefined);
    expect(result.record).toBeUndefined();
    expect(result.unlinked).toBe(5);
  });
});

describe('listUpdates', () => {
  it('writes the list and its discovery summary field by field, keeping its follower count', () => {
    const { record } = listFromCurated(curated, (appid) => known.get(appid));
    if (!record) throw new Error('expected a record');
    const updates = listUpdates('best-games-of-2011', record);
    expect(Object.keys(updates)).toEqual([
      'lists/best-games-of-2011',
      'lists-public/best-games-of-2011/name',
      'lists-public/best-games-of-2011/game_count',
    ]);
    expect(
      listSummarySchema.parse({
        name: updates['lists-public/best-games-of-2011/name'],
        game_count: updates['lists-public/best-games-of-2011/game_count'],
      }),
    ).toEqual({ name: 'Best games of 2011', game_count: 2 });
  });
});

describe('readCuratedLists', () => {
  it('reports invalid lines by number and keeps the valid lists', () => {
    const text = [
      JSON.stringify(curated),
      '{"id": "x"}',
      'nope',
      JSON.stringify({ ...curated, id: '!!!' }),
    ].join('\n');
    const { lists, rejects } = readCuratedLists(text);
    expect(lists.map((l) => l.line)).toEqual([1]);
    expect(rejects.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(rejects[2]?.reason).toBe('id: "!!!" cannot become a list code');
  });
});
