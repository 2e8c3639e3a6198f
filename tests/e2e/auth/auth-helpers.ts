import { expect, type Browser, type Page } from '@playwright/test';
import type { CurrentUserRecord } from '../../../shared/auth/account-api.ts';

// The local Auth emulator (firebase.json) and its out-of-band codes: the e-mails the product sends,
// readable by tests. https://firebase.google.com/docs/emulator-suite/connect_auth#rest_api
export const AUTH_EMULATOR = process.env.AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
export const PROJECT_ID = 'demo-questline';

interface OobCode {
  email: string;
  /** VERIFY_EMAIL, PASSWORD_RESET, … */
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The e-mails sent to `email` so far, newest last. */
export async function emailsTo(email: string): Promise<OobCode[]> {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const body = await response.json<{ oobCodes: OobCode[] }>();
  return body.oobCodes.filter((code) => code.email === email);
}

/** A name and address no other run has used. */
export function uniqueMember(prefix = 'tester') {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    username: `${prefix}_${suffix}`,
    email: `${prefix}.${suffix}@example.com`,
    password: 'correct-horse-battery-1',
  };
}

/** Fills the sign-up form with the keyboard and submits it. */
export async function signUp(page: Page, member: { username: string; email: string; password: string }) {
  await page.goto('/signup');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Password').press('Enter');
}

/**
 * Two new members, each signed up in a browser of their own (`a` and `b`, on the page signing up lands on),
 * their names starting with `first` and `second`. The caller closes both contexts.
 */
export async function twoMembersSignedUp(browser: Browser, first: string, second: string) {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const memberA = uniqueMember(first);
  const memberB = uniqueMember(second);
  await signUp(a, memberA);
  await expect(a).toHaveURL(/\/browse$/);
  await signUp(b, memberB);
  await expect(b).toHaveURL(/\/browse$/);
  return { contextA, contextB, a, b, memberA, memberB };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The signed-in account's record as `GET /api/me` answers it, with the browser's session token. */
export async function currentUser(page: Page): Promise<CurrentUserRecord> {
  return page.evaluate(async () => {
    const response = await fetch('/api/me', {
      headers: { Authorization: `Bearer ${/__session=([^;]+)/.exec(document.cookie)?.[1] ?? ''}` },
    });
    return response.json<CurrentUserRecord>();
  });
}

/** The signed-in account's uid, as the API answers it. */
export async function currentUid(page: Page): Promise<string> {
  return (await currentUser(page)).uid;
}
