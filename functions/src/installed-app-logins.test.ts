import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../../tests/integration/emulator-db.ts';
import {
  anonAuth,
  DeviceCredentialRefused,
  installedAppPath,
  processLogin,
  type AuthAdmin,
} from './installed-app-logins.ts';

// TEST DOUBLE for firebase-admin's Auth: records the users it is asked to create and signs nothing.
// The real Auth emulator path is covered by the browser tests (tests/e2e/auth/guest.spec.ts).
function fakeAuth() {
  const users: { uid: string; email: string; displayName: string }[] = [];
  const admin: AuthAdmin = {
    createUser(properties) {
      users.push(properties);
      return Promise.resolve(properties);
    },
    createCustomToken(uid) {
      return Promise.resolve(`custom-token-for:${uid}`);
    },
  };
  return { admin, users };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const device = {
  domain_uri: 'http://127.0.0.1:8787',
  accessId: 'device-1',
  accessKey: 'a-long-device-secret-1234',
};

describe('anon-auth', () => {
  it('creates a guest with a temporary address and the web- display name, bound to the device', async () => {
    const auth = fakeAuth();
    const answer = await anonAuth(database.server, auth.admin, device);
    expect(answer.success).toBe(true);
    expect(answer.guest).toBe(true);
    expect(answer.token).toBe(`custom-token-for:${answer.uid}`);
    expect(auth.users).toHaveLength(1);
    const [guest] = auth.users;
    expect(guest?.uid).toBe(answer.uid);
    expect(guest?.displayName).toBe(`web-${answer.uid.slice(-8)}`);
    expect(guest?.email).toMatch(/^[a-z0-9]+@guest\.questline\.invalid$/);
    const binding = (await database.server.get(installedAppPath('device-1'))) as Record<string, unknown>;
    expect(binding.uid).toBe(answer.uid);
    expect(JSON.stringify(binding)).not.toContain(device.accessKey);
  });

  it('signs the same device in as the same account the next time, and refuses a wrong key', async () => {
    const auth = fakeAuth();
    const first = await anonAuth(database.server, auth.admin, { ...device, accessId: 'device-2' });
    const again = await anonAuth(database.server, auth.admin, { ...device, accessId: 'device-2' });
    expect(again.uid).toBe(first.uid);
    expect(auth.users).toHaveLength(1);
    await expect(
      anonAuth(database.server, auth.admin, {
        ...device,
        accessId: 'device-2',
        accessKey: 'somebody-elses-guess-000',
      }),
    ).rejects.toBeInstanceOf(DeviceCredentialRefused);
  });

  it('makes one guest when a device launches twice at once', async () => {
    const auth = fakeAuth();
    const answers = await Promise.all(
      [1, 2, 3].map(() => anonAuth(database.server, auth.admin, { ...device, accessId: 'device-3' })),
    );
    expect(new Set(answers.map((answer) => answer.uid)).size).toBe(1);
    expect(auth.users).toHaveLength(1);
  });
});

describe('process-login', () => {
  it('binds a device to the signed-in account so anon-auth signs it in as that member', async () => {
    const auth = fakeAuth();
    const request = { accessId: 'device-4', accessKey: 'member-device-secret-1234', uid: 'member-1' };
    expect(await processLogin(database.server, 'member-1', request)).toEqual({ success: true });
    const answer = await anonAuth(database.server, auth.admin, { ...request, domain_uri: device.domain_uri });
    expect(answer).toMatchObject({ uid: 'member-1', guest: false, token: 'custom-token-for:member-1' });
    expect(auth.users).toHaveLength(0);
  });

  it('refuses to bind a device to somebody else, or to take over a device without its key', async () => {
    const request = { accessId: 'device-5', accessKey: 'member-device-secret-5678', uid: 'member-2' };
    expect(await processLogin(database.server, 'intruder', request)).toEqual({ success: false });
    expect(await processLogin(database.server, 'member-2', request)).toEqual({ success: true });
    expect(
      await processLogin(database.server, 'intruder', {
        ...request,
        uid: 'intruder',
        accessKey: 'guessed-secret-000000000',
      }),
    ).toEqual({ success: false });
    expect(((await database.server.get(installedAppPath('device-5'))) as { uid: string }).uid).toBe(
      'member-2',
    );
  });
});
