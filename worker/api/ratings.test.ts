import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { RatingState } from '../../shared/schemas/rating.ts';
import type { ShelfState } from '../../shared/schemas/shelf.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';

// Ratings in workerd against the database emulator: one score per member and game, the game's count,
// sum and distribution exact however members repeat, change, clear, race or word the request; a first
// score of an unshelved game puts it on "played", and shelf changes keep the score.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const ANA = `ra-ana-${run}`;
const BEN = `ra-ben-${run}`;
const CLEO = `ra-cleo-${run}`;
const DAN = `ra-dan-${run}`;
const GHOST = `ra-ghost-${run}`; // signed in at the provider, never signed up here
const GAME = `rated-game-${run}`;
const RACED = `raced-game-${run}`;
const MEMBERS = [ANA, BEN, CLEO, DAN];

const rate = (uid: string, score: unknown, game = GAME) =>
  call(`/api/games/${game}/rating`, { method: 'PUT', uid, json: { score } });
const summary = async (game = GAME) => (await db.get(`games/${game}/ratings`)) ?? {};
const entry = (uid: string, game = GAME) => db.get(`users/${uid}/private/gamelist/${game}`);

beforeAll(async () => {
  await db.patch('', {
    ...Object.fromEntries(
      MEMBERS.map((uid) => [
        `users/${uid}/public`,
        { uuid: uid, username: `u_${uid.slice(3, 7)}_${run}`, follows: 0 },
      ]),
    ),
    [`games/${GAME}`]: { name: 'Rated Game', deeplink_url_code: GAME, follows: 0 },
    [`games/${RACED}`]: { name: 'Raced Game', deeplink_url_code: RACED, follows: 0 },
  });
});

describe('rating a game', () => {
  it('rates, puts an unshelved game on played, changes, repeats nothing and clears, exact at each step', async () => {
    const first = await rate(ANA, 8);
    expect(first.status).toBe(200);
    expect(await first.json<RatingState>()).toEqual({
      score: 8,
      changed: true,
      status: 'played',
      ratings: { count: 1, sum: 8, distribution: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0] },
    });
    expect(await summary()).toEqual({ count: 1, sum: 8, s8: 1 });
    // Rated, so played: on the shelf, counted once, listed on the profile, in the same write.
    expect(await entry(ANA)).toMatchObject({ status: 'played', score: 8 });
    expect(await db.get(`games/${GAME}/shelves`)).toEqual({ played: 1 });
    expect(await db.get(`users/${ANA}/public/shelves`)).toEqual({ played: 1 });
    expect(await db.get(`shelves_by_userid/${ANA}/${GAME}`)).toMatchObject({
      status: 'played',
      name: 'Rated Game',
    });

    expect(await (await rate(ANA, 8)).json<RatingState>()).toMatchObject({ score: 8, changed: false });
    const changed = await rate(ANA, 3);
    expect(await changed.json<RatingState>()).toMatchObject({
      score: 3,
      changed: true,
      ratings: { count: 1, sum: 3, distribution: [0, 0, 1, 0, 0, 0, 0, 0, 0, 0] },
    });
    expect(await summary()).toEqual({ count: 1, sum: 3, s3: 1, s8: 0 });
    // A rated game already on a shelf stays where it is.
    expect(await db.get(`games/${GAME}/shelves`)).toEqual({ played: 1 });

    // Moving the game to another shelf keeps the score; the GET reads both.
    const moved = await call(`/api/games/${GAME}/status`, {
      method: 'PUT',
      uid: ANA,
      json: { status: 'want' },
    });
    expect(await moved.json<ShelfState>()).toMatchObject({ status: 'want', changed: true });
    const mine = await call(`/api/games/${GAME}/rating`, { uid: ANA });
    expect(await mine.json<RatingState>()).toMatchObject({ score: 3, status: 'want', changed: false });

    const cleared = await call(`/api/games/${GAME}/rating`, { method: 'DELETE', uid: ANA });
    expect(await cleared.json<RatingState>()).toEqual({
      score: null,
      changed: true,
      status: 'want',
      ratings: { count: 0, sum: 0, distribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
    });
    const again = await call(`/api/games/${GAME}/rating`, { method: 'DELETE', uid: ANA });
    expect(await again.json<RatingState>()).toMatchObject({ score: null, changed: false });
    expect(await summary()).toEqual({ count: 0, sum: 0, s3: 0, s8: 0 });
    // Clearing the score leaves the shelf.
    expect(await entry(ANA)).toMatchObject({ status: 'want' });
  });

  it('keeps one score per member and the summary exact under a race of changes by four members', async () => {
    // Dan rated first, then everyone races: Ana switches scores 12 times, Ben repeats 9 four times,
    // Cleo rates then clears, Dan clears (his count must come off whatever the count read beside it).
    expect((await rate(DAN, 10, RACED)).status).toBe(200);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) => rate(ANA, (index % 10) + 1, RACED)),
      ...Array.from({ length: 4 }, () => rate(BEN, 9, RACED)),
      rate(CLEO, 2, RACED),
      call(`/api/games/${RACED}/rating`, { method: 'DELETE', uid: DAN }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    await call(`/api/games/${RACED}/rating`, { method: 'DELETE', uid: CLEO });
    const anaScore = ((await entry(ANA, RACED)) as { score: number }).score;
    const stored = (await summary(RACED)) as Record<string, number>;
    expect(stored.count).toBe(2);
    expect(stored.sum).toBe(anaScore + 9);
    const byScore = Object.entries(stored).filter(([key, count]) => /^s\d+$/.test(key) && count !== 0);
    expect(Object.fromEntries(byScore)).toEqual(
      anaScore === 9 ? { s9: 2 } : { [`s${String(anaScore)}`]: 1, s9: 1 },
    );
    // Each rater's game is on "played" once (Dan's and Cleo's too: clearing a score leaves the shelf).
    expect(await db.get(`games/${RACED}/shelves`)).toEqual({ played: 4 });
  });

  it('refuses what a hostile member sends, writing nothing', async () => {
    const before = await summary();
    const refused = [
      await call(`/api/games/${GAME}/rating`, { method: 'PUT', uid: BEN, json: { score: 7, uid: ANA } }),
      await rate(BEN, 11),
      await rate(BEN, 0),
      await rate(BEN, 7.5),
      await rate(BEN, '10'),
      await rate(BEN, null),
      await call(`/api/games/${GAME}/rating`, { method: 'PUT', uid: BEN, json: {} }),
      await call(`/api/games/..%2F..%2Fusers/rating`, { method: 'PUT', uid: BEN, json: { score: 5 } }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      const body = await answer.json<ApiErrorBody>();
      expect(body.error.code).toBe('invalid-input');
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    expect(await summary()).toEqual(before);
    expect(await entry(BEN)).toBeNull();

    const missing = await rate(BEN, 5, `no-such-game-${run}`);
    expect(missing.status).toBe(404);
    expect((await missing.json<ApiErrorBody>()).error.code).toBe('not-found');
    expect(await db.get(`games/no-such-game-${run}`)).toBeNull();
    expect(await entry(BEN, `no-such-game-${run}`)).toBeNull();

    const signedOut = await call(`/api/games/${GAME}/rating`, { method: 'PUT', json: { score: 5 } });
    expect(signedOut.status).toBe(401);
    const ghost = await rate(GHOST, 5);
    expect(ghost.status).toBe(403);
    expect((await ghost.json<ApiErrorBody>()).error.code).toBe('not-a-member');
    expect(await db.get(`users/${GHOST}`)).toBeNull();
    expect(await summary()).toEqual(before);
  });
});
