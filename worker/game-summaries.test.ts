import { createExecutionContext } from 'cloudflare:test';
import { env as workerEnv } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { planKeptSuggestions } from '../shared/catalogue/suggested-game-summaries.ts';
import type { RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import type { GameEvent } from '../shared/schemas/event.ts';
import { gameSummaryRecordOf } from '../shared/schemas/game-summary.ts';
import { createApp } from './app.ts';
import { TEST_NOW } from './auth/id-token-test-keys.ts';
import { dropEdgeCopy } from './edge-cache.ts';
import { apiCaller } from './test-support/api-request.ts';
import { hydrationData } from './test-support/page-state.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

// The games a list, an event and a game's suggestions show are kept in those records as summaries
// (shared/schemas/game-summary.ts), written by the editors' and developers' saves, and kept right when the
// game changes: a page reads its record, not each game, and never shows a game's old icon.
// Miniflare's real queue: a game's change reaches the copies through it (worker/queues/game-summary-refresh.ts).
const env = testEnv({ FIREBASE_EMULATORS: 'true', HOME_FEED_QUEUE: workerEnv.HOME_FEED_QUEUE });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());
const run = Math.random().toString(36).slice(2, 8);
const LANTERN = `lantern-${run}`;
const DRIFT = `drift-${run}`;
const HOST = `host-${run}`;
const LIST = `summaries-list-${run}`;

const saveList = (uid: string, games: string[], revision: number | null) =>
  call(`/api/editor/lists/${LIST}`, {
    method: 'PUT',
    uid,
    json: { name: 'Kept summaries', collections: [{ name: 'All', games }], revision },
  });
const changeGame = (uid: string, gameId: string, json: unknown) =>
  call(`/api/developer/games/${gameId}`, { method: 'PATCH', uid, json });

/** A fresh render of a page (no edge copy): its loader data and the database paths it read. */
async function render(path: string) {
  const url = `http://questline.test${path}`;
  await dropEdgeCopy(url);
  const reads: RtdbRequestRecord[] = [];
  const app = createApp({ onDatabaseRequest: (r) => reads.push(r), clock: () => TEST_NOW });
  const response = await app.request(url, {}, env, createExecutionContext());
  const body = await response.text();
  await dropEdgeCopy(url);
  return { status: response.status, body, reads: reads.map((r) => r.path) };
}

const pageData = (body: string, route: string) => hydrationData(body).loaderData[route];

beforeAll(async () => {
  await db.patch('', {
    [`games/${LANTERN}`]: { ...testGame(LANTERN, 'Lantern Keep'), genres: ['Roguelike'] },
    [`games/${DRIFT}`]: { ...testGame(DRIFT, 'Drift Lines'), release_date: '2024-02-01' },
    [`games/${HOST}`]: testGame(HOST, 'Host Game'),
    'users/edna/public': { uuid: 'edna', username: `edna_${run}`, follows: 0 },
    'users/edna/admin/auth': true,
    'users/stella/public': { uuid: 'stella', username: `stella_${run}`, follows: 0 },
    'users/stella/readOnly': { created: 1, modified: 1, isDeveloper: true },
    [`users/stella/developer/developerGames/${LANTERN}`]: true,
    'users/otto/public': { uuid: 'otto', username: `otto_${run}`, follows: 0 },
    'users/otto/readOnly': { created: 1, modified: 1, isDeveloper: true },
    [`users/otto/developer/developerGames/${DRIFT}`]: true,
  });
  // Host Game suggests Lantern Keep, as the suggestion engine keeps it.
  await db.patch(
    '',
    planKeptSuggestions(
      HOST,
      { [LANTERN]: 0.8 },
      new Map([[LANTERN, gameSummaryRecordOf(testGame(LANTERN, 'Lantern Keep'))]]),
      [],
    ),
  );
});

