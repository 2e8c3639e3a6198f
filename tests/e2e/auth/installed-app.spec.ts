import { expect, test, type Page } from '@playwright/test';
import { ownerDatabase } from '../database.ts';
import { sessionToken } from '../page-helpers.ts';
import { currentUid, signUp, uniqueMember } from './auth-helpers.ts';

// The browse guard's installed-app sign-in (spec section 2): with nobody signed in, an installed web
// app (standalone display mode) signs itself in with the device credential process-login bound to
// its member (anon-auth), before the guard would send the visitor to login. Signing out ends that.

/** The device credential the app keeps in its storage (client/browser/auth/firebase-auth-service.ts). */
const DEVICE_CREDENTIAL_KEY = 'questline.device';

/** Opens browse as a signed-out visitor does: from the site's navigation (a full load of /browse
 * without a session cookie is redirected to the root by the server, spec section 2). */
async function openBrowse(page: Page) {
  await page.goto('/');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
}

/** EMULATING THE INSTALLED APP: from here on every page this tab opens answers the standalone
 * display-mode query as an installed web app does. */
async function actAsInstalledApp(page: Page) {
  await page.addInitScript(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = matchMedia(query);
      if (query.replace(/\s+/g, '') !== '(display-mode:standalone)') return list;
      return Object.defineProperty(list, 'matches', { value: true });
    };
  });
}

/** The installed app's Firebase session is gone (expired, or storage cleared) while its own device
 * credential stays: the session cookie, Firebase's IndexedDB and its localStorage entries are removed. */
async function loseFirebaseSession(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(async (deviceKey) => {
    for (const key of Object.keys(localStorage)) if (key !== deviceKey) localStorage.removeItem(key);
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase('firebaseLocalStorageDb');
      request.onsuccess =
        request.onerror =
        request.onblocked =
          () => {
            resolve();
          };
    });
  }, DEVICE_CREDENTIAL_KEY);
}

test('the installed app signs its member in again with the device credential; a browser tab goes to login', async ({
  page,
}) => {
  const member = uniqueMember('installed');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = await currentUid(page);
  // Signing up bound this device's credential to the member (process-login).
  const stored = await page.evaluate((key) => localStorage.getItem(key), DEVICE_CREDENTIAL_KEY);
  expect(stored, 'a device credential in storage after sign-up').toBeTruthy();
  const device = JSON.parse(stored ?? '{}') as { accessId: string; accessKey: string };

  await page.goto('/');
  await loseFirebaseSession(page);

  // In a browser tab (not the installed app) the credential is not used: the guard sends the visitor
  // to login, carrying the path.
  await openBrowse(page);
  await expect(page).toHaveURL(/\/login\?next=%2Fbrowse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');

  await actAsInstalledApp(page);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  const anonAuth = page.waitForRequest((request) => request.url().endsWith('/anon-auth'));
  await openBrowse(page);
  const sent = (await anonAuth).postDataJSON() as { accessId: string };
  expect(sent.accessId).toBe(device.accessId);
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, ${member.username}`);
  expect(await currentUid(page)).toBe(uid);
  expect(visited, 'the login page is never shown').not.toContain('/login');
  // The key was rotated by that sign-in: the one the device held before is spent.
  const rotated = JSON.parse(
    (await page.evaluate((key) => localStorage.getItem(key), DEVICE_CREDENTIAL_KEY)) ?? '{}',
  ) as { accessId: string; accessKey: string };
  expect(rotated.accessId).toBe(device.accessId);
  expect(rotated.accessKey).not.toBe(device.accessKey);
});

test('after signing out, the installed app no longer signs the member in', async ({ page }) => {
  const member = uniqueMember('signedout');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const memberUid = await currentUid(page);
  const device = (await page.evaluate((key) => localStorage.getItem(key), DEVICE_CREDENTIAL_KEY)) ?? '';
  expect(device).toBeTruthy();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), DEVICE_CREDENTIAL_KEY)).toBeNull();

  // Even a copy of the credential kept from before signing out signs the member in no more: its
  // binding is gone, so the installed app starts as a new guest.
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key ?? '', value ?? '');
    },
    [DEVICE_CREDENTIAL_KEY, device],
  );
  await actAsInstalledApp(page);
  await openBrowse(page);
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hi, web-[A-Za-z0-9]{8}$/);
  expect(await currentUid(page)).not.toBe(memberUid);
});

test('process-login and process-logout answer only the Worker: called at their own address, even with the member’s token, they refuse and change nothing', async ({
  page,
  request,
}) => {
  const member = uniqueMember('direct');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = await currentUid(page);
  const device = JSON.parse(
    (await page.evaluate((key) => localStorage.getItem(key), DEVICE_CREDENTIAL_KEY)) ?? '{}',
  ) as { accessId: string; accessKey: string };
  const db = ownerDatabase();
  // Signing up bound the device through the Worker, which holds the functions' secret.
  await expect.poll(() => db.get(`installed_apps/${device.accessId}`)).toMatchObject({ uid });

  // Where the Functions emulator serves the functions, as the Worker tells the browser.
  const config = (await (await request.get('/api/accounts/config')).json()) as { functionsBaseUrl: string };
  const asMember = { Authorization: `Bearer ${await sessionToken(page.context())}` };
  const otherDevice = { accessId: `direct-${crypto.randomUUID().slice(0, 8)}`, accessKey: 'k'.repeat(32) };
  const login = await request.post(`${config.functionsBaseUrl}/process-login`, {
    headers: asMember,
    data: { ...otherDevice, uid },
  });
  expect(login.status()).toBe(403);
  expect(await login.json()).toEqual({ error: { code: 'forbidden', message: 'Sign in through Questline.' } });
  expect(await db.get(`installed_apps/${otherDevice.accessId}`)).toBeNull();

  const logout = await request.post(`${config.functionsBaseUrl}/process-logout`, {
    headers: asMember,
    data: device,
  });
  expect(logout.status()).toBe(403);
  expect(await db.get(`installed_apps/${device.accessId}`)).toMatchObject({ uid });
});

test('signing out signs this browser out even when the server refuses to hear of it (over the member’s write limit)', async ({
  page,
  request,
}) => {
  const member = uniqueMember('limited');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const memberUid = await currentUid(page);
  const asMember = { Authorization: `Bearer ${await sessionToken(page.context())}` };
  // Miniflare's limiter counts in windows aligned to the clock's minutes: spend the member's writes
  // (120 a minute locally; malformed calls count too) with enough of one window left for the sign-out.
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await page.waitForTimeout(left + 250);
  const spent = await Promise.all(
    Array.from({ length: 120 }, () =>
      request.post('/api/functions/process-logout', { headers: asMember, data: { accessId: '' } }),
    ),
  );
  expect(spent.every((response) => [400, 429].includes(response.status()))).toBe(true);

  const told = page.waitForResponse((response) => response.url().endsWith('/api/functions/process-logout'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await told).status()).toBe(429);
  await expect(page).toHaveURL(/\/$/);
  // Signed out here all the same: the credential is forgotten, the session is gone, and after a reload
  // the browser is a visitor; continuing as a guest makes a new guest.
  expect(await page.evaluate((key) => localStorage.getItem(key), DEVICE_CREDENTIAL_KEY)).toBeNull();
  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  expect((await page.context().cookies()).find((entry) => entry.name === '__session')).toBeUndefined();
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hi, web-[A-Za-z0-9]{8}$/);
  expect(await currentUid(page)).not.toBe(memberUid);
});
