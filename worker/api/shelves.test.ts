import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { ShelfState } from '../../shared/schemas/shelf.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';

// Shelves in workerd against the database emulator: one shelf per member and game, the game's counts
// exact however a member repeats, switches, races or words the request, and a member's shelves listed
// newest first for anyone.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const ANA = `sh-ana-${run}`;
const BEN = `sh-ben-${run}`;
const CLEO = `sh-cleo-${run}`;
const GHOST = `sh-ghost-${run}`; // signed in at the provider, never signed up here
const GAME = `shelf-game-${run}`;
const OTHER_GAMES = Array.from({ length: 30 }, (_, index) => `shelf-more-${String(index)}-${run}`);

const shelve = (uid: string, status: unknown, game = GAME) =>
  call(`/api/games/${game}/status`, { method: 'PUT', uid, json: { status } });
const counts = async (game = GAME) => (await db.get(`games/${game}/shelves`)) ?? {};

beforeAll(async () => {
  await db.patch('', {
    [`users/${ANA}/public`]: { uuid: ANA, username: `ana_${run}`, follows: 0 },
    [`users/${BEN}/public`]: { uuid: BEN, username: `ben_${run}`, follows: 0 },
    [`users/${CLEO}/public`]: { uuid: CLEO, username: `cleo_${run}`, follows: 0 },
    [`games/${GAME}`]: { name: 'Shelf Game', deeplink_url_code: GAME, follows: 0 },
    ...Object.fromEntries(
      OTHER_GAMES.map((id, index) => [
        `games/${id}`,
        { name: `More ${String(index)}`, deeplink_url_code: id },
      ]),
    ),
  });
});

