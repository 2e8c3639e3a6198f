import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { LibraryShelvingAnswer, LibraryStanding } from '../../shared/schemas/library-shelving.ts';
import { MAX_SHELVING_GAMES } from '../../shared/schemas/library-limits.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';

// Shelving and rating an imported library's games in workerd against the database emulator: a batch
// sets what the file says where the member has nothing, keeps or replaces what they have as they chose,
// and moves every count (the games' shelves and rating summaries, the member's shelves) exactly once,
// however the batch is repeated, raced with taps on the games' pages, or written by a hostile member.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const ANA = `ls-ana-${run}`;
const BEN = `ls-ben-${run}`;
const CLEO = `ls-cleo-${run}`;
const DAN = `ls-dan-${run}`;
const EVE = `ls-eve-${run}`;
const FAY = `ls-fay-${run}`;
const MEMBERS = [ANA, BEN, CLEO, DAN, EVE, FAY];
const game = (n: number) => `shelving-game-${String(n)}-${run.toLowerCase()}`;
/** Games of the measured import. */
const BIG = Array.from({ length: 500 }, (_, n) => `shelving-many-${String(n)}-${run.toLowerCase()}`);

const shelveLibrary = (uid: string, body: unknown) =>
  call('/api/library/shelves', { method: 'POST', uid, json: body });
async function shelved(uid: string, body: unknown) {
  const response = await shelveLibrary(uid, body);
  expect(response.status).toBe(200);
  return (await response.json<LibraryShelvingAnswer>()).games;
}
const counts = async (gameId: string) => ({
  shelves: (await db.get(`games/${gameId}/shelves`)) ?? {},
  ratings: (await db.get(`games/${gameId}/ratings`)) ?? {},
});

