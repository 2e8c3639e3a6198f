import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowsePageData } from '../shared/api/browse-page.ts';
import { facetIndexUpdates } from '../shared/catalogue/catalogue-facet-index.ts';
import { createApp } from './app.ts';
import { apiCaller } from './test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';
import { hydrationData } from './test-support/page-state.ts';

// The browse page's bundle (GET /api/browse and the server render behind the guard) in workerd against
// the database emulator, with members who follow and answer through the API itself.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();

const call = apiCaller(env, app);

async function browse(uid: string, query = ''): Promise<BrowsePageData> {
  const response = await call(`/api/browse${query}`, { uid });
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  return response.json<BrowsePageData>();
}

const ids = (games: { uuid: string }[]) => games.map((game) => game.uuid);

beforeAll(async () => {
  await db.patch('', {
    'games/hades': testGame('hades', 'Hades', 10),
    'games/celeste': testGame('celeste', 'Celeste', 9),
    'games/dead-cells': testGame('dead-cells', 'Dead Cells', 8),
    'games/hollow-knight': testGame('hollow-knight', 'Hollow Knight', 7),
    'games/stardew-valley': testGame('stardew-valley', 'Stardew Valley', 6),
    'games/portal-2': testGame('portal-2', 'Portal 2', 5),
    // Hades' followers mostly follow these too; Portal 2 is below the 0.51 threshold.
    'se_matrix/hades': { celeste: 0.9, 'dead-cells': 0.8, 'hollow-knight': 0.6, 'portal-2': 0.3 },
    'se_matrix/stardew-valley': { celeste: 0.7, 'hollow-knight': 0.95 },
    'se_matrix_seedgames/stardew-valley': true,
    'users/ria/public': { uuid: 'ria', username: 'ria_plays', follows: 0 },
    'users/sol/public': { uuid: 'sol', username: 'sol_new', follows: 0 },
  });
  // 30 puzzle games, ranked 1 to 30 (the ranking the catalogue pages by), through the catalogue's own index.
  const puzzles = Array.from({ length: 30 }, (_, n) => `puzzle-${String(n + 1).padStart(2, '0')}`);
  await db.patch('', {
    ...Object.fromEntries(puzzles.map((id, n) => [`games/${id}`, testGame(id, `Puzzle ${n + 1}`, n + 1)])),
    ...facetIndexUpdates(
      puzzles.map((gameId, n) => ({
        gameId,
        before: null,
        after: { genres: ['Puzzle Games'], tags: n % 2 === 0 ? ['Relaxing'] : [], weightedIndex: n + 1 },
      })),
    ),
  });
  // Ria follows Hades and has already said no to Celeste.
  expect((await call('/api/follows/game/hades', { method: 'PUT', uid: 'ria' })).status).toBe(200);
  expect(
    (await call('/api/suggestions/celeste', { method: 'PUT', uid: 'ria', json: { success: 'no' } })).status,
  ).toBe(200);
});

