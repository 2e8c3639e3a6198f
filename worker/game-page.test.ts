import { beforeAll, describe, expect, it } from 'vitest';
import type { RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import type { AppOptions } from './app.ts';
import { requestApp, uncached, urlOf } from './test-support/page-request.ts';
import { clientAssets } from './client-assets.ts';
import { hydrationData } from './test-support/page-state.ts';
import { sequentialRounds } from '../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';
import { planKeptSuggestions } from '../shared/catalogue/suggested-game-summaries.ts';
import { gameSummaryRecordOf } from '../shared/schemas/game-summary.ts';
import { planNewPost } from '../shared/transitions/post.ts';

const env = testEnv();

/** A request to a fresh app instance, waiting for its background work (cache writes) to finish. */
const request = (path: string, options: AppOptions = {}, init: RequestInit = {}) =>
  requestApp(env, path, options, init);

beforeAll(async () => {
  const db = ownerDatabase(env);
  await db.patch('', {
    'games/portal-2': { ...testGame('portal-2', 'Portal 2', 500), follows: 12 },
    'games/half-life-2': testGame('half-life-2', 'Half-Life 2', 900),
    'games/celeste': testGame('celeste', 'Celeste', 300),
    'games/hades': testGame('hades', 'Hades', 800),
    'games/unranked-game': testGame('unranked-game', 'Unranked Game'),
    'games/tricky-name': testGame('tricky-name', '</script><script>alert("owned")</script>', 10),
    // Followers of Portal 2: 90% also follow Half-Life 2, 60% Celeste, 20% Hades (below the 0.51 minimum).
    'se_matrix/portal-2': { 'half-life-2': 0.9, celeste: 0.6, hades: 0.2 },
    // Kept before games kept their suggestions' summaries: only the ratio (see the fallback tests).
    'games/portal-3': {
      ...testGame('portal-3', 'Portal 3', 1),
      suggested: { 'half-life-2': { ratio: 0.9 } },
    },
  });
  // As the suggestion engine writes them from the row: the game keeps its best suggestions' summaries.
  const summaries = new Map(
    [testGame('half-life-2', 'Half-Life 2', 900), testGame('celeste', 'Celeste', 300)].map((game) => [
      game.deeplink_url_code,
      gameSummaryRecordOf(game),
    ]),
  );
  await db.patch(
    '',
    planKeptSuggestions('portal-2', { 'half-life-2': 0.9, celeste: 0.6, hades: 0.2 }, summaries, []),
  );
});

describe('game page', () => {
  it('is rendered on the server with the game, its suggestions and top games, status 200', async () => {
    const { response, body } = await request('/game/portal-2', {}, uncached);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(body).toMatch(/^<!DOCTYPE html>/);
    expect(body).toContain('<title>Portal 2 · Questline</title>');
    expect(body).toContain('<h1>Portal 2</h1>');
    expect(body).toContain('12 followers');
    expect(body).toContain('<link rel="canonical" href="http://questline.test/game/portal-2"/>');
    expect(body).toContain('<meta property="og:url" content="http://questline.test/game/portal-2"/>');
    expect(body).toContain('<meta property="og:title" content="Portal 2"/>');
    expect(body).toContain('Portal 2 is a game for tests.');
    const data = hydrationData(body).loaderData.game as {
      game: { uuid: string };
      suggGames: { uuid: string }[];
      topGames: { uuid: string }[];
    };
    expect(data.game.uuid).toBe('portal-2');
    // Ratios of at least 0.51 only, best first.
    expect(data.suggGames.map((g) => g.uuid)).toEqual(['half-life-2', 'celeste']);
    // Highest weighted_index first, games already on the page left out, games without a number last.
    expect(data.topGames.map((g) => g.uuid)).toEqual(['hades', 'tricky-name', 'portal-3', 'unranked-game']);
  });

  it('preloads the scripts of the game page with it, so hydration need not wait for them', async () => {
    const { body } = await request('/game/portal-2', {}, uncached);
    const gamePageChunks = clientAssets.pageChunks['client/pages/game-page.tsx'] ?? [];
    expect(gamePageChunks.length).toBeGreaterThan(0);
    for (const chunk of gamePageChunks)
      expect(body).toContain(`<link rel="modulepreload" href="${chunk}" nonce="`);
  });

  it('embeds the page state so that a </script> inside the data cannot break out', async () => {
    const { body } = await request('/game/tricky-name', {}, uncached);
    expect(body).not.toContain('<script>alert("owned")</script>');
    const data = hydrationData(body).loaderData.game as { game: { name: string } };
    expect(data.game.name).toBe('</script><script>alert("owned")</script>');
  });

  it('reads the database in at most two sequential rounds', async () => {
    const requests: RtdbRequestRecord[] = [];
    const { response } = await request(
      '/game/portal-2',
      { onDatabaseRequest: (r) => requests.push(r) },
      uncached,
    );
    expect(response.status).toBe(200);
    expect(sequentialRounds(requests)).toBeLessThanOrEqual(2);
    // The game with its suggested games' summaries and its feed's activity time, top games and the
    // feed's posts: no read of the suggestion row, of each suggested game (7 reads before) nor of the
    // feed's activity time (the game keeps a copy).
    expect(requests.map((r) => r.path).sort()).toEqual(['games', 'games/portal-2', 'posts']);
  });

  it('carries the feed’s activity time from the game’s copy, which a post on its feed moves with the feed’s own, and shows no copy that is not a time', async () => {
    const db = ownerDatabase(env);
    await db.patch('', { 'games/portal-4': testGame('portal-4', 'Portal 4', 2) });
    const gamePage = async (path: string) => {
      const requests: RtdbRequestRecord[] = [];
      const { response, body } = await request(
        path,
        { onDatabaseRequest: (r) => requests.push(r) },
        uncached,
      );
      expect(response.status).toBe(200);
      const data = hydrationData(body).loaderData.game as {
        game: Record<string, unknown>;
        feed: { activityAt?: number | null; posts: unknown[] };
      };
      return { data, paths: requests.map((r) => r.path) };
    };
    // No change to its feed yet: no time.
    expect((await gamePage('/game/portal-4')).data.feed.activityAt).toBeNull();
    await db.patch(
      '',
      planNewPost(
        'gp-rosa',
        { targetType: 'game', targetId: 'portal-4', content: 'Any news?', type: 'text' },
        'gp-post-1',
        false,
        { authorName: 'rosa_runs', now: 1_700_000_000_000 },
      ),
    );
    const activity = await db.get('feed_activity/game:portal-4');
    expect(typeof activity).toBe('number');
    expect(await db.get('games/portal-4/feedActivity')).toBe(activity);
    const { data, paths } = await gamePage('/game/portal-4');
    expect(data.feed.activityAt).toBe(activity);
    expect(data.feed.posts).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith('feed_activity/'))).toEqual([]);
    // The copy is the feed's, not part of the game the page shows.
    expect(data.game).not.toHaveProperty('feedActivity');
    // A damaged copy reads as no time (an open page re-reads its feed once), never as a missing game.
    await db.put('games/portal-4/feedActivity', 'soon');
    const damaged = await gamePage('/game/portal-4');
    expect(damaged.data.game.name).toBe('Portal 4');
    expect(damaged.data.feed.activityAt).toBeNull();
  });

  it('shows a suggested game whose summary the game does not keep yet, read whole, in the same rounds', async () => {
    const requests: RtdbRequestRecord[] = [];
    const { response, body } = await request(
      '/game/portal-3',
      { onDatabaseRequest: (r) => requests.push(r) },
      uncached,
    );
    expect(response.status).toBe(200);
    const data = hydrationData(body).loaderData.game as { suggGames: { name: string; year?: number }[] };
    expect(data.suggGames).toMatchObject([{ name: 'Half-Life 2', year: 2011 }]);
    expect(requests.map((r) => r.path)).toContain('games/half-life-2');
    expect(sequentialRounds(requests)).toBeLessThanOrEqual(2);
  });

  it('still shows the game without a suggested game whose read fails', async () => {
    const failingSuggestions: typeof fetch = (input, init) =>
      urlOf(input).includes('/games/half-life-2.json')
        ? Promise.reject(new Error('connection reset'))
        : fetch(input, init);
    const { response, body } = await request(
      '/game/portal-3',
      { databaseFetch: failingSuggestions },
      uncached,
    );
    expect(response.status).toBe(200);
    const data = hydrationData(body).loaderData.game as { suggGames: unknown[]; topGames: unknown[] };
    expect(data.suggGames).toEqual([]);
    expect(data.topGames.length).toBeGreaterThan(0);
  });

  it('still shows the game without top games when they fail to load', async () => {
    const failingTop: typeof fetch = (input, init) =>
      urlOf(input).includes('weighted_index') ? Promise.reject(new Error('timeout')) : fetch(input, init);
    const { response, body } = await request('/game/portal-2', { databaseFetch: failingTop }, uncached);
    expect(response.status).toBe(200);
    expect(body).toContain('<h1>Portal 2</h1>');
    expect((hydrationData(body).loaderData.game as { topGames: unknown[] }).topGames).toEqual([]);
  });
});

