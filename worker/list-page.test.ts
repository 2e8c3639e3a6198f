import { beforeAll, describe, expect, it } from 'vitest';
import { CURATED_LISTS_ATTRIBUTION, LIST_PAGE_SIZE } from '../shared/constants.ts';
import type { RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import type { AppOptions } from './app.ts';
import { requestApp, uncached, urlOf } from './test-support/page-request.ts';
import { hydrationData } from './test-support/page-state.ts';
import { sequentialRounds } from '../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

const env = testEnv();

/** A request that renders (no edge cache), so every request reads the database. */
const request = (path: string, options: AppOptions = {}) => requestApp(env, path, options, uncached);

interface ListBundle {
  list: { uuid: string; name: string };
  listGames: Record<string, { name: string }>;
  collections: { name: string; ids: string[]; games: { uuid: string }[] }[];
}

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    'games/portal-2': testGame('portal-2', 'Portal 2', 500),
    'games/half-life-2': testGame('half-life-2', 'Half-Life 2', 900),
    'games/celeste': testGame('celeste', 'Celeste', 300),
    'games/hades': testGame('hades', 'Hades', 800),
    'lists/valve-and-friends': {
      code: 'valve-and-friends',
      name: 'Valve and friends',
      description: 'Games to play on a rainy weekend.',
      games: {
        // Stored out of order: the page shows positions 1, 2, 3.
        valve: { name: 'Valve', games: { 'half-life-2': 2, 'portal-2': 1, 'deleted-game': 3 } },
        indies: { name: 'Indies', games: { hades: 2, celeste: 1 } },
      },
    },
    'lists/best-of-2011': {
      code: 'best-of-2011',
      name: 'Best of 2011',
      games: { ranking: { name: 'Ranking', games: { 'portal-2': 1 } } },
      source: 'open-video-game-data',
    },
  });
});

