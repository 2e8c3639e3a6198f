// The numbers of the spec's section 9 that shape what members see, each held by what it drives against the
// real emulator with the project's rules: change a constant in shared/constants.ts and its test fails.
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loader as userPageLoader } from '../../client/pages/user-page.loader.ts';
import { publicDatabaseContext } from '../../client/page-data-context.ts';
import { suggestedGameIds } from '../../shared/catalogue/suggested-games.ts';
import { fetchTopGames, topGamesExcluding } from '../../shared/catalogue/top-games.ts';
import { callCallable } from '../../worker/functions/call-callable.ts';
import { z } from 'zod';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.server.delete('');
});

/** `game-01` … `game-nn`: names that sort as numbers do. */
const gameId = (n: number) => `game-${String(n).padStart(2, '0')}`;
const games = (count: number, extra: (n: number) => object = () => ({})) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `games/${gameId(i + 1)}`,
      { name: `Game ${String(i + 1)}`, deeplink_url_code: gameId(i + 1), ...extra(i + 1) },
    ]),
  );

describe('spec section 9 constants, by what they do', () => {
  it('suggests 10 games with a game by default (DEFAULT_SUGGEST_COUNT), the best ratios', async () => {
    // Fifteen games followed by more than half of Hades' players, and two by fewer.
    const row: Record<string, number> = {
      ...Object.fromEntries(Array.from({ length: 15 }, (_, i) => [gameId(i + 1), 0.6 + i / 100] as const)),
      [gameId(16)]: 0.5,
      [gameId(17)]: 0.2,
    };
    await db.server.patch('', { 'se_matrix/hades': row });
    const ids = await suggestedGameIds(db.anonymous, 'hades');
    expect(ids).toHaveLength(10);
    expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => gameId(15 - i)));
  });

  it('shows the 20 games a member followed last on their page (GAMES_FOLLOWED_DEFAULT)', async () => {
    const uid = 'member-ana';
    const follows = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => {
        const timestamp = TEST_DATABASE_NOW - (25 - i) * 60_000;
        return [
          `game:${gameId(i + 1)}`,
          { followId: `f-${String(i + 1)}`, type: 'game', timestamp, type_time: `game_${String(timestamp)}` },
        ];
      }),
    );
    await db.server.patch('', {
      ...games(25),
      [`users/${uid}/public`]: { uuid: uid, username: 'ana_plays', follows: 0 },
      [`users_public/${uid}`]: { username: 'ana_plays' },
      [`follows_by_userid/${uid}`]: follows,
    });
    const context = new RouterContextProvider(new Map([[publicDatabaseContext, db.anonymous]]));
    const page = await userPageLoader({
      context,
      params: { profileName: 'ana_plays' },
      request: new Request('http://questline.test/user/ana_plays'),
      url: new URL('http://questline.test/user/ana_plays'),
      pattern: '/user/:profileName',
    });
    expect(page.followGames.map((game) => game.deeplink_url_code)).toEqual(
      Array.from({ length: 20 }, (_, i) => gameId(25 - i)),
    );
  });

  it('reads the top 20 games (TOP_GAMES_FETCH) and shows up to 10 not already on the page (TOP_GAMES_SHOWN)', async () => {
    // Thirty ranked games and two without a number.
    await db.server.patch('', {
      ...games(30, (n) => ({ weighted_index: n })),
      'games/unranked-a': { name: 'Unranked A', deeplink_url_code: 'unranked-a' },
      'games/unranked-b': { name: 'Unranked B', deeplink_url_code: 'unranked-b' },
    });
    const top = await fetchTopGames(db.anonymous);
    expect(top.map((game) => game.uuid)).toEqual(Array.from({ length: 20 }, (_, i) => gameId(30 - i)));
    // The page already shows the first two: the next ten are offered.
    const offered = topGamesExcluding(top, [gameId(30), gameId(29)]);
    expect(offered.map((game) => game.uuid)).toEqual(Array.from({ length: 10 }, (_, i) => gameId(28 - i)));
  });

  it('gives a function 70 s to answer (FUNCTIONS_TIMEOUT_MS), not a moment less', async () => {
    vi.useFakeTimers();
    try {
      const never = (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(init.signal?.reason as Error);
          });
        });
      let outcome: unknown = 'waiting';
      const call = callCallable({
        url: 'http://functions.test/search',
        what: 'search',
        data: { q: 'hades' },
        resultSchema: z.unknown(),
        fetch: never,
        failed: (failure) => new Error(failure.detail),
      }).then(
        () => 'answered',
        (error: unknown) => (error as Error).message,
      );
      void call.then((settled) => (outcome = settled));
      await vi.advanceTimersByTimeAsync(69_999);
      expect(outcome).toBe('waiting');
      await vi.advanceTimersByTimeAsync(1);
      expect(await call).toBe('search timed out');
    } finally {
      vi.useRealTimers();
    }
  });
});
