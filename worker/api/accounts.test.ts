import { describe, expect, it } from 'vitest';
import type { CurrentUserRecord } from '../../shared/auth/account-api.ts';
import { DEFAULT_FOLLOWED_ACCOUNT_UID } from '../../shared/auth/account-api.ts';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { ownerDatabase, testEnv } from '../test-support/test-database.ts';

// Against the database emulator, with the Auth emulator's kind of tokens (the Worker is configured for
// the emulators here, as locally).
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();

function tokenFor(uid: string, email = `${uid}@example.com`): string {
  return unsignedEmulatorToken(uid, { email, firebase: { sign_in_provider: 'password', identities: {} } });
}

async function call(
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  return await app.request(
    `http://questline.test${path}`,
    {
      ...init,
      headers,
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json), method: init.method ?? 'POST' }),
    },
    env,
  );
}

describe('GET /api/me', () => {
  it('answers 401 without a token and for a garbage token', async () => {
    expect((await call('/api/me')).status).toBe(401);
    expect((await call('/api/me', { token: 'garbage' })).status).toBe(401);
  });

  it("answers 401 for the emulator's unsigned token when the Worker is not configured for the emulators", async () => {
    const response = await createApp().request(
      'http://questline.test/api/me',
      { headers: { Authorization: `Bearer ${tokenFor('u1')}` } },
      {
        ...env,
        FIREBASE_EMULATORS: 'false',
      },
    );
    expect(response.status).toBe(401);
  });

  it('answers a signed-in user without a member record as not registered', async () => {
    const response = await call('/api/me', { token: tokenFor('fresh-user') });
    expect(response.status).toBe(200);
    const me = await response.json<CurrentUserRecord>();
    expect(me).toMatchObject({ uid: 'fresh-user', registered: false, guest: false, public: null });
  });
});

describe('sign-up (POST /api/accounts)', () => {
  it('creates every section at once, indexes the username and e-mail, and follows the default account', async () => {
    const token = tokenFor('newbie1', 'new.bie@example.com');
    const response = await call('/api/accounts', { token, json: { username: 'newbie_one' } });
    expect(response.status).toBe(201);
    const me = await response.json<CurrentUserRecord>();
    expect(me.registered).toBe(true);
    expect(me.public).toMatchObject({ uuid: 'newbie1', username: 'newbie_one', follows: 0 });
    expect(me.private).toMatchObject({ email: 'new.bie@example.com', isOnboarded: false });
    expect(me.readOnly).toMatchObject({ isDeveloper: false });
    expect(typeof me.readOnly?.created).toBe('number');
    expect(me.readOnly?.modified).toBe(me.readOnly?.created);
    expect(await db.get('users/newbie1/admin')).toEqual({ auth: false, forceResetPassword: false });
    expect(await db.get('users_public/newbie1')).toEqual({ username: 'newbie_one' });
    expect(await db.get('emails-to-ids/new,bie@example,com')).toBe('newbie1');
    expect(await db.get(`follows_by_userid/newbie1/${DEFAULT_FOLLOWED_ACCOUNT_UID}`)).toMatchObject({
      type: 'user',
    });
    expect(await db.get(`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public/follows`)).toBe(1);

    // GET /api/me now answers the same record.
    const again = await (await call('/api/me', { token })).json<CurrentUserRecord>();
    expect(again.public).toEqual(me.public);
  });

  it('refuses a username a public user already has, with the catalogue’s words', async () => {
    await db.patch('', { 'users_public/seeded-member': { username: 'taken_name' } });
    const response = await call('/api/accounts', {
      token: tokenFor('late1'),
      json: { username: 'taken_name' },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'username-in-use', message: 'Doh! That username is already in use.' },
    });
    expect(await db.get('users/late1')).toBeNull();
  });

  it('tells the sign-up form whether a username is free', async () => {
    await db.patch('', { 'users_public/seeded-member2': { username: 'someone' } });
    expect(await (await call('/api/accounts/usernames/someone')).json()).toEqual({
      username: 'someone',
      available: false,
    });
    expect(await (await call('/api/accounts/usernames/nobody_yet')).json()).toEqual({
      username: 'nobody_yet',
      available: true,
    });
    expect((await call('/api/accounts/usernames/no%20spaces')).status).toBe(400);
  });

  it('lets exactly one of many sign-ups racing for one username win', async () => {
    const racers = Array.from({ length: 8 }, (_, i) => `racer${String(i)}`);
    const responses = await Promise.all(
      racers.map((uid) => call('/api/accounts', { token: tokenFor(uid), json: { username: 'Contested' } })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const holders = (await db.get('users_public', { orderBy: 'username', equalTo: 'Contested' })) as Record<
      string,
      unknown
    >;
    expect(Object.keys(holders)).toHaveLength(1);
    // Case does not make a name different.
    expect(
      (await call('/api/accounts', { token: tokenFor('racer-late'), json: { username: 'contested' } }))
        .status,
    ).toBe(409);
  });

  it('is idempotent for the same user and name, and refuses a second name', async () => {
    const token = tokenFor('twice1');
    expect((await call('/api/accounts', { token, json: { username: 'twice_one' } })).status).toBe(201);
    expect((await call('/api/accounts', { token, json: { username: 'twice_one' } })).status).toBe(201);
    expect((await call('/api/accounts', { token, json: { username: 'twice_two' } })).status).toBe(409);
    expect(await db.get(`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public/follows`)).toBeGreaterThanOrEqual(1);
    expect(Object.keys((await db.get('follows_history/twice1')) as object)).toEqual([
      DEFAULT_FOLLOWED_ACCOUNT_UID,
    ]);
  });

  it('keeps what a guest did when it becomes a member', async () => {
    await db.patch('', {
      'users/guest42/private/follows/games/portal-2': 1700000000000,
      'users/guest42/private/likes/post-1': 1700000000001,
      'users/guest42/public/follows': 3,
      'users/guest42/readOnly': { created: 1600000000000, modified: 1600000000000, isDeveloper: false },
    });
    const response = await call('/api/accounts', {
      token: tokenFor('guest42', 'real@example.com'),
      json: { username: 'was_guest' },
    });
    expect(response.status).toBe(201);
    const me = await response.json<CurrentUserRecord>();
    expect(me.public).toMatchObject({ username: 'was_guest', follows: 3 });
    expect(me.private).toMatchObject({ email: 'real@example.com', likes: { 'post-1': 1700000000001 } });
    expect((me.private?.follows as { games: unknown }).games).toEqual({ 'portal-2': 1700000000000 });
    expect(me.readOnly?.created).toBe(1600000000000);
  });

  it('refuses invalid usernames and callers without a token', async () => {
    expect((await call('/api/accounts', { token: tokenFor('bad1'), json: { username: 'a b' } })).status).toBe(
      400,
    );
    expect((await call('/api/accounts', { json: { username: 'valid_name' } })).status).toBe(401);
  });
});
