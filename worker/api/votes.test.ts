import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv } from '../test-support/test-database.ts';

// A member's one vote per type (GET and PUT /api/votes/{voteType}), in workerd against the database
// emulator: cast, changed, locked for good, and every refusal writing nothing.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const call = apiCaller(env, createApp());
const db = ownerDatabase(env);
const run = Math.random().toString(36).slice(2, 8);
const VOTER = `voter${run}`;
const OTHER = `other${run}`;
const TYPE = `goty${run}`;

beforeAll(async () => {
  const member = (uid: string) => ({
    [`users/${uid}/public`]: { uuid: uid, username: `${uid}_name`, follows: 0 },
    [`users_public/${uid}`]: { username: `${uid}_name` },
  });
  await db.patch('', { ...member(VOTER), ...member(OTHER) });
});

const vote = (uid: string, body: unknown, type = TYPE) =>
  call(`/api/votes/${type}`, { method: 'PUT', uid, json: body });

describe('a member’s vote of a type', () => {
  it('is null until cast, then the one vote, changed in place until the member locks it', async () => {
    const none = await call(`/api/votes/${TYPE}`, { uid: VOTER });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ vote: null });

    const cast = await vote(VOTER, { targetId: 'hades' });
    expect(cast.status).toBe(200);
    expect(await cast.json()).toMatchObject({
      vote: { type: TYPE, targetUUID: 'hades', userUUID: VOTER, locked: false },
    });
    expect(await vote(VOTER, { targetId: 'balatro', lock: true }).then((r) => r.status)).toBe(200);

    const locked = await vote(VOTER, { targetId: 'hades' });
    expect(locked.status).toBe(409);
    expect(await locked.json()).toEqual({
      error: { code: 'vote-locked', message: 'This vote is locked and cannot change.' },
    });
    expect(await (await call(`/api/votes/${TYPE}`, { uid: VOTER })).json()).toMatchObject({
      vote: { targetUUID: 'balatro', locked: true },
    });
  });

  it('is the caller’s own: another member reads and casts only theirs', async () => {
    expect(await (await call(`/api/votes/${TYPE}`, { uid: OTHER })).json()).toEqual({ vote: null });
    // A userUUID in the body is not a field of the request: the vote is the caller's whatever it says.
    const cast = await vote(OTHER, { targetId: 'celeste', userUUID: VOTER });
    expect(await cast.json()).toMatchObject({ vote: { userUUID: OTHER, targetUUID: 'celeste' } });
    expect(await db.get(`votes/${TYPE}/${VOTER}/targetUUID`)).toBe('balatro');
  });

  it('refuses a signed-out caller with 401 before looking at what it sent', async () => {
    expect((await call(`/api/votes/${TYPE}`)).status).toBe(401);
    const response = await call(`/api/votes/not%20a%20type`, { method: 'PUT', json: { targetId: '' } });
    expect(response.status).toBe(401);
  });

  it('refuses a type or target that is no id, and a body that is not JSON, with 400, writing nothing', async () => {
    const fresh = `fresh${run}`;
    for (const [type, body] of [
      ['has.dot', { targetId: 'hades' }],
      [fresh, { targetId: 'a/b' }],
      [fresh, { targetId: 'hades', lock: 'yes' }],
      [fresh, {}],
    ] as const) {
      const response = await vote(VOTER, body, encodeURIComponent(type));
      expect(response.status, `${type} ${JSON.stringify(body)}`).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid-input' } });
    }
    const plain = await call(`/api/votes/${fresh}`, { method: 'PUT', uid: VOTER });
    expect(plain.status).toBe(400);
    expect(await db.get(`votes/${fresh}`)).toBeNull();
  });
});
