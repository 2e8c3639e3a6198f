// Kept game summaries against the real emulator: `npm run job -- game-summaries` fills them into lists,
// events, suggestion rows and home written before records kept them (and the index of where each is kept),
// drops a summary a record kept of a game it no longer names, and a second run changes nothing; a
// re-import of the catalogue rewrites the copies of a game whose name, genre, year or icon changed, and
// only where the index says they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshGameSummary, SUMMARY_COPIES_PER_WRITE } from '../../shared/catalogue/game-summary-places.ts';
import { writeGames } from '../../shared/catalogue/game-updates.ts';
import { catalogueRowSchema, type CatalogueRow } from '../../shared/catalogue/catalogue-row.ts';
import { runJob, startTestDatabase, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const row = (id: number, slug: string, name: string, fields: Partial<CatalogueRow> = {}): CatalogueRow =>
  catalogueRowSchema.parse({
    id,
    slug,
    name,
    genres: ['Platformer'],
    release_date: '2018-01-25',
    image_url: `https://cdn.test/${slug}.jpg`,
    ...fields,
  });

const ROWS = [
  row(1, 'celeste', 'Celeste'),
  row(2, 'hades', 'Hades', { genres: ['Roguelike', 'Action'], release_date: '2020-09-17' }),
  row(3, 'dead-cells', 'Dead Cells', { genres: [], release_date: null, image_url: null }),
];

describe('the game-summaries job', () => {
  it('fills the summaries of lists, events and suggestion rows written before records kept them', async () => {
    await writeGames(db.server, ROWS);
    await db.server.patch('', {
      'lists/roguelites': {
        code: 'roguelites',
        name: 'Roguelites',
        games: { c01: { name: 'All', games: { hades: 1, 'dead-cells': 2, 'gone-game': 3 } } },
        // A summary kept of a game the list no longer names, with its entry.
        game_summaries: { celeste: { name: 'Celeste', deeplink_url_code: 'celeste' } },
      },
      'game_summary_places/celeste/list:roguelites': true,
      'events/summer-fest': {
        name: 'Summer Fest',
        deeplink_url_code: 'summer-fest',
        games: { celeste: 1 },
      },
      'se_matrix/celeste': { hades: 0.8, 'dead-cells': 0.3 },
      // Home's highlights as written before they kept summaries (beside the top games the import keeps).
      'highlights/home/games': { 'dead-cells': 1 },
      'highlights/home/revision': 4,
      'indices_public/trendingIndex': { celeste: 3, hades: 7 },
      // An event that does not validate is left as it is.
      'events/broken': { name: 42 },
    });
    const summary = await runJob('game-summaries', db.server);
    expect(summary).toBe(
      "4 game summaries kept in 1 lists, 1 events and home's highlights; suggestions of 1 games; 2 hottest games",
    );
    expect(await db.server.get('lists/roguelites/game_summaries')).toEqual({
      hades: {
        name: 'Hades',
        deeplink_url_code: 'hades',
        icon: 'https://cdn.test/hades.jpg',
        genre: 'Roguelike',
        year: 2020,
      },
      'dead-cells': { name: 'Dead Cells', deeplink_url_code: 'dead-cells' },
    });
    expect(await db.server.get('events/summer-fest/game_summaries/celeste')).toEqual({
      name: 'Celeste',
      deeplink_url_code: 'celeste',
      icon: 'https://cdn.test/celeste.jpg',
      genre: 'Platformer',
      year: 2018,
    });
    // Only ratios of at least 0.51 are kept, as the game page shows them.
    expect(await db.server.get('games/celeste/suggested')).toEqual({
      hades: expect.objectContaining({ ratio: 0.8, name: 'Hades' }) as unknown,
    });
    // Home keeps its highlights' summaries and the hottest games with theirs, hottest first by score.
    expect(await db.server.get('highlights/home')).toEqual({
      games: { 'dead-cells': 1 },
      revision: 4,
      game_summaries: { 'dead-cells': { name: 'Dead Cells', deeplink_url_code: 'dead-cells' } },
      trending: {
        hades: expect.objectContaining({ score: 7, name: 'Hades' }) as unknown,
        celeste: expect.objectContaining({ score: 3, name: 'Celeste' }) as unknown,
      },
      // As the import kept them (shared/catalogue/home-top-games.ts): unranked games, by id.
      top_games: {
        celeste: expect.objectContaining({ rank: 1, name: 'Celeste' }) as unknown,
        'dead-cells': expect.objectContaining({ rank: 2, name: 'Dead Cells' }) as unknown,
        hades: expect.objectContaining({ rank: 3, name: 'Hades' }) as unknown,
      },
    });
    expect(await db.server.get('game_summary_places')).toEqual({
      hades: {
        'list:roguelites': true,
        'suggested:celeste': true,
        'home:trending': true,
        'home:top-games': true,
      },
      'dead-cells': { 'list:roguelites': true, 'home:highlights': true, 'home:top-games': true },
      'gone-game': { 'list:roguelites': true },
      celeste: { 'event:summer-fest': true, 'home:trending': true, 'home:top-games': true },
    });
    expect(await db.server.get('events/broken')).toEqual({ name: 42 });
  });

  it('changes nothing when run again', async () => {
    const before = await db.server.get('');
    await runJob('game-summaries', db.server);
    expect(await db.server.get('')).toEqual(before);
  });
});

describe('a re-import of the catalogue', () => {
  it('rewrites the copies of a game whose summary changed, where the index says they are', async () => {
    await writeGames(db.server, [
      row(2, 'hades', 'Hades II', {
        genres: ['Action'],
        release_date: '2025-09-25',
        image_url: 'https://cdn.test/hades-2.jpg',
      }),
    ]);
    const copy = {
      name: 'Hades II',
      deeplink_url_code: 'hades',
      icon: 'https://cdn.test/hades-2.jpg',
      genre: 'Action',
      year: 2025,
    };
    expect(await db.server.get('lists/roguelites/game_summaries/hades')).toEqual(copy);
    expect(await db.server.get('games/celeste/suggested/hades')).toEqual({ ratio: 0.8, ...copy });
    expect(await db.server.get('highlights/home/trending/hades')).toEqual({ score: 7, ...copy });
    expect(await db.server.get('highlights/home/top_games/hades')).toEqual({ rank: 3, ...copy });
    // A game shown nowhere gets no copy made anywhere but among home's top games, where the import puts
    // every game of so small a catalogue.
    await writeGames(db.server, [row(4, 'hollow-knight', 'Hollow Knight')]);
    expect(await db.server.get('game_summary_places/hollow-knight')).toEqual({ 'home:top-games': true });
    expect(JSON.stringify(await db.server.get('lists'))).not.toContain('hollow-knight');
  });

  it('a refresh of one game (what a queue consumer would run) rewrites its copies in bounded PATCHes', async () => {
    const requests: string[] = [];
    const counting = {
      ...db.server,
      patch: (path: string, value: Record<string, unknown>) => {
        requests.push(`${String(Object.keys(value).length)} paths`);
        return db.server.patch(path, value);
      },
    };
    // Hades is kept in a list, a suggestion, home's hottest and top games, and in very many lists more.
    const more = SUMMARY_COPIES_PER_WRITE + 1;
    await db.server.patch(
      '',
      Object.fromEntries(
        Array.from({ length: more }, (_, n) => [`game_summary_places/hades/list:many-${String(n)}`, true]),
      ),
    );
    expect(await refreshGameSummary(counting, 'hades', { name: 'Hades Renamed' })).toBe(more + 4);
    expect(requests).toEqual([`${String(SUMMARY_COPIES_PER_WRITE)} paths`, '5 paths']);
    expect(await db.server.get('lists/roguelites/game_summaries/hades/name')).toBe('Hades Renamed');
    expect(await db.server.get('highlights/home/trending/hades/name')).toBe('Hades Renamed');
    expect(await db.server.get('games/celeste/suggested/hades')).toMatchObject({
      ratio: 0.8,
      name: 'Hades Renamed',
    });
    await db.server.patch(
      '',
      Object.fromEntries(
        Array.from({ length: more }, (_, n): [string, null][] => [
          [`game_summary_places/hades/list:many-${String(n)}`, null],
          [`lists/many-${String(n)}`, null],
        ]).flat(),
      ),
    );
  });

  it('a re-import of a game kept in very many places rewrites them a page a PATCH, never in its batch’s', async () => {
    const sizes: number[] = [];
    const counting = {
      ...db.server,
      patch: (path: string, value: Record<string, unknown>) => {
        sizes.push(Object.keys(value).length);
        return db.server.patch(path, value);
      },
    };
    const many = 2 * SUMMARY_COPIES_PER_WRITE + 1;
    const old = { name: 'Old Hades', deeplink_url_code: 'hades' };
    await db.server.patch(
      '',
      Object.fromEntries(
        Array.from({ length: many }, (_, n): [string, unknown][] => [
          [`game_summary_places/hades/list:many-${String(n)}`, true],
          [`lists/many-${String(n)}/game_summaries/hades`, old],
        ]).flat(),
      ),
    );
    await writeGames(counting, [row(2, 'hades', 'Hades Imported', { genres: ['Action'] })]);
    const lists = (await db.server.get('lists')) as Record<
      string,
      { game_summaries?: Record<string, unknown> }
    >;
    const names = Array.from(
      { length: many },
      (_, n) => lists[`many-${String(n)}`]?.game_summaries?.['hades'],
    );
    expect(
      names.filter((copy) => (copy as { name?: string } | undefined)?.name === 'Hades Imported'),
    ).toHaveLength(many);
    // The batch's own PATCH, then the copies a page of places at a time (5 fields each).
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5 * SUMMARY_COPIES_PER_WRITE);
    await db.server.patch(
      '',
      Object.fromEntries(
        Array.from({ length: many }, (_, n): [string, null][] => [
          [`game_summary_places/hades/list:many-${String(n)}`, null],
          [`lists/many-${String(n)}`, null],
        ]).flat(),
      ),
    );
  });

  it('drops a copy’s genre when the game loses its genres', async () => {
    await writeGames(db.server, [row(1, 'celeste', 'Celeste', { genres: [] })]);
    expect(await db.server.get('events/summer-fest/game_summaries/celeste')).toEqual({
      name: 'Celeste',
      deeplink_url_code: 'celeste',
      icon: 'https://cdn.test/celeste.jpg',
      year: 2018,
    });
  });
});