describe('putting a game on a shelf', () => {
  it('puts it on one shelf, moves it, repeats nothing and takes it off, the counts exact at each step', async () => {
    const put = await shelve(ANA, 'played');
    expect(put.status).toBe(200);
    expect(await put.json<ShelfState>()).toEqual({
      status: 'played',
      changed: true,
      counts: { want: 0, playing: 0, played: 1, dropped: 0 },
    });
    expect(await counts()).toEqual({ played: 1 });

    const again = await shelve(ANA, 'played');
    expect(await again.json<ShelfState>()).toMatchObject({ status: 'played', changed: false });
    expect(await counts()).toEqual({ played: 1 });

    const moved = await shelve(ANA, 'playing');
    expect(await moved.json<ShelfState>()).toEqual({
      status: 'playing',
      changed: true,
      counts: { want: 0, playing: 1, played: 0, dropped: 0 },
    });
    expect(await counts()).toEqual({ played: 0, playing: 1 });

    const mine = await call(`/api/games/${GAME}/status`, { uid: ANA });
    expect(await mine.json<ShelfState>()).toMatchObject({ status: 'playing', counts: { playing: 1 } });

    const off = await call(`/api/games/${GAME}/status`, { method: 'DELETE', uid: ANA });
    expect(await off.json<ShelfState>()).toEqual({
      status: null,
      changed: true,
      counts: { want: 0, playing: 0, played: 0, dropped: 0 },
    });
    const offAgain = await call(`/api/games/${GAME}/status`, { method: 'DELETE', uid: ANA });
    expect(await offAgain.json<ShelfState>()).toMatchObject({ status: null, changed: false });
    expect(await counts()).toEqual({ played: 0, playing: 0 });
    expect(await db.get(`shelves_by_userid/${ANA}/${GAME}`)).toBeNull();
  });

  it('keeps one shelf per member under a race of switches, and counts each member once', async () => {
    const statuses = ['want', 'playing', 'played', 'dropped'];
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) => shelve(ANA, statuses[index % 4])),
      ...Array.from({ length: 4 }, () => shelve(BEN, 'want')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const stored = (await counts()) as Record<string, number>;
    const total = Object.values(stored).reduce((sum, count) => sum + count, 0);
    expect(total).toBe(2);
    const anaShelf = ((await db.get(`users/${ANA}/private/gamelist/${GAME}`)) as { status: string }).status;
    expect(stored[anaShelf]).toBe(anaShelf === 'want' ? 2 : 1);
    expect(((await db.get(`shelves_by_userid/${ANA}/${GAME}`)) as { status: string }).status).toBe(anaShelf);
    // Each member's own counts (their profile's) hold this game once, on the shelf it is on.
    const anaCounts = (await db.get(`users/${ANA}/public/shelves`)) as Record<string, number>;
    expect(Object.entries(anaCounts).filter(([, count]) => count !== 0)).toEqual([[anaShelf, 1]]);
    expect(await db.get(`users/${BEN}/public/shelves`)).toEqual({ want: 1 });
  });

  it('refuses what a hostile member sends, writing nothing', async () => {
    // Another member's id in the body, a shelf that does not exist, no body at all.
    const refused = [
      await shelve(BEN, 'played').then(() =>
        call(`/api/games/${GAME}/status`, {
          method: 'PUT',
          uid: BEN,
          json: { status: 'dropped', uid: ANA },
        }),
      ),
      await shelve(BEN, 'favourite'),
      await call(`/api/games/${GAME}/status`, { method: 'PUT', uid: BEN, json: {} }),
      await call(`/api/games/..%2F..%2Fusers/status`, {
        method: 'PUT',
        uid: BEN,
        json: { status: 'played' },
      }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect((await answer.json<ApiErrorBody>()).error.code).toBe('invalid-input');
    }
    // (The first shelve above moved Ben to `played`; the refused ones moved nothing after it.)
    expect(((await db.get(`shelves_by_userid/${BEN}/${GAME}`)) as { status: string }).status).toBe('played');

    const missing = await shelve(BEN, 'played', `no-such-game-${run}`);
    expect(missing.status).toBe(404);
    expect(await db.get(`games/no-such-game-${run}`)).toBeNull();

    const signedOut = await call(`/api/games/${GAME}/status`, { method: 'PUT', json: { status: 'played' } });
    expect(signedOut.status).toBe(401);
    const ghost = await shelve(GHOST, 'played');
    expect(ghost.status).toBe(403);
    expect((await ghost.json<ApiErrorBody>()).error.code).toBe('not-a-member');
    expect(await db.get(`users/${GHOST}`)).toBeNull();
  });
});