describe('summaries kept with what shows the games', () => {
  it('an editor’s list save keeps its games’ summaries, so its page reads the list and its follower count only', async () => {
    expect((await saveList('edna', [LANTERN, DRIFT], null)).status).toBe(201);
    expect(await db.get(`lists/${LIST}/game_summaries`)).toEqual({
      [LANTERN]: { name: 'Lantern Keep', deeplink_url_code: LANTERN, genre: 'Roguelike', year: 2011 },
      [DRIFT]: { name: 'Drift Lines', deeplink_url_code: DRIFT, genre: 'Adventure', year: 2024 },
    });
    expect(await db.get(`game_summary_places/${LANTERN}`)).toMatchObject({ [`list:${LIST}`]: true });
    const page = await render(`/lists/games/${LIST}`);
    expect(page.status).toBe(200);
    expect(page.reads.sort()).toEqual([`lists-public/${LIST}/follows`, `lists/${LIST}`]);
    const data = pageData(page.body, 'list') as {
      collections: { games: { name: string; genres: string[]; year?: number }[] }[];
      list: Record<string, unknown>;
    };
    expect(data.collections[0]?.games).toMatchObject([
      { name: 'Lantern Keep', genres: ['Roguelike'], year: 2011 },
      { name: 'Drift Lines', year: 2024 },
    ]);
    // The summaries are the page's games, not a second copy of them in the page's state.
    expect(data.list).not.toHaveProperty('game_summaries');
    expect(page.body).toContain('Roguelike · 2011');
  });

  it('a save that drops a game drops its summary and the index entry naming the list', async () => {
    expect((await saveList('edna', [DRIFT], 1)).status).toBe(200);
    expect(Object.keys((await db.get(`lists/${LIST}/game_summaries`)) as object)).toEqual([DRIFT]);
    expect(await db.get(`game_summary_places/${LANTERN}/list:${LIST}`)).toBeNull();
    expect((await saveList('edna', [LANTERN, DRIFT], 2)).status).toBe(200);
  });

  it('a list save naming a game that does not exist is refused and writes no summary nor index entry', async () => {
    const response = await call(`/api/editor/lists/${LIST}-bad`, {
      method: 'PUT',
      uid: 'edna',
      json: { name: 'Bad', collections: [{ name: 'All', games: [LANTERN, 'no-such-game'] }], revision: null },
    });
    expect(response.status).toBe(400);
    expect((await response.json<{ error: { code: string; message: string } }>()).error).toMatchObject({
      code: 'invalid-input',
      message: 'No game with the id no-such-game.',
    });
    expect(await db.get(`lists/${LIST}-bad`)).toBeNull();
    expect(await db.get(`game_summary_places/${LANTERN}/list:${LIST}-bad`)).toBeNull();
  });

  let eventId = '';
  it('a developer’s new event keeps its games’ summaries, so its page reads no game', async () => {
    const response = await call('/api/developer/events', {
      method: 'POST',
      uid: 'stella',
      json: { name: `Launch ${run}`, starts_on: '2031-06-12', ends_on: '2031-06-13', games: [LANTERN] },
    });
    expect(response.status).toBe(201);
    eventId = (await response.json<{ event: GameEvent }>()).event.deeplink_url_code;
    expect(await db.get(`game_summary_places/${LANTERN}/event:${eventId}`)).toBe(true);
    const page = await render(`/event/${eventId}`);
    expect(page.reads.filter((path) => path.startsWith('games/'))).toEqual([]);
    expect(pageData(page.body, 'event')).toMatchObject({ eventGames: [{ name: 'Lantern Keep' }] });
  });

  it('a developer’s new icon reaches every list, event and suggestion showing the game, through the queue', async () => {
    const icon = `https://cdn.example.com/lantern-${run}.png`;
    const response = await changeGame('stella', LANTERN, { icon });
    expect(response.status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await db.get(`lists/${LIST}/game_summaries/${LANTERN}/icon`)).toBe(icon);
        expect(await db.get(`events/${eventId}/game_summaries/${LANTERN}/icon`)).toBe(icon);
        expect(await db.get(`games/${HOST}/suggested/${LANTERN}`)).toMatchObject({ ratio: 0.8, icon });
      },
      { timeout: 15_000, interval: 250 },
    );
    for (const [path, route] of [
      [`/lists/games/${LIST}`, 'list'],
      [`/event/${eventId}`, 'event'],
      [`/game/${HOST}`, 'game'],
    ] as const) {
      const page = await render(path);
      expect(page.status, path).toBe(200);
      expect(JSON.stringify(pageData(page.body, route)), path).toContain(icon);
    }
    // Removing the icon removes it from the copies too.
    expect((await changeGame('stella', LANTERN, { icon: null })).status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await db.get(`lists/${LIST}/game_summaries/${LANTERN}`)).not.toHaveProperty('icon');
        expect(await db.get(`games/${HOST}/suggested/${LANTERN}`)).not.toHaveProperty('icon');
      },
      { timeout: 15_000, interval: 250 },
    );
  });

  it('another developer cannot change the game’s icon: refused, and no copy changes', async () => {
    const before = await db.get(`lists/${LIST}/game_summaries`);
    const response = await changeGame('otto', LANTERN, { icon: 'https://evil.example.com/x.png' });
    expect(response.status).toBe(403);
    expect(await db.get(`lists/${LIST}/game_summaries`)).toEqual(before);
    expect(await db.get(`games/${HOST}/suggested/${LANTERN}`)).not.toHaveProperty('icon');
  });

  it('a list written before lists kept summaries still shows its games, each read whole', async () => {
    const code = `${LIST}-old`;
    await db.patch('', {
      [`lists/${code}`]: { code, name: 'Old list', games: { c01: { name: 'All', games: { [DRIFT]: 1 } } } },
    });
    const page = await render(`/lists/games/${code}`);
    expect(page.reads).toContain(`games/${DRIFT}`);
    expect(pageData(page.body, 'list')).toMatchObject({
      collections: [{ games: [{ name: 'Drift Lines', year: 2024 }] }],
    });
  });
});
