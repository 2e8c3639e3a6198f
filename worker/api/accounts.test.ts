import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGuestAccount } from '../../shared/accounts/account-sections.ts';
import type { CurrentMember, CurrentUserRecord } from '../../shared/auth/account-api.ts';
import { DEFAULT_FOLLOWED_ACCOUNT_UID, GUEST_EMAIL_DOMAIN } from '../../shared/auth/account-api.ts';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

// Against the database emulator, with the Auth emulator's kind of tokens (the Worker is configured for
// the emulators here, as locally).
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();

function tokenFor(uid: string, email = `${uid}@example.com`, emailVerified = false): string {
  return unsignedEmulatorToken(uid, {
    email,
    email_verified: emailVerified,
    firebase: { sign_in_provider: 'password', identities: {} },
  });
}

beforeAll(async () => {
  // The default account every new account follows exists, as the seeded stack has it.
  await db.patch('', {
    [`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public`]: {
      uuid: DEFAULT_FOLLOWED_ACCOUNT_UID,
      username: 'questline',
    },
    'games/portal-2': testGame('portal-2', 'Portal 2', 5),
  });
});

async function call(
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  const ctx = createExecutionContext();
  const response = await app.request(
    `http://questline.test${path}`,
    {
      ...init,
      headers,
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json), method: init.method ?? 'POST' }),
    },
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
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
    expect(me).toMatchObject({
      uid: 'fresh-user',
      registered: false,
      guest: false,
      public: null,
      roles: { developer: false, admin: false },
    });
  });

  it('tells a member the roles their record holds (the header offers the tools), never what the request says', async () => {
    await db.patch('', {
      'users/role-holder/readOnly': { created: 1, modified: 1, isDeveloper: true },
      'users/role-holder/admin/auth': true,
    });
    const holder = await (await call('/api/me', { token: tokenFor('role-holder') })).json<CurrentMember>();
    expect(holder.roles).toEqual({ developer: true, admin: true });
    const claimed = await call('/api/me?admin=true', { token: tokenFor('fresh-user') });
    expect((await claimed.json<CurrentMember>()).roles).toEqual({ developer: false, admin: false });
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
    // Not verified yet: the address could be someone else's, so it maps to nobody.
    expect(await db.get('emails-to-ids/new,bie@example,com')).toBeNull();
    expect(await db.get(`follows_by_userid/newbie1/user:${DEFAULT_FOLLOWED_ACCOUNT_UID}`)).toMatchObject({
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
      `user:${DEFAULT_FOLLOWED_ACCOUNT_UID}`,
    ]);
  });

  it('keeps what a guest did, through the app, when it becomes a member', async () => {
    // The guest's account as anon-auth makes it, then its activity through the API.
    await createGuestAccount(db, 'guest0042');
    const guestToken = tokenFor('guest0042', `guest0042@${GUEST_EMAIL_DOMAIN}`);
    const before = await (await call('/api/me', { token: guestToken })).json<CurrentUserRecord>();
    expect(before).toMatchObject({ registered: false, guest: true, public: { username: 'web-uest0042' } });
    expect((await call('/api/follows/game/portal-2', { method: 'PUT', token: guestToken })).status).toBe(200);
    await createGuestAccount(db, 'fan00001');
    const fanToken = tokenFor('fan00001', `fan00001@${GUEST_EMAIL_DOMAIN}`);
    expect((await call('/api/follows/user/guest0042', { method: 'PUT', token: fanToken })).status).toBe(200);
    const created = before.readOnly?.created;

    const response = await call('/api/accounts', {
      token: tokenFor('guest0042', 'real@example.com'),
      json: { username: 'was_guest' },
    });
    expect(response.status).toBe(201);
    const me = await response.json<CurrentUserRecord>();
    expect(me.registered).toBe(true);
    expect(me.public).toMatchObject({ username: 'was_guest', follows: 1 });
    expect(me.private).toMatchObject({ email: 'real@example.com' });
    expect(Object.keys((me.private?.follows as { games: object }).games)).toEqual(['portal-2']);
    expect(me.readOnly?.created).toBe(created);
    expect(await db.get('users_public/guest0042')).toEqual({ username: 'was_guest' });
    expect(await db.get('games/portal-2/follows')).toBe(1);
    expect(Object.keys((await db.get('follows_history/guest0042')) as object).sort()).toEqual(
      ['game:portal-2', `user:${DEFAULT_FOLLOWED_ACCOUNT_UID}`].sort(),
    );
  });

  it('refuses invalid usernames and callers without a token', async () => {
    expect((await call('/api/accounts', { token: tokenFor('bad1'), json: { username: 'a b' } })).status).toBe(
      400,
    );
    expect((await call('/api/accounts', { json: { username: 'valid_name' } })).status).toBe(401);
  });
});

describe('e-mail addresses map to accounts only once verified (emails-to-ids)', () => {
  it('maps a verified address at sign-up', async () => {
    const token = tokenFor('verified1', 'Proven.Owner@example.com', true);
    expect((await call('/api/accounts', { token, json: { username: 'proven_owner' } })).status).toBe(201);
    expect(await db.get('emails-to-ids/proven,owner@example,com')).toBe('verified1');
  });

  it('maps the address the first time the member comes back verified', async () => {
    const unverified = tokenFor('later1', 'later.one@example.com');
    expect((await call('/api/accounts', { token: unverified, json: { username: 'later_one' } })).status).toBe(
      201,
    );
    await call('/api/me', { token: unverified });
    expect(await db.get('emails-to-ids/later,one@example,com')).toBeNull();
    await call('/api/me', { token: tokenFor('later1', 'later.one@example.com', true) });
    expect(await db.get('emails-to-ids/later,one@example,com')).toBe('later1');
  });

  it('never lets an unverified sign-up take someone else’s address', async () => {
    await call('/api/accounts', {
      token: tokenFor('owner2', 'victim@example.com', true),
      json: { username: 'the_owner' },
    });
    await call('/api/accounts', {
      token: tokenFor('squatter', 'victim@example.com'),
      json: { username: 'squatter' },
    });
    await call('/api/me', { token: tokenFor('squatter', 'victim@example.com') });
    expect(await db.get('emails-to-ids/victim@example,com')).toBe('owner2');
  });

  it('never maps a guest’s temporary address', async () => {
    await createGuestAccount(db, 'guest0077');
    await call('/api/me', { token: tokenFor('guest0077', `guest0077@${GUEST_EMAIL_DOMAIN}`, true) });
    expect(await db.get(`emails-to-ids/guest0077@${GUEST_EMAIL_DOMAIN.replaceAll('.', ',')}`)).toBeNull();
  });
});
