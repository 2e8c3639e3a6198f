import { beforeAll, describe, expect, it } from 'vitest';
import { TASTE_BASIS_HOLD_MS, tasteBasisPath } from '../../shared/catalogue/taste-basis.ts';
import type { TasteAnswer } from '../../shared/schemas/taste.ts';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';

// A member probing another's private scores through taste in common, in workerd against the database
// emulator: re-rating one game 1 to 10 (or clearing it, or rating more games) and asking after each. The
// caller's scores are compared as held for a day (shared/catalogue/taste-basis.ts), so every probe within
// the day answers the same; the clock is the app's, moved by the test.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
// From a whole minute near the real time; the members' ID tokens are made at the app's time, so they stay
// valid as the test moves it on by a day.
let now = Math.ceil(Date.now() / 60_000) * 60_000;
const call = apiCaller(env, createApp({ clock: () => now }));

const run = runTag();
const PROBER = `tb-prober-${run}`;
const TARGET = `tb-target-${run}`;
const NEWCOMER = `tb-new-${run}`;
const game = (n: number) => `taste-basis-game-${String(n)}-${run}`;
const GAMES = Array.from({ length: 7 }, (_, n) => game(n));
/** The target's private scores of games 0 to 5. */
const TARGET_SCORES = [3, 8, 6, 9, 2, 7];

const tokenOf = (uid: string) =>
  unsignedEmulatorToken(uid, { firebase: { sign_in_provider: 'password', identities: {} } }, now);

const rate = async (uid: string, gameId: string, score: number | null) => {
  const answer = await call(
    `/api/games/${gameId}/rating`,
    score === null
      ? { method: 'DELETE', token: tokenOf(uid) }
      : { method: 'PUT', token: tokenOf(uid), json: { score } },
  );
  expect(answer.status).toBe(200);
};
const taste = async (uid: string, of: string) => {
  const answer = await call(`/api/users/${of}/taste`, { token: tokenOf(uid) });
  expect(answer.status).toBe(200);
  return answer.json<TasteAnswer>();
};

beforeAll(async () => {
  await db.patch('', {
    ...Object.fromEntries(
      [PROBER, TARGET, NEWCOMER].map((uid) => [
        `users/${uid}/public`,
        { uuid: uid, username: `u_${uid.slice(3, 8)}_${run}` },
      ]),
    ),
    ...Object.fromEntries(
      GAMES.map((gameId, n) => [
        `games/${gameId}`,
        { name: `Basis Game ${String(n)}`, deeplink_url_code: gameId, follows: 0 },
      ]),
    ),
  });
  for (const [n, score] of TARGET_SCORES.entries()) await rate(TARGET, game(n), score);
  // The prober gives games 0 to 4 a 5 each: differences 2, 3, 1, 4, 3.
  for (const n of [0, 1, 2, 3, 4]) await rate(PROBER, game(n), 5);
}, 60_000);

describe('taste in common against a member probing scores', () => {
  it('answers the same to every re-rating, clearing and new rating within the day, then compares the new scores', async () => {
    const first = await taste(PROBER, TARGET);
    // Mean difference 13 / 5 = 2.6 → 1 − 2.6/9 = 71 %.
    expect(first.agreement).toBe(71);
    expect(first.inCommon).toBe(5);
    const takenAt = now;

    // The probe: game 0 scored 1, 2, … 10, asking after each. Compared live, the answer peaks where the
    // prober's score meets the target's 3 (76 %, against 71 % at 1 and 60 % at 10).
    const answers: TasteAnswer[] = [];
    for (let score = 1; score <= 10; score++) {
      now += 60_000;
      await rate(PROBER, game(0), score);
      answers.push(await taste(PROBER, TARGET));
    }
    expect(answers.map((answer) => answer.agreement)).toEqual(Array.from({ length: 10 }, () => 71));
    for (const answer of answers) expect(answer).toEqual(first);
    expect(first.ratingsAsOf).toBe(takenAt);

    // Clearing a score, or rating a sixth game the target rated, moves nothing either.
    await rate(PROBER, game(1), null);
    await rate(PROBER, game(5), 7);
    now += TASTE_BASIS_HOLD_MS - 10 * 60_000 - 1;
    const lastOfDay = await taste(PROBER, TARGET);
    expect(lastOfDay).toEqual(first);

    // A day after the copy, the scores as they are now are compared (game 0 at 10, game 1 cleared, game 5
    // added): differences 7, 1, 4, 3, 0 → 1 − 3/9 = 67 %, held again from now.
    now += 1;
    const nextDay = await taste(PROBER, TARGET);
    expect(nextDay.inCommon).toBe(5);
    expect(nextDay.agreement).toBe(67);
    expect(nextDay.ratingsAsOf).toBe(now);
  });

  it('counts a newcomer’s first ratings at once: an answer with no agreement holds nothing', async () => {
    for (const n of [0, 1, 2, 3]) await rate(NEWCOMER, game(n), TARGET_SCORES[n] ?? 0);
    const four = await taste(NEWCOMER, TARGET);
    expect(four).toMatchObject({ inCommon: 4, agreement: null });
    expect(await db.get(tasteBasisPath(NEWCOMER))).toBeNull();
    await rate(NEWCOMER, game(4), 2);
    const five = await taste(NEWCOMER, TARGET);
    expect(five).toMatchObject({ inCommon: 5, agreement: 100, ratingsAsOf: now });
  });

  it('compares a copy that is not a copy (damaged by hand) as none, and replaces it', async () => {
    await db.put(tasteBasisPath(PROBER), { takenAt: 'yesterday', scores: { [game(0)]: 99 } });
    const answer = await taste(PROBER, TARGET);
    expect(answer.agreement).toBe(67);
    expect(await db.get(`${tasteBasisPath(PROBER)}/takenAt`)).toBe(now);
  });
});
