import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';

// Following a member who blocked you, in workerd against the database emulator: refused with 403 and
// nothing written, however the blocked member words or repeats the request; unfollowing stays open.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const ANA = `fb-ana-${run}`;
const BEN = `fb-ben-${run}`;
const CLEO = `fb-cleo-${run}`;

/** Everything the database holds but the analytics log (a refused follow is logged as one that failed). */
async function socialState(): Promise<unknown> {
  const everything = ((await db.get('')) ?? {}) as Record<string, unknown>;
  delete everything.logs;
  return everything;
}

const block = (owner: string, other: string, method = 'POST') =>
  call('/api/blocks', { method, uid: owner, json: { kind: 'users', ids: [other] } });

beforeAll(async () => {
  await db.patch('', {
    [`users/${ANA}/public`]: { uuid: ANA, username: `ana_${run}`, follows: 0 },
    [`users/${BEN}/public`]: { uuid: BEN, username: `ben_${run}`, follows: 0 },
    [`users/${CLEO}/public`]: { uuid: CLEO, username: `cleo_${run}`, follows: 0 },
  });
});

describe('following a member who blocked you', () => {
  it('ends a follow made before the block, and refuses following again with 403, writing nothing', async () => {
    expect((await call(`/api/follows/user/${ANA}`, { method: 'PUT', uid: BEN })).status).toBe(200);
    expect(await db.get(`users/${ANA}/public/follows`)).toBe(1);
    expect(await db.get(`notifications/${ANA}`)).not.toBeNull();

    expect((await block(ANA, BEN)).status).toBe(200);
    // The block itself ended Ben's follow, and with it Ana's "followed you".
    expect(await db.get(`users/${ANA}/public/follows`)).toBe(0);
    expect(await db.get(`follows_by_targetid/user:${ANA}/${BEN}`)).toBeNull();
    expect(await db.get(`notifications/${ANA}`)).toBeNull();

    const before = await socialState();
    // Ben tries again, and again: each time the same clear refusal.
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await call(`/api/follows/user/${ANA}`, { method: 'PUT', uid: BEN });
      expect(refused.status).toBe(403);
      expect((await refused.json<ApiErrorBody>()).error).toEqual({
        code: 'forbidden',
        message: 'You cannot follow this member.',
      });
    }
    expect(await socialState()).toEqual(before);
    expect(
      await (await call(`/api/follows/user/${ANA}`, { uid: BEN })).json<{ following: boolean }>(),
    ).toMatchObject({ following: false, followers: 0 });
    // Ana is told nothing.
    const told = await call('/api/notifications', { uid: ANA });
    expect((await told.json<{ notifications: unknown[] }>()).notifications).toEqual([]);
  });

  it('refuses Ana’s uid named as another kind of target too, so no side door writes a follow', async () => {
    const before = await socialState();
    for (const type of ['game', 'event', 'list']) {
      const response = await call(`/api/follows/${type}/${ANA}`, { method: 'PUT', uid: BEN });
      expect(response.status).toBe(404);
    }
    expect(await socialState()).toEqual(before);
  });

  it('still lets the blocked member unfollow, and follow anyone else', async () => {
    const unfollow = await call(`/api/follows/user/${ANA}`, { method: 'DELETE', uid: BEN });
    expect(unfollow.status).toBe(200);
    expect(await unfollow.json()).toMatchObject({ changed: false, following: false, followers: 0 });
    // Only the member who blocked him is out of reach.
    const other = await call(`/api/follows/user/${CLEO}`, { method: 'PUT', uid: BEN });
    expect(await other.json()).toMatchObject({ changed: true, following: true, followers: 1 });
    // Another member may follow Ana as before.
    expect((await call(`/api/follows/user/${ANA}`, { method: 'PUT', uid: CLEO })).status).toBe(200);
    expect(await db.get(`users/${ANA}/public/follows`)).toBe(1);
  });

  it('lets the member follow again once the block is taken back', async () => {
    expect((await block(ANA, BEN, 'DELETE')).status).toBe(200);
    const follow = await call(`/api/follows/user/${ANA}`, { method: 'PUT', uid: BEN });
    expect(await follow.json()).toMatchObject({ changed: true, following: true, followers: 2 });
  });
});
