import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { planSummaryPlaceEntries } from '../shared/catalogue/game-summary-places.ts';
import { refreshKeptSummaries } from '../shared/catalogue/game-summary-refresh.ts';
import { runTrending } from '../shared/jobs/trending-job.ts';
import type { RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import { createApp } from './app.ts';
import { TEST_NOW } from './auth/id-token-test-keys.ts';
import { dropEdgeCopy } from './edge-cache.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

// Home's top games from the copy the trending job keeps beside the highlights (highlights/home/top_games,
// shared/catalogue/home-top-games.ts): the page reads them with its highlights, queries no game, and
// shows a game renamed since by its new name; before any copy is kept it queries the games as it did.

const env = testEnv();
const db = ownerDatabase(env);

/** Home's data as a client navigation asks for it, and the database requests it made. */
async function homePage() {
  const url = 'http://questline.test/api/pages/';
  await dropEdgeCopy(url);
  const records: RtdbRequestRecord[] = [];
  const ctx = createExecutionContext();
  const app = createApp({ onDatabaseRequest: (record) => records.push(record), clock: () => TEST_NOW });
  const response = await app.request(url, {}, env, ctx);
  await waitOnExecutionContext(ctx);
  await dropEdgeCopy(url);
  const answer = await response.json<{
    loaderData: { home: { topGames: { uuid: string; name: string; genres: string[]; year?: number }[] } };
  }>();
  return { status: response.status, topGames: answer.loaderData.home.topGames, records };
}

/** Whether a request read the games (the top games' query, or a game one by one). */
const readsGames = (records: RtdbRequestRecord[]) => records.some(({ path }) => /^\/?games(\/|$)/.test(path));

beforeAll(async () => {
  await db.patch('', {
    'games/tg-portal': testGame('tg-portal', 'Portal Top', 90),
    'games/tg-hades': testGame('tg-hades', 'Hades Top', 50),
    'games/tg-celeste': testGame('tg-celeste', 'Celeste Top', 40),
    'games/tg-inside': testGame('tg-inside', 'Inside Top', 30),
    // Hades is highlighted, with its summary as the editors' save keeps it: not repeated among top games.
    'highlights/home/games': { 'tg-hades': 1 },
    'highlights/home/game_summaries/tg-hades': { name: 'Hades Top', deeplink_url_code: 'tg-hades' },
    ...planSummaryPlaceEntries({ kind: 'home', part: 'highlights' }, [], ['tg-hades']),
  });
});

describe('home’s top games', () => {
  it('come from the query while no copy is kept, logging nothing', async () => {
    const logged = vi.spyOn(console, 'error');
    const { status, topGames, records } = await homePage();
    expect(status).toBe(200);
    expect(topGames.map((game) => game.name)).toEqual(['Portal Top', 'Celeste Top', 'Inside Top']);
    expect(readsGames(records)).toBe(true);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('come from the copy the trending job keeps, first first, without reading a game', async () => {
    await runTrending({ db, now: () => TEST_NOW, log: () => undefined });
    const { topGames, records } = await homePage();
    expect(topGames).toEqual([
      expect.objectContaining({ uuid: 'tg-portal', name: 'Portal Top', genres: ['Adventure'], year: 2011 }),
      expect.objectContaining({ uuid: 'tg-celeste', name: 'Celeste Top' }),
      expect.objectContaining({ uuid: 'tg-inside', name: 'Inside Top' }),
    ]);
    expect(readsGames(records), records.map(({ path }) => path).join(', ')).toBe(false);
  });

  it('show a game renamed after the job kept it by its new name, once its summary change is delivered', async () => {
    await runTrending({ db, now: () => TEST_NOW, log: () => undefined });
    // Its developer renames it: the queue's consumer rewrites every kept summary, home's top games too.
    await db.patch('', { 'games/tg-celeste/name': 'Celeste Reborn' });
    await refreshKeptSummaries(db, 'tg-celeste');
    const { topGames, records } = await homePage();
    expect(topGames.map((game) => game.name)).toEqual(['Portal Top', 'Celeste Reborn', 'Inside Top']);
    expect(readsGames(records)).toBe(false);
  });

  it('leave out what a damaged copy names wrongly, and read a game whose kept summary is of the wrong shape', async () => {
    await runTrending({ db, now: () => TEST_NOW, log: () => undefined });
    await db.patch('', {
      // A summary without its address: the game is read whole, in its place.
      'highlights/home/top_games/tg-celeste/deeplink_url_code': null,
      // A script address, a place that is no number, an entry that is no object, a game that is not one.
      'highlights/home/top_games/tg-evil': {
        rank: 2,
        name: 'Evil',
        deeplink_url_code: 'javascript:alert(1)',
      },
      'highlights/home/top_games/tg-unranked': { rank: 'first', name: 'Unranked', deeplink_url_code: 'x' },
      'highlights/home/top_games/tg-string': 'garbage',
    });
    const { status, topGames } = await homePage();
    expect(status).toBe(200);
    expect(topGames.map((game) => [game.uuid, game.name])).toEqual([
      ['tg-portal', 'Portal Top'],
      ['tg-celeste', 'Celeste Reborn'],
      ['tg-inside', 'Inside Top'],
    ]);
    // A copy that is no record at all is none: the games are queried, the rest of home as it was.
    await db.patch('', { 'highlights/home/top_games': 'garbage' });
    const unkept = await homePage();
    expect(unkept.status).toBe(200);
    expect(unkept.topGames.map((game) => game.name)).toEqual(['Portal Top', 'Celeste Reborn', 'Inside Top']);
    expect(readsGames(unkept.records)).toBe(true);
    // The next run of the job puts the copy right.
    await runTrending({ db, now: () => TEST_NOW, log: () => undefined });
    expect(Object.keys((await db.get('highlights/home/top_games')) ?? {}).sort()).toEqual([
      'tg-celeste',
      'tg-hades',
      'tg-inside',
      'tg-portal',
    ]);
  });
});
