import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { TasteAnswer } from '../../shared/schemas/taste.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';
import { TASTE_RATINGS_READ } from './taste.ts';

// Taste in common in workerd against the database emulator: members rate games through the API, and one
// compares their ratings with another's; the other's scores never leave the Worker, and unknown members,
// oneself, blocked pairs and members with thousands of ratings get a clear, bounded answer.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const ANA = `ta-ana-${run}`;
const BEN = `ta-ben-${run}`;
const CLEO = `ta-cleo-${run}`;
const DAN = `ta-dan-${run}`;
const EVE = `ta-eve-${run}`; // thousands of ratings
const GHOST = `ta-ghost-${run}`; // no member
const MEMBERS = [ANA, BEN, CLEO, DAN, EVE];
const game = (n: number) => `taste-game-${String(n)}-${run}`;
const GAMES = Array.from({ length: 7 }, (_, n) => game(n));

const rate = async (uid: string, gameId: string, score: number) => {
  const answer = await call(`/api/games/${gameId}/rating`, { method: 'PUT', uid, json: { score } });
  expect(answer.status).toBe(200);
};
const taste = (uid: string | undefined, of: string) =>
  call(`/api/users/${of}/taste`, uid === undefined ? {} : { uid });

beforeAll(async () => {
  await db.patch('', {
    ...Object.fromEntries(
      MEMBERS.map((uid) => [`users/${uid}/public`, { uuid: uid, username: `u_${uid.slice(3, 6)}_${run}` }]),
    ),
    ...Object.fromEntries(
      GAMES.map((gameId, n) => [
        `games/${gameId}`,
        { name: `Taste Game ${String(n)}`, deeplink_url_code: gameId, follows: 0 },
      ]),
    ),
  });
  // Ana and Ben both rate games 0 to 5; game 6 is Ana's only. Differences: 0, 0, 1, 2, 5, 4.
  const ana = [10, 6, 9, 7, 8, 2, 10];
  const ben = [10, 6, 8, 5, 3, 6];
  for (const [n, score] of ana.entries()) await rate(ANA, game(n), score);
  for (const [n, score] of ben.entries()) await rate(BEN, game(n), score);
  // Cleo rated four of them only.
  for (const n of [0, 1, 2, 3]) await rate(CLEO, game(n), 7);
  // Dan rated the same six as Ben, and blocks Ana.
  for (const [n, score] of ben.entries()) await rate(DAN, game(n), score);
  const blocked = await call('/api/blocks', {
    method: 'POST',
    uid: DAN,
    json: { kind: 'users', ids: [ANA] },
  });
  expect(blocked.status).toBe(200);
}, 60_000);