describe('browse page bundle', () => {
  it("asks a member about their followed games' suggestions, best first, never what they follow or answered", async () => {
    const data = await browse('ria');
    expect(data.me.uid).toBe('ria');
    expect(ids(data.suggestions)).toEqual(['dead-cells', 'hollow-knight']);
    // Each says why: the followed game whose players want it.
    const becauseHades = { kind: 'follows', game: { name: 'Hades', deeplink_url_code: 'hades' } };
    expect(data.suggestions.map((game) => game.reason)).toEqual([becauseHades, becauseHades]);
    expect(ids(data.followGames)).toEqual(['hades']);
  });

  it('takes an answer out of the next bundle', async () => {
    await call('/api/suggestions/dead-cells', { method: 'PUT', uid: 'ria', json: { success: 'yes' } });
    expect(ids((await browse('ria')).suggestions)).toEqual(['hollow-knight']);
  });

  it('never asks about a game the member is not interested in; lists it, and the members they blocked', async () => {
    const post = (json: unknown) => call('/api/blocks', { method: 'POST', uid: 'sol', json });
    expect((await post({ kind: 'games', ids: ['hollow-knight'] })).status).toBe(200);
    expect((await post({ kind: 'users', ids: ['ria'] })).status).toBe(200);
    const data = await browse('sol');
    expect(ids(data.suggestions)).toEqual(['stardew-valley', 'celeste']);
    expect(data.blocked).toEqual({
      members: [{ uid: 'ria', username: 'ria_plays' }],
      games: [expect.objectContaining({ uuid: 'hollow-knight', name: 'Hollow Knight' })],
    });
    await call('/api/blocks', {
      method: 'DELETE',
      uid: 'sol',
      json: { kind: 'games', ids: ['hollow-knight'] },
    });
    await call('/api/blocks', { method: 'DELETE', uid: 'sol', json: { kind: 'users', ids: ['ria'] } });
    expect((await browse('sol')).blocked).toEqual({ members: [], games: [] });
  });

  it('asks a member who follows nothing about the seed games first, then what they suggest', async () => {
    const data = await browse('sol');
    expect(ids(data.suggestions)).toEqual(['stardew-valley', 'hollow-knight', 'celeste']);
    // Nothing they follow suggested these: the card says so rather than naming a game they do not follow.
    expect(data.suggestions.map((game) => game.reason.kind)).toEqual(['popular', 'popular', 'popular']);
    expect(data.followGames).toEqual([]);
  });

  it('offers every genre and tag with its count, and pages through one, best ranked first, none twice', async () => {
    const start = await browse('ria');
    expect(start.catalogue.genres).toEqual([{ slug: 'puzzle-games', name: 'Puzzle Games', count: 30 }]);
    expect(start.catalogue.tags).toEqual([{ slug: 'relaxing', name: 'Relaxing', count: 15 }]);
    expect(start.catalogue.selected).toBeNull();

    const first = await browse('ria', '?genre=puzzle-games');
    expect(first.catalogue.selected).toMatchObject({
      facet: 'genre',
      slug: 'puzzle-games',
      name: 'Puzzle Games',
    });
    expect(first.suggestions).toEqual([]);
    expect(first.catalogue.games.map((game) => game.name)).toEqual(
      Array.from({ length: 24 }, (_, n) => `Puzzle ${30 - n}`),
    );
    const cursor = first.catalogue.nextCursor ?? '';
    const second = await browse('ria', `?genre=puzzle-games&after=${encodeURIComponent(cursor)}`);
    expect(second.catalogue.games.map((game) => game.name)).toEqual(
      Array.from({ length: 6 }, (_, n) => `Puzzle ${6 - n}`),
    );
    expect(second.catalogue.nextCursor).toBeNull();

    const tag = await browse('ria', '?tag=relaxing');
    expect(tag.catalogue.games).toHaveLength(15);
    expect(tag.catalogue.games[0]?.name).toBe('Puzzle 29');
  });

  it('answers 401 without a token, and 400 for a catalogue query it cannot show', async () => {
    expect((await call('/api/browse')).status).toBe(401);
    for (const query of [
      '?genre=puzzle-games&after=not-a-cursor',
      '?genre=Not%20A%20Slug',
      '?genre=action&tag=puzzle',
      '?after=abc',
      `?tag=${'a'.repeat(101)}`,
    ]) {
      const response = await call(`/api/browse${query}`, { uid: 'ria' });
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ error: { code: 'invalid-input' } });
    }
  });

  it('renders the page for a session with its bundle embedded, and sends anyone else to the root', async () => {
    const page = await call('/browse', { cookie: 'ria' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Would you play it?');
    expect(html).toContain('Hollow Knight');
    expect(html).toMatch(/Because you follow <a [^>]*href="\/game\/hades"[^>]*>Hades<\/a>/);
    const state = hydrationData(html) as unknown as { loaderData: { browse: BrowsePageData } };
    expect(ids(state.loaderData.browse.suggestions)).toEqual(['hollow-knight']);

    const visitor = await call('/browse');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toBe('/');
    const badQuery = await call('/browse?genre=Not%20A%20Slug', { cookie: 'ria' });
    expect(badQuery.status).toBe(302);
    expect(badQuery.headers.get('Location')).toBe('/browse');
  });

  it('shows the top rated games with their average and number of ratings, server-rendered', async () => {
    // As the top-rated job keeps them (shared/jobs/top-rated-job.ts), with an entry no job writes.
    await db.patch('', {
      'highlights/home/top_rated': {
        celeste: { rank: 2, average: 10, count: 3, name: 'Celeste', deeplink_url_code: 'celeste' },
        hades: { rank: 1, average: 8.96, count: 2000, name: 'Hades', deeplink_url_code: 'hades' },
        'portal-2': { rank: 3, average: 0, count: 1, name: 'Portal 2', deeplink_url_code: 'portal-2' },
      },
    });
    const bundle = await browse('ria');
    expect(bundle.topRated.map(({ game, average, count }) => [game.uuid, average, count])).toEqual([
      ['hades', 8.96, 2000],
      ['celeste', 10, 3],
    ]);
    const html = (await (await call('/browse', { cookie: 'ria' })).text()).replace(/<[^>]+>/g, '');
    expect(html).toMatch(
      /Top rated.*Hades.*9\.0 out of 10 · 2,000 ratings.*Celeste.*10\.0 out of 10 · 3 ratings/s,
    );
    // Browsing a genre shows that part of the catalogue alone.
    expect((await browse('ria', '?genre=puzzle-games')).topRated).toEqual([]);
  });
});