beforeAll(async () => {
  await db.patch('', {
    ...Object.fromEntries(
      MEMBERS.map((uid) => [
        `users/${uid}/public`,
        { uuid: uid, username: `u_${uid.slice(3, 7)}_${run}`, follows: 0 },
      ]),
    ),
    ...Object.fromEntries(
      Array.from({ length: 8 }, (_, n) => [
        `games/${game(n)}`,
        { name: `Shelving Game ${String(n)}`, deeplink_url_code: game(n), follows: 0 },
      ]),
    ),
    ...Object.fromEntries(
      BIG.map((id, n) => [`games/${id}`, { name: `Many ${String(n)}`, deeplink_url_code: id, follows: 0 }]),
    ),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** One request the Worker made to the database: where, and the bytes each way. */
interface DatabaseRequest {
  method: string;
  path: string;
  sent: number;
  received: number;
  /** Where the request started and ended among all the recorded starts and ends. */
  startOrder: number;
  endOrder: number;
}

/** How many rounds the requests took one after another: a request is a round after the latest it waited for. */
function roundsOf(requests: readonly DatabaseRequest[]): number {
  const depth = new Map<DatabaseRequest, number>();
  for (const request of [...requests].sort((a, b) => a.startOrder - b.startOrder)) {
    const before = requests.filter((other) => other.endOrder < request.startOrder);
    depth.set(request, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  return Math.max(0, ...depth.values());
}

/** Records what reaches the database (the Worker's subrequests), each call passed on as it is. */
function recordDatabaseRequests(): DatabaseRequest[] {
  const realFetch = globalThis.fetch.bind(globalThis);
  const requests: DatabaseRequest[] = [];
  let order = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const startOrder = ++order;
    const answer = await realFetch(input, init);
    const endOrder = ++order;
    const body = typeof init?.body === 'string' ? init.body : '';
    requests.push({
      method: init?.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      sent: new TextEncoder().encode(body).length,
      received: (await answer.clone().arrayBuffer()).byteLength,
      startOrder,
      endOrder,
    });
    return answer;
  });
  return requests;
}

describe('shelving an imported library', () => {
  it('shelves and rates new games, counts each once, lists them on the profile, and repeats nothing', async () => {
    const batch = {
      overwrite: false,
      games: [
        { gameId: game(0), shelf: 'played', score: 9 },
        { gameId: game(1), shelf: 'played' },
        { gameId: game(2), shelf: 'want' },
        // A score alone puts an unshelved game on Played, as on its page.
        { gameId: game(3), score: 4 },
      ],
    };
    expect(await shelved(ANA, batch)).toEqual([
      { gameId: game(0), outcome: 'changed' },
      { gameId: game(1), outcome: 'changed' },
      { gameId: game(2), outcome: 'changed' },
      { gameId: game(3), outcome: 'changed' },
    ]);
    expect(await counts(game(0))).toEqual({ shelves: { played: 1 }, ratings: { count: 1, sum: 9, s9: 1 } });
    expect(await counts(game(2))).toEqual({ shelves: { want: 1 }, ratings: {} });
    expect(await counts(game(3))).toEqual({ shelves: { played: 1 }, ratings: { count: 1, sum: 4, s4: 1 } });
    // Three games on Played from one batch: the member's count moved by three, not by one.
    expect(await db.get(`users/${ANA}/public/shelves`)).toEqual({ played: 3, want: 1 });
    expect(await db.get(`shelves_by_userid/${ANA}/${game(0)}`)).toMatchObject({
      status: 'played',
      name: 'Shelving Game 0',
    });
    const entry = await db.get(`users/${ANA}/private/gamelist/${game(0)}`);
    expect(entry).toEqual({ status: 'played', score: 9, timestamp: expect.any(Number) as number });

    // The same file again: nothing to do, nothing counted twice.
    expect((await shelved(ANA, batch)).map(({ outcome }) => outcome)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    expect(await counts(game(0))).toEqual({ shelves: { played: 1 }, ratings: { count: 1, sum: 9, s9: 1 } });
    expect(await db.get(`users/${ANA}/public/shelves`)).toEqual({ played: 3, want: 1 });
  });

  it('keeps the member’s own shelf and score when they choose to, and replaces them exactly when they do not', async () => {
    expect(
      (await call(`/api/games/${game(4)}/status`, { method: 'PUT', uid: BEN, json: { status: 'playing' } }))
        .status,
    ).toBe(200);
    expect(
      (await call(`/api/games/${game(4)}/rating`, { method: 'PUT', uid: BEN, json: { score: 6 } })).status,
    ).toBe(200);
    const file = { gameId: game(4), shelf: 'dropped', score: 2 };

    expect(await shelved(BEN, { overwrite: false, games: [file] })).toEqual([
      { gameId: game(4), outcome: 'kept' },
    ]);
    expect(await counts(game(4))).toEqual({ shelves: { playing: 1 }, ratings: { count: 1, sum: 6, s6: 1 } });

    expect(await shelved(BEN, { overwrite: true, games: [file] })).toEqual([
      { gameId: game(4), outcome: 'changed' },
    ]);
    expect(await counts(game(4))).toEqual({
      shelves: { playing: 0, dropped: 1 },
      ratings: { count: 1, sum: 2, s6: 0, s2: 1 },
    });
    expect(await db.get(`users/${BEN}/public/shelves`)).toEqual({ playing: 0, dropped: 1 });
    // Where Ben stands now, as the preview reads it: his own games only.
    const standing = await call('/api/library/shelves', { uid: BEN });
    expect(await standing.json<LibraryStanding>()).toEqual({
      games: [{ gameId: game(4), status: 'dropped', score: 2 }],
    });
    expect((await call('/api/library/shelves')).status).toBe(401);
  });

  it('refuses a hostile batch whole, with a clear error, and writes nothing of it', async () => {
    const before = await db.get(`users/${CLEO}`);
    const refusals: unknown[] = [
      { overwrite: false, games: [{ gameId: game(5), score: 0 }] },
      { overwrite: false, games: [{ gameId: game(5), score: 11 }] },
      { overwrite: false, games: [{ gameId: game(5), score: 'NaN' }] },
      { overwrite: false, games: [{ gameId: game(5), score: 7.5 }] },
      { overwrite: false, games: [{ gameId: game(5), shelf: 'favourites' }] },
      { overwrite: false, games: [{ gameId: game(5) }] },
      { overwrite: false, games: [{ gameId: '=HYPERLINK("https://evil.example","x")', shelf: 'played' }] },
      { overwrite: false, games: [{ gameId: '../../users/ls-ana/public', shelf: 'played' }] },
      // The same game many times in one batch.
      {
        overwrite: false,
        games: [
          { gameId: game(5), shelf: 'played' },
          { gameId: game(5), shelf: 'dropped' },
        ],
      },
      {
        overwrite: false,
        games: Array.from({ length: MAX_SHELVING_GAMES + 1 }, (_, n) => ({
          gameId: BIG[n],
          shelf: 'played',
        })),
      },
      // Another member's shelves: the uid is the token's, a body naming one is refused.
      { overwrite: false, uid: ANA, games: [{ gameId: game(5), shelf: 'played' }] },
      { games: [{ gameId: game(5), shelf: 'played' }] },
      { overwrite: false, games: [] },
    ];
    for (const body of refusals) {
      const response = await shelveLibrary(CLEO, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json<ApiErrorBody>();
      expect(answer.error.code).toBe('invalid-input');
      expect(answer.error.message).not.toMatch(/zod|stack|at \w+ \(/i);
    }
    expect(await db.get(`users/${CLEO}`)).toEqual(before);
    expect(await counts(game(5))).toEqual({ shelves: {}, ratings: {} });
    expect(
      (await shelveLibrary('', { overwrite: false, games: [{ gameId: game(5), shelf: 'played' }] })).status,
    ).toBe(401);
  });

  it('answers a game that does not exist as not found and writes no stub of it, the rest shelved', async () => {
    const missing = `no-such-game-${run.toLowerCase()}`;
    expect(
      await shelved(CLEO, {
        overwrite: false,
        games: [
          { gameId: missing, shelf: 'played', score: 10 },
          { gameId: game(5), shelf: 'playing', score: 7 },
        ],
      }),
    ).toEqual([
      { gameId: missing, outcome: 'not-found' },
      { gameId: game(5), outcome: 'changed' },
    ]);
    expect(await db.get(`games/${missing}`)).toBeNull();
    expect(await db.get(`users/${CLEO}/private/gamelist/${missing}`)).toBeNull();
    expect(await db.get(`shelves_by_userid/${CLEO}/${missing}`)).toBeNull();
    expect(await db.get(`users/${CLEO}/public/shelves`)).toEqual({ playing: 1 });
    expect(await counts(game(5))).toEqual({ shelves: { playing: 1 }, ratings: { count: 1, sum: 7, s7: 1 } });

    // A whole batch of made-up games: each entry is taken before its name is known, then put back as it
    // was (absent), so the member's list and counts stay as they were.
    const before = await db.get(`users/${CLEO}`);
    const madeUp = Array.from(
      { length: MAX_SHELVING_GAMES },
      (_, n) => `made-up-${String(n)}-${run.toLowerCase()}`,
    );
    expect(
      await shelved(CLEO, {
        overwrite: true,
        games: madeUp.map((gameId) => ({ gameId, shelf: 'played', score: 3 })),
      }),
    ).toEqual(madeUp.map((gameId) => ({ gameId, outcome: 'not-found' })));
    expect(await db.get(`users/${CLEO}`)).toEqual(before);
    expect(await db.get(`shelves_by_userid/${CLEO}/${madeUp[0] ?? ''}`)).toBeNull();
  });

  it('stays exact when the batch races taps on the same games’ pages', async () => {
    const raced = [game(6), game(7)];
    for (let round = 0; round < 3; round++) {
      const shelf = round % 2 ? 'played' : 'dropped';
      await Promise.all([
        shelved(DAN, {
          overwrite: true,
          games: raced.map((gameId) => ({ gameId, shelf, score: round + 3 })),
        }),
        call(`/api/games/${game(6)}/status`, { method: 'PUT', uid: DAN, json: { status: 'want' } }),
        call(`/api/games/${game(7)}/rating`, { method: 'PUT', uid: DAN, json: { score: 10 } }),
      ]);
      // Whoever landed last, the game counts exactly Dan's one shelf and one score.
      for (const gameId of raced) {
        const entry = (await db.get(`users/${DAN}/private/gamelist/${gameId}`)) as {
          status: string;
          score: number;
        };
        const { shelves, ratings } = await counts(gameId);
        expect(Object.entries(shelves).filter(([, n]) => n !== 0)).toEqual([[entry.status, 1]]);
        expect(ratings).toMatchObject({ count: 1, sum: entry.score, [`s${String(entry.score)}`]: 1 });
      }
      const mine = (await db.get(`users/${DAN}/public/shelves`)) as Record<string, number>;
      expect(Object.values(mine).reduce((a, b) => a + b, 0)).toBe(2);
    }
  });

  it('stays exact when two of the member’s batches race over the same games (two tabs importing)', async () => {
    const raced = BIG.slice(100, 100 + MAX_SHELVING_GAMES);
    for (const [round, [first, second]] of [
      ['played', 'dropped'],
      ['want', 'playing'],
      ['dropped', 'played'],
    ].entries()) {
      const batch = (shelf: string, score: number) =>
        shelveLibrary(FAY, { overwrite: true, games: raced.map((gameId) => ({ gameId, shelf, score })) });
      const [a, b] = await Promise.all([
        batch(first ?? '', round + 2),
        batch(second ?? '', round + 6),
        call(`/api/games/${raced[0] ?? ''}/rating`, { method: 'PUT', uid: FAY, json: { score: 1 } }),
      ]);
      // Each batch is shelved whole, or answered busy with nothing of it written (the browser sends it again).
      for (const answer of [a, b]) {
        expect([200, 409]).toContain(answer.status);
        if (answer.status === 409) expect((await answer.json<ApiErrorBody>()).error.code).toBe('busy');
      }
      for (const gameId of raced) {
        const entry = (await db.get(`users/${FAY}/private/gamelist/${gameId}`)) as Record<string, unknown>;
        // Whoever landed last, the game counts exactly Fay's one shelf and one score, and no mark is left.
        expect(entry.pending).toBeUndefined();
        const { shelves, ratings } = await counts(gameId);
        expect(Object.entries(shelves).filter(([, n]) => n !== 0)).toEqual([[entry.status, 1]]);
        expect(ratings).toMatchObject({ count: 1, sum: entry.score, [`s${String(entry.score)}`]: 1 });
      }
      const mine = (await db.get(`users/${FAY}/public/shelves`)) as Record<string, number>;
      expect(Object.values(mine).reduce((n, m) => n + m, 0)).toBe(raced.length);
    }
  });

  it('costs a batch what its games cost, not what the member’s whole list of 20,000 games costs', async () => {
    // Eve already has 20,000 games (seeded directly: entries of games the catalogue need not hold).
    const entries = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, n) => [
        `owned-${String(n).padStart(5, '0')}`,
        { status: 'played', timestamp: 1_700_000_000_000 + n, score: (n % 10) + 1 },
      ]),
    );
    await db.put(`users/${EVE}/private/gamelist`, entries);
    // One she has on another shelf already, replaced as she chose; the rest new.
    await call(`/api/games/${BIG[0] ?? ''}/status`, { method: 'PUT', uid: EVE, json: { status: 'want' } });
    const games = BIG.slice(0, MAX_SHELVING_GAMES).map((gameId) => ({ gameId, shelf: 'played', score: 8 }));
    const requests = recordDatabaseRequests();
    const started = performance.now();
    expect((await shelved(EVE, { overwrite: true, games })).map(({ outcome }) => outcome)).toEqual(
      games.map(() => 'changed'),
    );
    const ms = performance.now() - started;
    const sent = requests.reduce((sum, { sent: bytes }) => sum + bytes, 0);
    const received = requests.reduce((sum, { received: bytes }) => sum + bytes, 0);
    console.log(
      `A batch of ${String(games.length)} games for a member with 20,000: ${String(requests.length)} database requests, ${String(sent)} bytes sent, ${String(received)} received, ${String(roundsOf(requests))} rounds, ${ms.toFixed(0)} ms`,
    );
    // Names and takings in one round; the entry she had, decided again beside her newest shelved games; the PATCH.
    expect(roundsOf(requests)).toBe(3);
    // Nothing reads or writes her whole list: each request names one game's entry or less.
    const wholeList = `/users/${EVE}/private/gamelist`;
    expect(requests.filter(({ path }) => path.startsWith(`${wholeList}.json`))).toEqual([]);
    expect(sent).toBeLessThan(20_000);
    expect(received).toBeLessThan(20_000);
    expect(requests.length).toBeLessThanOrEqual(50 - MAX_SHELVING_GAMES);
    // Every count moved once: her new games, her replaced shelf, her untouched list.
    expect(await db.get(`users/${EVE}/public/shelves`)).toEqual({ want: 0, played: MAX_SHELVING_GAMES });
    expect(await db.get(`users/${EVE}/private/gamelist/${BIG[0] ?? ''}`)).toEqual({
      status: 'played',
      score: 8,
      timestamp: expect.any(Number) as number,
    });
    expect(await db.get(`users/${EVE}/private/gamelist/owned-19999`)).toEqual(entries['owned-19999']);
    expect(await db.get(`users/${EVE}/private/gamelist/owned-00000`)).toEqual(entries['owned-00000']);
  }, 60_000);

  it('brings 500 games in with 50 requests, each within the Worker’s 50 subrequests', async () => {
    const realFetch = globalThis.fetch.bind(globalThis);
    const database: number[] = [];
    let current = 0;
    // Counts what reaches the database (the Worker's subrequests), each call passed on as it is.
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      current++;
      return realFetch(input, init);
    });
    const started = performance.now();
    for (let start = 0; start < BIG.length; start += MAX_SHELVING_GAMES) {
      current = 0;
      const games = BIG.slice(start, start + MAX_SHELVING_GAMES).map((gameId, n) => ({
        gameId,
        shelf: (['want', 'playing', 'played', 'dropped'] as const)[(start + n) % 4],
        score: ((start + n) % 10) + 1,
      }));
      expect(
        (await shelved(ANA, { overwrite: false, games })).every(({ outcome }) => outcome === 'changed'),
      ).toBe(true);
      database.push(current);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `500 games: ${String(database.length)} requests, ${String(database.reduce((a, b) => a + b, 0))} database requests (at most ${String(Math.max(...database))} a request), ${seconds.toFixed(1)} s`,
    );
    expect(database).toHaveLength(BIG.length / MAX_SHELVING_GAMES);
    // Each game's page drop (the Cache API) is a subrequest too.
    expect(Math.max(...database)).toBeLessThanOrEqual(50 - MAX_SHELVING_GAMES);
    expect(await db.get(`users/${ANA}/public/shelves`)).toEqual({
      played: 128,
      want: 126,
      playing: 125,
      dropped: 125,
    });
    expect(await counts(BIG[499] ?? '')).toEqual({
      shelves: { dropped: 1 },
      ratings: { count: 1, sum: 10, s10: 1 },
    });
  }, 60_000);
});
