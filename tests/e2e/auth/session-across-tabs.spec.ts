import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openHydratedAndMark, stayedOnPage } from '../page-helpers.ts';
import { signIn, signUp, uniqueMember } from './auth-helpers.ts';

// Every open tab of the site follows who is signed in, without a reload: signing out in one tab takes the
// bell from the others' headers, gives them "Sign in" and sends a tab on the browse page where a visitor
// goes; signing in in one gives the others the member's header. The tab that signed up first keeps the
// auth SDK loaded with the member in it: it must drop that member, not bring the session back.

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const signInLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' });
/** Within a couple of seconds: the other tab is told at once, not at its next look at anything. */
const soon = { timeout: 3000 };

async function expectSignedOut(page: Page) {
  await expect(signInLink(page)).toBeVisible(soon);
  await expect(bell(page)).toHaveCount(0);
}

async function expectSignedIn(page: Page) {
  await expect(bell(page)).toBeVisible(soon);
  await expect(signInLink(page)).toHaveCount(0);
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === '__session')?.value;

test('signing out in one tab signs out every other open tab, and signing in signs them all in', async ({
  context,
}) => {
  const member = uniqueMember('tabs');
  const signedUpHere = await context.newPage();
  await signUp(signedUpHere, member);
  await expect(signedUpHere).toHaveURL(/\/browse$/);
  await expectSignedIn(signedUpHere);
  await signedUpHere.evaluate(() => {
    (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
  });

  const onHome = await context.newPage();
  await openHydratedAndMark(onHome, '/');
  await expectSignedIn(onHome);
  const signsOut = await context.newPage();
  await openHydratedAndMark(signsOut, '/browse');
  await signsOut.getByRole('button', { name: 'Sign out' }).click();
  await expect(signsOut).toHaveURL(/\/$/);

  await expectSignedOut(onHome);
  await expectSignedOut(signedUpHere);
  // The browse page goes where a visitor's does: to sign in, with the way back.
  await expect(signedUpHere).toHaveURL(/\/login\?next=%2Fbrowse$/, soon);
  expect(await stayedOnPage(signedUpHere)).toBe(true);
  expect(await stayedOnPage(onHome)).toBe(true);
  // Asked for the browse page again, the tab whose auth SDK still held the member does not bring the
  // session back with a fresh token of theirs.
  await signedUpHere.getByRole('link', { name: 'Browse' }).click();
  await expect(signedUpHere).toHaveURL(/\/login\?next=%2Fbrowse$/);
  await expectSignedOut(signedUpHere);
  expect(await sessionCookie(context)).toBeUndefined();

  await signIn(signsOut, member.email, member.password);
  await expect(signsOut).toHaveURL(/\/browse$/);
  await expectSignedIn(onHome);
  await expectSignedIn(signedUpHere);
  expect(await stayedOnPage(onHome)).toBe(true);
  expect(await stayedOnPage(signedUpHere)).toBe(true);
});