describe('list page', () => {
  it('is rendered on the server with its collections in order and the bundle embedded', async () => {
    const { response, body } = await request('/lists/games/valve-and-friends');
    expect(response.status).toBe(200);
    expect(body).toContain('<title>Valve and friends · Questline</title>');
    expect(body).toContain('<h1>Valve and friends</h1>');
    expect(body).toContain('Games to play on a rainy weekend.');
    expect(body).toContain(
      '<link rel="canonical" href="http://questline.test/lists/games/valve-and-friends"/>',
    );
    expect(body).toContain('<meta property="og:title" content="Valve and friends"/>');
    expect(body).toContain('"@type":"ItemList"');
    expect(body.indexOf('Portal 2')).toBeLessThan(body.indexOf('Half-Life 2'));
    const data = hydrationData(body).loaderData.list as ListBundle;
    expect(data.list.uuid).toBe('valve-and-friends');
    expect(data.collections.map((c) => c.name)).toEqual(['Indies', 'Valve']);
    expect(data.collections.map((c) => c.ids)).toEqual([
      ['celeste', 'hades'],
      ['portal-2', 'half-life-2'],
    ]);
    expect(data.collections[1]?.games.map((g) => g.uuid)).toEqual(['portal-2', 'half-life-2']);
    // A game the list names that no longer exists is left out.
    expect(Object.keys(data.listGames).sort()).toEqual(['celeste', 'hades', 'half-life-2', 'portal-2']);
    expect(body).not.toContain(CURATED_LISTS_ATTRIBUTION);
  });

  it('credits the curated lists on a list imported from them', async () => {
    const { response, body } = await request('/lists/games/best-of-2011');
    expect(response.status).toBe(200);
    expect(body).toContain(CURATED_LISTS_ATTRIBUTION);
  });

  it('reads the database in two sequential rounds: the list, then its games together', async () => {
    const requests: RtdbRequestRecord[] = [];
    await request('/lists/games/valve-and-friends', { onDatabaseRequest: (r) => requests.push(r) });
    expect(sequentialRounds(requests)).toBe(2);
    // The list; then its five games and its follower count together.
    expect(requests).toHaveLength(7);
  });

  // The page's head leaves before the database answers, so the status line says 200; the not-found screen
  // that follows tells search engines not to index it (worker/render/early-start.ts).
  it('shows the not-found screen with top games at the requested URL, not indexed, when the list does not exist', async () => {
    const { response, body } = await request('/lists/games/no-such-list');
    expect(response.status).toBe(200);
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(response.headers.get('location')).toBeNull();
    expect(body).toContain('We couldn’t find that page');
    expect(body).toContain('Half-Life 2');
  });

  it('shows the not-found screen with top games when the list fails to load, without leaking the failure', async () => {
    const failingList: typeof fetch = (input, init) =>
      urlOf(input).includes('/lists/valve-and-friends.json')
        ? Promise.reject(new Error(`could not reach ${env.FIREBASE_DATABASE_URL}`))
        : fetch(input, init);
    const { response, body } = await request('/lists/games/valve-and-friends', {
      databaseFetch: failingList,
    });
    expect(response.status).toBe(200);
    expect(body).toContain('We couldn’t find that page');
    expect(body).toContain('Half-Life 2');
    expect(body).not.toContain('could not reach');
  });

  it('answers 404 with null data when one of its games fails to load (spec section 8)', async () => {
    const failingGame: typeof fetch = (input, init) =>
      urlOf(input).includes('/games/celeste.json')
        ? Promise.reject(new Error('connection reset'))
        : fetch(input, init);
    const { response, body } = await request('/api/pages/lists/games/valve-and-friends', {
      databaseFetch: failingGame,
    });
    expect(response.status).toBe(404);
    const answer = JSON.parse(body) as { errors: { list: { status: number; data: unknown } } };
    expect(answer.errors.list).toMatchObject({ status: 404, data: null });
  });

  it('pages a long list: one page of games read per request, numbering going on across pages', async () => {
    const total = LIST_PAGE_SIZE + 5;
    const ids = Array.from({ length: total }, (_, i) => `ranked-${String(i + 1).padStart(3, '0')}`);
    await ownerDatabase(env).patch('', {
      ...Object.fromEntries(ids.map((id) => [`games/${id}`, testGame(id, `Ranked ${id}`)])),
      'lists/long-ranking': {
        code: 'long-ranking',
        name: 'A long ranking',
        games: { ranking: { name: 'Ranking', games: Object.fromEntries(ids.map((id, i) => [id, i + 1])) } },
      },
    });
    const requests: RtdbRequestRecord[] = [];
    const first = await request('/lists/games/long-ranking', { onDatabaseRequest: (r) => requests.push(r) });
    expect(first.response.status).toBe(200);
    // The list, then this page's games: never more reads than a page holds, however long the list.
    // The list, then a page of games and the follower count.
    expect(requests).toHaveLength(2 + LIST_PAGE_SIZE);
    const page1 = hydrationData(first.body).loaderData.list as ListBundle & { page: unknown };
    expect(page1.page).toEqual({ number: 1, count: 2, games: total });
    expect(page1.collections[0]?.ids).toEqual(ids.slice(0, LIST_PAGE_SIZE));
    expect(first.body).toContain('href="/lists/games/long-ranking?page=2"');
    expect(first.body).toContain(`${String(total)} games`);

    const second = await request('/lists/games/long-ranking?page=2');
    const page2 = hydrationData(second.body).loaderData.list as ListBundle & { page: unknown };
    expect(page2.collections[0]?.ids).toEqual(ids.slice(LIST_PAGE_SIZE));
    // The ranking goes on counting where the first page stopped.
    expect(second.body).toContain(`<ol class="game-grid" start="${String(LIST_PAGE_SIZE + 1)}"`);
    expect(second.body).toContain(
      '<link rel="canonical" href="http://questline.test/lists/games/long-ranking?page=2"/>',
    );

    const pastTheEnd = await request('/lists/games/long-ranking?page=3');
    expect(pastTheEnd.body).toContain('We couldn’t find that page');
    expect(pastTheEnd.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('answers the same bundle as JSON for a client navigation', async () => {
    const { response, body } = await request('/api/pages/lists/games/valve-and-friends');
    expect(response.status).toBe(200);
    const answer = JSON.parse(body) as { loaderData: { list: ListBundle } };
    expect(answer.loaderData.list.list.name).toBe('Valve and friends');
  });
});
