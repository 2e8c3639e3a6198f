import { expect, test, type Page } from '@playwright/test';
import { ownerDatabase } from '../database.ts';
import { expectAnswered } from '../page-helpers.ts';
import { currentUid, currentUser, signIn, signUp, uniqueMember } from './auth-helpers.ts';

async function continueAsGuest(page: Page): Promise<string> {
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hi, web-[A-Za-z0-9]{8}$/);
  return currentUid(page);
}

test('a guest gets a web- name and an account, and keeps what it did when it signs up', async ({ page }) => {
  const uid = await continueAsGuest(page);
  expect((await page.getByRole('heading', { level: 1 }).textContent())?.endsWith(uid.slice(-8))).toBe(true);
  const db = ownerDatabase();
  expect(await db.get(`users/${uid}/public/username`)).toBe(`web-${uid.slice(-8)}`);
  expect(await db.get(`users/${uid}/readOnly/isDeveloper`)).toBe(false);

  // Something the guest did, through the app: following a game from its page.
  await page.goto('/game/portal-2');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect.poll(() => db.get(`users/${uid}/private/follows/games/portal-2`)).toEqual(expect.any(Number));
  // Kept, and answered before the page is left: nothing of the follow is left in flight.
  await expectAnswered(page.getByRole('button', { name: 'Following' }));

  const member = uniqueMember('upgraded');
  await page.goto('/browse');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, ${member.username}`);
  expect(await currentUid(page)).toBe(uid);
  expect(await db.get(`users/${uid}/public/username`)).toBe(member.username);
  expect(await db.get(`users/${uid}/private/follows/games/portal-2`)).toEqual(expect.any(Number));
  expect(await db.get(`follows_by_targetid/game:portal-2/${uid}`)).toMatchObject({ type: 'game' });
});

test('signing out signs out: continuing as a guest afterwards is a new guest, not the member', async ({
  page,
}) => {
  const member = uniqueMember('signout');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const memberUid = await currentUid(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  const guestUid = await continueAsGuest(page);
  expect(guestUid).not.toBe(memberUid);
  expect(await currentUser(page)).toMatchObject({ guest: true, registered: false });

  // And again after signing in with a password: the member's device binding ends with the sign-out.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/browse$/);
  expect(await currentUid(page)).toBe(memberUid);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const secondGuest = await continueAsGuest(page);
  expect([memberUid, guestUid]).not.toContain(secondGuest);
});

test('anon-auth makes guests only for the Worker: called at its own address it refuses, and makes nobody', async ({
  request,
}) => {
  // Where the Functions emulator serves the functions, as the Worker tells the browser.
  const config = (await (await request.get('/api/accounts/config')).json()) as { functionsBaseUrl: string };
  const db = ownerDatabase();
  const accessId = `direct-${crypto.randomUUID().slice(0, 8)}`;
  const direct = await request.post(`${config.functionsBaseUrl}/anon-auth`, {
    data: { domain_uri: 'http://127.0.0.1:8788', accessId, accessKey: 'k'.repeat(32) },
  });
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toEqual({
    error: { code: 'forbidden', message: 'Sign in through Questline.' },
  });
  expect(await db.get(`installed_apps/${accessId}`)).toBeNull();

  // The same device through the Worker, which sends the secret: a guest.
  const viaWorker = await request.post('/api/functions/anon-auth', {
    data: { domain_uri: 'http://127.0.0.1:8788', accessId, accessKey: 'k'.repeat(32) },
  });
  expect(viaWorker.status()).toBe(200);
  expect(await db.get(`installed_apps/${accessId}`)).toMatchObject({ uid: expect.any(String) });
});