describe('not-found flow', () => {
  // The page's head leaves before the game is read, so the status line says 200; the not-found screen
  // that follows tells search engines not to index it (worker/render/early-start.ts).
  it('shows the not-found screen with top games at the requested URL, not indexed, when the game does not exist', async () => {
    const { response, body } = await request('/game/no-such-game', {}, uncached);
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(body).toContain('We couldn’t find that page');
    expect(body).toContain('Half-Life 2');
    expect(body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('shows the not-found screen, not indexed, when the game fails to load, without leaking the failure', async () => {
    const failingGame: typeof fetch = (input, init) =>
      urlOf(input).includes('/games/portal-2.json')
        ? Promise.reject(new Error(`could not reach ${env.FIREBASE_DATABASE_URL}`))
        : fetch(input, init);
    const { response, body } = await request('/game/portal-2', { databaseFetch: failingGame }, uncached);
    expect(response.status).toBe(200);
    expect(body).toContain('We couldn’t find that page');
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).not.toContain(env.FIREBASE_DATABASE_URL);
    expect(body).not.toContain('could not reach');
  });

  it('treats a deep link that is not a valid key as not found without reading it', async () => {
    const requests: RtdbRequestRecord[] = [];
    const { response } = await request(
      '/game/..%2Fusers',
      { onDatabaseRequest: (r) => requests.push(r) },
      uncached,
    );
    expect(response.status).toBe(404);
    expect(requests.every((r) => r.path === 'games')).toBe(true);
  });

  it('redirects any other path to /404, which lists top games', async () => {
    const { response } = await request('/no/such/page', {}, uncached);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/404');
    const notFound = await request('/404', {}, uncached);
    expect(notFound.response.status).toBe(404);
    expect(notFound.body).toContain('Top games');
  });
});

describe('page data API for client-side navigation', () => {
  it('answers the same game bundle as JSON', async () => {
    const { response, body } = await request('/api/pages/game/portal-2');
    expect(response.status).toBe(200);
    const answer = JSON.parse(body) as {
      loaderData: { game: { game: { name: string }; suggGames: unknown[] } };
      errors: unknown;
    };
    expect(answer.errors).toBeNull();
    expect(answer.loaderData.game.game.name).toBe('Portal 2');
    expect(answer.loaderData.game.suggGames).toHaveLength(2);
  });

  it('answers 404 with the not-found bundle for an unknown game', async () => {
    const { response, body } = await request('/api/pages/game/nope');
    expect(response.status).toBe(404);
    const answer = JSON.parse(body) as {
      loaderData: Record<string, unknown>;
      errors: { game: { status: number; data: { topGames: unknown[] } } };
    };
    // At the route that threw: the browser's router shows it in the page's error boundary, at the same URL.
    expect(answer.errors.game.status).toBe(404);
    expect(answer.errors.game.data.topGames.length).toBeGreaterThan(0);
    expect(answer.loaderData).toEqual({});
  });

  it('answers the redirect of any other path as data, for the browser to follow', async () => {
    const { response, body } = await request('/api/pages/no/such/page');
    expect(response.status).toBe(202);
    expect(response.headers.get('location')).toBeNull();
    expect(JSON.parse(body)).toEqual({ redirect: '/404', status: 302 });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { response, body } = await request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(JSON.parse(body)).toEqual({ error: { code: 'not-found', message: 'No such API endpoint.' } });
  });
});

describe('edge cache', () => {
  it('answers a repeated anonymous request from the cache without touching the database', async () => {
    const first: RtdbRequestRecord[] = [];
    const miss = await request('/game/celeste', { onDatabaseRequest: (r) => first.push(r) });
    expect(miss.response.status).toBe(200);
    expect(first.length).toBeGreaterThan(0);
    expect(miss.response.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');

    const second: RtdbRequestRecord[] = [];
    const hit = await request('/game/celeste', { onDatabaseRequest: (r) => second.push(r) });
    expect(hit.response.status).toBe(200);
    expect(hit.response.headers.get('x-questline-cache')).toBe('hit');
    expect(second).toHaveLength(0);
    expect(hit.body).toBe(miss.body);
  });

  it('serves a stale copy at once and refreshes it in the background', async () => {
    const db = ownerDatabase(env);
    await db.put('games/stale-game', testGame('stale-game', 'Old Name', 5));
    // The page is cached at one moment, and asked for again two minutes later (past its 60 s of freshness).
    const cachedAt = Date.UTC(2031, 4, 17, 9, 30, 0);
    await request('/game/stale-game', { clock: () => cachedAt });
    const later = () => cachedAt + 120_000;
    await db.put('games/stale-game/name', 'New Name');

    const background: RtdbRequestRecord[] = [];
    const stale = await request('/game/stale-game', {
      clock: later,
      onDatabaseRequest: (r) => background.push(r),
    });
    expect(stale.response.headers.get('x-questline-cache')).toBe('stale');
    expect(stale.body).toContain('<h1>Old Name</h1>');
    // The refresh ran after the answer (waitUntil), reading the database once more.
    expect(background.length).toBeGreaterThan(0);

    const fresh = await request('/game/stale-game', { clock: later });
    expect(fresh.response.headers.get('x-questline-cache')).toBe('hit');
    expect(fresh.body).toContain('<h1>New Name</h1>');
  });

  it('shares one cached copy between links that differ only by tracking parameters', async () => {
    await request('/game/portal-2?utm_source=newsletter&utm_medium=email');
    const requests: RtdbRequestRecord[] = [];
    const hit = await request('/game/portal-2?fbclid=abc123', { onDatabaseRequest: (r) => requests.push(r) });
    expect(hit.response.headers.get('x-questline-cache')).toBe('hit');
    expect(requests).toHaveLength(0);
  });

  it('serves a signed-in visitor the same cached copy: the page holds nothing of the member', async () => {
    await request('/game/hades');
    const requests: RtdbRequestRecord[] = [];
    const { response } = await request(
      '/game/hades',
      { onDatabaseRequest: (r) => requests.push(r) },
      { headers: { Cookie: '__session=test' } },
    );
    expect(response.headers.get('x-questline-cache')).toBe('hit');
    expect(requests).toHaveLength(0);
  });
});
