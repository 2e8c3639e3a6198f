import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOWED_ACCOUNT_UID } from '../../shared/auth/account-api.ts';
import { installedAppPath } from '../../shared/rtdb/paths.ts';
import { startTestDatabase, type TestDatabase } from '../../tests/integration/emulator-db.ts';
import {
  anonAuth,
  BINDING_LIFETIME_MS,
  DeviceCredentialRefused,
  processLogin,
  processLogout,
} from './installed-app-logins.ts';
import { fakeAuth } from './test-support/auth-admin-double.ts';

/** The test's clock: every call is given this time, never the machine's. */
const T0 = Date.UTC(2030, 0, 1, 12);

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.server.put('', null);
  await database.server.put(`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public`, {
    uuid: DEFAULT_FOLLOWED_ACCOUNT_UID,
    username: 'questline',
    follows: 0,
  });
});

const device = {
  domain_uri: 'http://127.0.0.1:8787',
  accessId: 'device-1',
  accessKey: 'a-long-device-secret-1234',
};

describe('anon-auth', () => {
  it('creates a guest account like any other, bound to the device', async () => {
    const auth = fakeAuth();
    const answer = await anonAuth(database.server, auth.admin, device, T0);
    expect(answer).toMatchObject({ success: true, guest: true, token: `custom-token-for:${answer.uid}` });
    expect(auth.users).toHaveLength(1);
    const [guest] = auth.users;
    expect(guest?.uid).toBe(answer.uid);
    expect(guest?.displayName).toBe(`web-${answer.uid.slice(-8)}`);
    expect(guest?.email).toMatch(/^[a-z0-9]+@guest\.questline\.invalid$/);
    const binding = (await database.server.get(installedAppPath('device-1'))) as Record<string, unknown>;
    expect(binding).toMatchObject({ uid: answer.uid, created: T0, expiresAt: T0 + BINDING_LIFETIME_MS });
    expect(JSON.stringify(binding)).not.toContain(device.accessKey);
    // Its user record: every section, the web- name, not a developer, following the default account.
    expect(await database.server.get(`users/${answer.uid}/public`)).toMatchObject({
      uuid: answer.uid,
      username: `web-${answer.uid.slice(-8)}`,
      follows: 0,
    });
    expect(await database.server.get(`users/${answer.uid}/readOnly/isDeveloper`)).toBe(false);
    expect(await database.server.get(`users_public/${answer.uid}`)).toEqual({
      username: `web-${answer.uid.slice(-8)}`,
    });
    expect(await database.server.get(`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public/follows`)).toBe(1);
    expect(
      await database.server.get(`follows_by_userid/${answer.uid}/user:${DEFAULT_FOLLOWED_ACCOUNT_UID}`),
    ).toMatchObject({
      type: 'user',
    });
  });

  it('signs the device in as the same account next time and rotates its key; an old or wrong key is refused', async () => {
    const auth = fakeAuth();
    const first = await anonAuth(database.server, auth.admin, device, T0);
    const again = await anonAuth(database.server, auth.admin, device, T0 + 60_000);
    expect(again.uid).toBe(first.uid);
    expect(again.accessKey).not.toBe(device.accessKey);
    expect(auth.users).toHaveLength(1);
    // The key the device sent is spent: a copy of it signs nobody in.
    await expect(anonAuth(database.server, auth.admin, device, T0 + 120_000)).rejects.toBeInstanceOf(
      DeviceCredentialRefused,
    );
    const third = await anonAuth(
      database.server,
      auth.admin,
      { ...device, accessKey: again.accessKey },
      T0 + 180_000,
    );
    expect(third.uid).toBe(first.uid);
    await expect(
      anonAuth(database.server, auth.admin, { ...device, accessKey: 'somebody-elses-guess-000' }, T0),
    ).rejects.toBeInstanceOf(DeviceCredentialRefused);
  });

  it('makes one guest when a device launches several times at once', async () => {
    const auth = fakeAuth();
    const answers = await Promise.allSettled(
      [1, 2, 3].map(() => anonAuth(database.server, auth.admin, device, T0)),
    );
    const signedIn = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value.uid] : []));
    expect(signedIn.length).toBeGreaterThanOrEqual(1);
    expect(new Set(signedIn).size).toBe(1);
    expect(auth.users).toHaveLength(1);
  });

  it('refuses and removes a binding left unused past its lifetime', async () => {
    const auth = fakeAuth();
    await processLogin(database.server, 'member-1', { ...device, uid: 'member-1' }, T0);
    await expect(
      anonAuth(database.server, auth.admin, device, T0 + BINDING_LIFETIME_MS),
    ).rejects.toBeInstanceOf(DeviceCredentialRefused);
    expect(await database.server.get(installedAppPath(device.accessId))).toBeNull();
  });

  it('refuses and removes a binding made before a password change or reset, or of a deleted account', async () => {
    const auth = fakeAuth();
    await processLogin(database.server, 'member-1', { ...device, uid: 'member-1' }, T0);
    auth.revokedAt.set('member-1', T0 + 5_000);
    await expect(anonAuth(database.server, auth.admin, device, T0 + 10_000)).rejects.toBeInstanceOf(
      DeviceCredentialRefused,
    );
    expect(await database.server.get(installedAppPath(device.accessId))).toBeNull();
    // Bound again after the change: it works.
    await processLogin(database.server, 'member-1', { ...device, uid: 'member-1' }, T0 + 20_000);
    expect((await anonAuth(database.server, auth.admin, device, T0 + 30_000)).uid).toBe('member-1');

    await processLogin(database.server, 'member-2', { ...device, accessId: 'device-2', uid: 'member-2' }, T0);
    auth.deleted.add('member-2');
    await expect(
      anonAuth(database.server, auth.admin, { ...device, accessId: 'device-2' }, T0 + 1_000),
    ).rejects.toBeInstanceOf(DeviceCredentialRefused);
  });
});