describe('taste in common', () => {
  it('answers the agreement and the games both agree and disagree on, never the other member’s scores', async () => {
    const answer = await taste(ANA, BEN);
    expect(answer.status).toBe(200);
    const body = await answer.json<TasteAnswer>();
    // Mean difference (0 + 0 + 1 + 2 + 5 + 4) / 6 = 2 → 1 − 2/9 = 78 %.
    expect(body).toEqual({
      inCommon: 6,
      minimum: 5,
      agreement: 78,
      agreeing: [
        { gameId: game(0), name: 'Taste Game 0', yourScore: 10 },
        { gameId: game(1), name: 'Taste Game 1', yourScore: 6 },
        { gameId: game(2), name: 'Taste Game 2', yourScore: 9 },
      ],
      disagreeing: [
        { gameId: game(4), name: 'Taste Game 4', yourScore: 8 },
        { gameId: game(5), name: 'Taste Game 5', yourScore: 2 },
      ],
      ratingsAsOf: expect.any(Number) as number,
    });
    // Ben's 3 and 6 are nowhere in the answer: only the caller's own scores are.
    expect(JSON.stringify(body)).not.toMatch(/"(theirs|score)"/);
    // The same comparison from Ben's side names Ben's own scores.
    const back = await (await taste(BEN, ANA)).json<TasteAnswer>();
    expect(back.agreement).toBe(78);
    expect(back.disagreeing.map((g) => g.yourScore)).toEqual([3, 6]);
  });

  it('says how many games are in common and shows no agreement below five', async () => {
    const answer = await taste(CLEO, ANA);
    expect(answer.status).toBe(200);
    expect(await answer.json<TasteAnswer>()).toEqual({
      inCommon: 4,
      minimum: 5,
      agreement: null,
      agreeing: [],
      disagreeing: [],
      ratingsAsOf: expect.any(Number) as number,
    });
  });

  it('is for members only', async () => {
    const answer = await taste(undefined, BEN);
    expect(answer.status).toBe(401);
    expect((await answer.json<ApiErrorBody>()).error.code).toBe('unauthenticated');
  });

  it('tells a member comparing with themself that it compares them with someone else', async () => {
    const answer = await taste(ANA, ANA);
    expect(answer.status).toBe(400);
    expect(await answer.json<ApiErrorBody>()).toEqual({
      error: {
        code: 'invalid-input',
        message: 'That is you: taste in common compares your ratings with another member’s.',
      },
    });
  });

  it('answers not found for no member and for a hostile uid', async () => {
    const none = await taste(ANA, GHOST);
    expect(none.status).toBe(404);
    expect((await none.json<ApiErrorBody>()).error).toEqual({
      code: 'not-found',
      message: 'No such member.',
    });
    for (const uid of ['..%2F..%2Fusers', 'a.b', 'x'.repeat(129), '%24key']) {
      const hostile = await taste(ANA, uid);
      expect(hostile.status, uid).toBe(400);
      const body = await hostile.text();
      expect(body, uid).toContain('invalid-input');
      expect(body, uid).not.toMatch(/localhost|firebaseio|at .*\(/);
    }
  });

  it('gives a blocked pair nothing, either way, in the words of a member that does not exist', async () => {
    for (const [who, of] of [
      [ANA, DAN],
      [DAN, ANA],
    ] as const) {
      const answer = await taste(who, of);
      expect(answer.status).toBe(404);
      expect((await answer.json<ApiErrorBody>()).error).toEqual({
        code: 'not-found',
        message: 'No such member.',
      });
    }
    // Dan and Ben, who blocked nobody, compare as usual.
    expect((await (await taste(DAN, BEN)).json<TasteAnswer>()).agreement).toBe(100);
  });

  it('compares a member with thousands of ratings over their newest ones only', async () => {
    // Eve rated 3,000 games: the 5 Ana rated too among her oldest, 5 more among her newest.
    const total = 3000;
    const entries: Record<string, unknown> = {};
    for (let n = 0; n < total; n++)
      entries[`users/${EVE}/private/gamelist/eve-${String(n)}`] = {
        status: 'played',
        timestamp: 1_000_000 + n,
        score: 5,
      };
    for (let n = 0; n < 5; n++) {
      entries[`users/${EVE}/private/gamelist/eve-${String(n)}`] = {
        status: 'played',
        timestamp: 1_000_000 + n,
        score: 4,
      };
      entries[`users/${EVE}/private/gamelist/eve-${String(total - 1 - n)}`] = {
        status: 'played',
        timestamp: 1_000_000 + total - 1 - n,
        score: 9,
      };
      entries[`users/${CLEO}/private/gamelist/eve-${String(n)}`] = {
        status: 'played',
        timestamp: 2_000_000 + n,
        score: 4,
      };
      entries[`users/${CLEO}/private/gamelist/eve-${String(total - 1 - n)}`] = {
        status: 'played',
        timestamp: 2_000_000 + n,
        score: 9,
      };
    }
    await db.patch('', entries);
    expect(TASTE_RATINGS_READ).toBeLessThan(total - 5);
    const answer = await taste(CLEO, EVE);
    expect(answer.status).toBe(200);
    const body = await answer.json<TasteAnswer>();
    // Only the newest five count (the oldest are past the read): all equal, so 100 %.
    expect(body.inCommon).toBe(5);
    expect(body.agreement).toBe(100);
    // Games that are gone are named by id only.
    expect(body.agreeing[0]).toEqual({ gameId: `eve-${String(total - 5)}`, yourScore: 9 });
  }, 30_000);
});
