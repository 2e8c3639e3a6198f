import { expect, test } from '@playwright/test';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { AUTH_EMULATOR, currentUid, signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { sessionToken } from './page-helpers.ts';

// Only members move public counts (issue 21, point 3), on the whole local stack: five accounts made
// straight at the Auth emulator (accounts:signUp, never registered through POST /api/accounts) each try to
// follow a member, and the member's follower count stays where it was. A guest who pressed "Continue as
// guest" and a member who signed up follow as before.

/** A fresh account at the auth provider, as a script would make it: its ID token, and nothing else. */
async function accountAtTheProvider(): Promise<string> {
  const { email, password } = uniqueMember('throwaway');
  const response = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(response.status).toBe(200);
  return (await response.json<{ idToken: string }>()).idToken;
}

test('accounts never registered cannot follow; a member and a guest can', async ({ page, browser }) => {
  const member = uniqueMember('followed');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = await currentUid(page);
  const followers = () => ownerDatabase().get(`users/${uid}/public/follows`);
  expect(await followers()).toBe(0);

  for (let n = 0; n < 5; n++) {
    const token = await accountAtTheProvider();
    const response = await page.request.put(`/api/follows/user/${uid}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(403);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.code).toBe('not-a-member');
    expect(body.error.message).toContain('Finish signing up');
  }
  expect(await followers()).toBe(0);

  // A member who signed up follows.
  const fan = await browser.newPage();
  await signUp(fan, uniqueMember('fan'));
  await expect(fan).toHaveURL(/\/browse$/);
  const fanFollows = await fan.request.put(`/api/follows/user/${uid}`, {
    headers: { Authorization: `Bearer ${await sessionToken(fan.context())}` },
  });
  expect(fanFollows.status()).toBe(200);
  expect(await followers()).toBe(1);

  // So does a guest.
  const guest = await browser.newPage();
  await guest.goto('/login');
  await expect(guest.locator('#root[data-hydrated="true"]')).toBeAttached();
  await guest.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(guest).toHaveURL(/\/browse$/);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(/^Hi, web-[A-Za-z0-9]{8}$/);
  const guestFollows = await guest.request.put(`/api/follows/user/${uid}`, {
    headers: { Authorization: `Bearer ${await sessionToken(guest.context())}` },
  });
  expect(guestFollows.status()).toBe(200);
  expect(await followers()).toBe(2);
});