describe('process-login', () => {
  it('binds a device to the signed-in account so anon-auth signs it in as that member', async () => {
    const auth = fakeAuth();
    const request = { accessId: 'device-4', accessKey: 'member-device-secret-1234', uid: 'member-1' };
    expect(await processLogin(database.server, 'member-1', request, T0)).toEqual({ success: true });
    const answer = await anonAuth(
      database.server,
      auth.admin,
      { ...request, domain_uri: device.domain_uri },
      T0,
    );
    expect(answer).toMatchObject({ uid: 'member-1', guest: false, token: 'custom-token-for:member-1' });
    expect(auth.users).toHaveLength(0);
  });

  it('refuses to bind a device to somebody else, or to take over a device without its key', async () => {
    const request = { accessId: 'device-5', accessKey: 'member-device-secret-5678', uid: 'member-2' };
    expect(await processLogin(database.server, 'intruder', request, T0)).toEqual({ success: false });
    expect(await processLogin(database.server, 'member-2', request, T0)).toEqual({ success: true });
    expect(
      await processLogin(
        database.server,
        'intruder',
        { ...request, uid: 'intruder', accessKey: 'guessed-secret-000000000' },
        T0,
      ),
    ).toEqual({ success: false });
    expect(((await database.server.get(installedAppPath('device-5'))) as { uid: string }).uid).toBe(
      'member-2',
    );
  });

  it('binds a new device to exactly one of two accounts racing for it with different keys', async () => {
    const results = await Promise.all(
      ['member-a', 'member-b', 'member-c'].map((uid, i) =>
        processLogin(
          database.server,
          uid,
          { accessId: 'device-6', accessKey: `racing-device-secret-${String(i)}000`, uid },
          T0,
        ),
      ),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
  });
});

describe('process-logout', () => {
  it('ends the binding, so the device’s credential makes a new guest instead of signing the member in', async () => {
    const auth = fakeAuth();
    await processLogin(database.server, 'member-1', { ...device, uid: 'member-1' }, T0);
    expect(await processLogout(database.server, 'member-1', device)).toEqual({ success: true });
    expect(await database.server.get(installedAppPath(device.accessId))).toBeNull();
    const answer = await anonAuth(database.server, auth.admin, device, T0);
    expect(answer.guest).toBe(true);
    expect(answer.uid).not.toBe('member-1');
  });

  it('lets only the bound account, with the key, end a binding', async () => {
    await processLogin(database.server, 'member-1', { ...device, uid: 'member-1' }, T0);
    expect(await processLogout(database.server, 'intruder', device)).toEqual({ success: false });
    expect(
      await processLogout(database.server, 'member-1', { ...device, accessKey: 'guessed-secret-000000000' }),
    ).toEqual({ success: false });
    expect(((await database.server.get(installedAppPath(device.accessId))) as { uid: string }).uid).toBe(
      'member-1',
    );
  });
});
