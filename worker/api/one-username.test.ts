import { beforeAll, describe, expect, it } from 'vitest';
import { createGuestAccount } from '../../shared/accounts/account-sections.ts';
import { DEFAULT_FOLLOWED_ACCOUNT_UID } from '../../shared/auth/account-api.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';

// One account, one username (issue 21, point 4): registrations by one account racing with different
// names, through POST /api/accounts in workerd against the database emulator. Exactly one name is the
// account's; every other claim is released, free for another member to take.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());
const run = runTag().toLowerCase();

const tokenFor = (uid: string, email = `${uid}@example.com`) =>
  unsignedEmulatorToken(uid, { email, firebase: { sign_in_provider: 'password', identities: {} } });

/** Registers `username` for `token`, from an address of its own (sign-ups are limited per address). */
const register = (token: string, username: string, n: number) =>
  call('/api/accounts', {
    method: 'POST',
    token,
    address: `198.51.100.${String(n % 250)}`,
    json: { username },
  });

/** The `usernames/{name}` claims held by `uid`. */
async function claimsOf(uid: string): Promise<string[]> {
  const claims = ((await db.get('usernames')) ?? {}) as Record<string, unknown>;
  return Object.keys(claims).filter((name) => claims[name] === uid);
}

beforeAll(async () => {
  await db.patch('', {
    [`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public`]: {
      uuid: DEFAULT_FOLLOWED_ACCOUNT_UID,
      username: 'questline',
    },
  });
});

describe('one account registering many names at once', () => {
  for (const racers of [5, 20]) {
    it(`keeps exactly one of ${String(racers)} names and frees the others for other members`, async () => {
      const uid = `racer${String(racers)}${run}`;
      const token = tokenFor(uid);
      const names = Array.from({ length: racers }, (_, i) => `r${String(racers)}_${run}_${String(i)}`);
      const responses = await Promise.all(names.map((name, i) => register(token, name, i)));

      const won = responses.flatMap((response, i) => (response.status === 201 ? [names[i]] : []));
      expect(won).toHaveLength(1);
      const winner = won[0] ?? '';
      for (const response of responses.filter((r) => r.status !== 201)) {
        expect(response.status).toBe(409);
        expect((await response.json<ApiErrorBody>()).error).toEqual({
          code: 'already-registered',
          message: 'This account already has a username.',
        });
      }
      expect(await db.get(`users/${uid}/public/username`)).toBe(winner);
      expect(await db.get(`users_public/${uid}`)).toEqual({ username: winner });
      expect(await claimsOf(uid)).toEqual([winner.toLowerCase()]);
      // The account follows the default account once, whichever request won.
      expect(Object.keys((await db.get(`follows_history/${uid}`)) as object)).toEqual([
        `user:${DEFAULT_FOLLOWED_ACCOUNT_UID}`,
      ]);

      // Every name the account did not keep is free: another member takes it.
      const losers = names.filter((name) => name !== winner);
      for (const [i, name] of losers.entries()) {
        const other = `taker${String(racers)}x${String(i)}${run}`;
        const availability = await call(`/api/accounts/usernames/${name}`);
        expect(await availability.json<{ available: boolean }>()).toMatchObject({ available: true });
        expect((await register(tokenFor(other), name, 100 + i)).status, name).toBe(201);
        expect(await claimsOf(other)).toEqual([name.toLowerCase()]);
      }
      // And the winner's name is not.
      expect((await register(tokenFor(`late${String(racers)}${run}`), winner, 200)).status).toBe(409);
    });
  }

  it('answers every repeat of the same name as done, with one claim', async () => {
    const uid = `repeater${run}`;
    const token = tokenFor(uid);
    const name = `same_${run}`;
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => register(token, name, i)));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await db.get(`users/${uid}/public/username`)).toBe(name);
    expect(await claimsOf(uid)).toEqual([name]);
  });

  it('gives a guest becoming a member exactly one of the names it sent at once', async () => {
    const uid = `guestracer${run}`;
    await createGuestAccount(db, uid);
    const token = tokenFor(uid, `real.${uid}@example.com`);
    const names = Array.from({ length: 5 }, (_, i) => `g_${run}_${String(i)}`);
    const responses = await Promise.all(names.map((name, i) => register(token, name, i)));
    const won = responses.flatMap((response, i) => (response.status === 201 ? [names[i]] : []));
    expect(won).toHaveLength(1);
    expect(await db.get(`users/${uid}/public/username`)).toBe(won[0]);
    expect(await claimsOf(uid)).toEqual([won[0]]);
    // The guest's follow of the default account came with it, once.
    expect(await db.get(`follows_history/${uid}/user:${DEFAULT_FOLLOWED_ACCOUNT_UID}/disabled`)).toBe(false);
  });
});