describe('a member’s shelves', () => {
  it('are listed for anyone newest first, a page at a time, or one shelf', async () => {
    for (const [index, id] of OTHER_GAMES.entries()) {
      expect((await shelve(CLEO, index % 2 === 0 ? 'played' : 'want', id)).status).toBe(200);
    }
    type Page = { games: { gameId: string; status: string; name?: string }[]; nextCursor: string | null };
    const first = await (await call(`/api/shelves/users/${CLEO}`)).json<Page>();
    expect(first.games).toHaveLength(24);
    expect(first.games[0]?.gameId).toBe(OTHER_GAMES.at(-1));
    expect(first.nextCursor).not.toBeNull();
    const second = await (
      await call(`/api/shelves/users/${CLEO}?cursor=${encodeURIComponent(first.nextCursor ?? '')}`)
    ).json<Page>();
    const listed = [...first.games, ...second.games].map((game) => game.gameId);
    // Every shelved game once, newest first across the two pages.
    expect(listed).toEqual([...OTHER_GAMES].reverse());
    expect(second.nextCursor).toBeNull();
    // Each with the game's name, so that a profile lists them without reading every game.
    expect(first.games[0]).toMatchObject({ name: 'More 29' });
    // And the member's counts: 15 played, 15 want, whatever the pages.
    expect(await db.get(`users/${CLEO}/public/shelves`)).toEqual({ played: 15, want: 15 });

    const played = await (await call(`/api/shelves/users/${CLEO}?status=played`)).json<Page>();
    expect(played.games.every((game) => game.status === 'played')).toBe(true);
    expect(played.games.map((game) => game.gameId)).toEqual(
      OTHER_GAMES.filter((_, index) => index % 2 === 0).reverse(),
    );
  });

  it('refuses a cursor that is not one of the pages’ own, rather than list games of other shelves', async () => {
    // Cleo's games are on Played and Want to play. Another shelf's cursor widened "only Played" to
    // everything from `played~` to `want~…`, her want-to-play games with it; a made-up one read as 0.
    for (const query of [
      'status=played&cursor=want~9999999999999',
      'status=want&cursor=played~0000000000001',
      'status=played&cursor=9999999999999',
      'cursor=want~9999999999999',
      'cursor=abc',
      'cursor=-1',
    ]) {
      const answer = await call(`/api/shelves/users/${CLEO}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(await answer.json<ApiErrorBody>(), query).toEqual({
        error: {
          code: 'invalid-input',
          message: 'Some fields are not valid.',
          fields: { cursor: 'Not a valid cursor.' },
        },
      });
    }
    // The pages' own cursors still page on.
    const page = await call(`/api/shelves/users/${CLEO}?status=want&cursor=want~9999999999999`);
    expect(page.status).toBe(200);
    expect(
      (await page.json<{ games: { status: string }[] }>()).games.every((game) => game.status === 'want'),
    ).toBe(true);
  });
});

describe('the caller’s shelves for a page’s games', () => {
  const DANA = `sh-dana-${run}`;
  const ERIN = `sh-erin-${run}`;
  const [first, second, third] = OTHER_GAMES.slice(0, 3).map((id) => id);
  const mine = (uid: string | undefined, ids: string) =>
    call(`/api/shelves/mine?ids=${ids}`, uid === undefined ? {} : { uid });

  it('answers each game’s shelf in one request, leaving out games on no shelf and games that do not exist', async () => {
    await db.patch('', {
      [`users/${DANA}/public`]: { uuid: DANA, username: `dana_${run}`, follows: 0 },
      [`users/${ERIN}/public`]: { uuid: ERIN, username: `erin_${run}`, follows: 0 },
    });
    expect((await shelve(DANA, 'playing', first)).status).toBe(200);
    expect((await shelve(DANA, 'dropped', second)).status).toBe(200);
    // Taken off again: no shelf any more, though the entry stays as the pair's gate.
    expect((await shelve(DANA, 'want', third)).status).toBe(200);
    expect((await call(`/api/games/${third ?? ''}/status`, { method: 'DELETE', uid: DANA })).status).toBe(
      200,
    );

    const answer = await mine(DANA, [first, second, third, `no-such-game-${run}`, first].join(','));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ shelves: { [first ?? '']: 'playing', [second ?? '']: 'dropped' } });

    // Another member asking about the same games sees their own shelves (none), never Dana's, whatever
    // uid they add to the query.
    const other = await mine(ERIN, `${first ?? ''},${second ?? ''}&uid=${DANA}`);
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ shelves: {} });
  });

  it('refuses thousands of games, none, ids that are no ids, and callers who are not signed in', async () => {
    const thousands = Array.from({ length: 5000 }, (_, index) => `g${String(index)}`).join(',');
    const fiftyOne = Array.from({ length: 51 }, (_, index) => `g${String(index)}`).join(',');
    for (const ids of [thousands, fiftyOne, '', ',,,', '..%2F..%2Fusers', `${first ?? ''},a.b`]) {
      const answer = await mine(DANA, ids);
      expect(answer.status, ids.slice(0, 40)).toBe(400);
      const body = await answer.json<ApiErrorBody>();
      expect(body.error.code).toBe('invalid-input');
      expect(body.error.message).not.toMatch(/firebase|localhost|at .*\.ts/i);
    }
    const fifty = Array.from({ length: 50 }, (_, index) => `g${String(index)}`).join(',');
    expect((await mine(DANA, fifty)).status).toBe(200);
    const signedOut = await mine(undefined, first ?? '');
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json<ApiErrorBody>()).error.code).toBe('unauthenticated');
  });
});
