import { expect, test } from '@playwright/test';
import { emailsTo, signIn, signUp, uniqueMember } from './auth-helpers.ts';

test('sign in and out, with wrong-password and user-not-found in the catalogue’s words', async ({ page }) => {
  const member = uniqueMember('signin');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, member.email, 'not-my-password');
  await expect(page.getByRole('alert')).toHaveText('Oops! Invalid username/password.');
  await signIn(page, `nobody.${member.email}`, 'whatever-123');
  await expect(page.getByRole('alert')).toHaveText('Wait, who did you say you were again?');
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/browse$/);
});

test('the browse guard sends a visitor to login and back after signing in; the server redirects to the root', async ({
  page,
  request,
}) => {
  const direct = await request.get('/browse', { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe('/');

  const member = uniqueMember('guard');
  await signUp(page, member);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Browse' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fbrowse$/);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/browse$/);
});

test('password reset by e-mail: the link’s code sets a new password and login says so', async ({ page }) => {
  const member = uniqueMember('reset');
  await signUp(page, member);
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signed out once home shows: the login page opened before then may still find the member signed in.
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Check your e-mail');
  let reset: { oobCode: string; oobLink: string } | undefined;
  await expect
    .poll(async () => {
      reset = (await emailsTo(member.email)).findLast((mail) => mail.requestType === 'PASSWORD_RESET');
      return reset?.oobCode;
    })
    .toBeTruthy();
  expect(new URL(reset?.oobLink ?? '').searchParams.get('continueUrl')).toMatch(/\/login\?t=pwdrs$/);

  await page.goto(`/login?mode=resetPassword&oobCode=${reset?.oobCode ?? ''}`);
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?t=pwdrs$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your password has been reset. Sign in with your new password.',
  );
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill('a-brand-new-password-2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/browse$/);
});

test('changing the password needs the current one', async ({ page }) => {
  const member = uniqueMember('change');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await page.getByText('Account settings').click();
  await page.getByLabel('Current password').fill('not-the-password');
  await page.getByLabel('New password').fill('another-password-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Oops! Invalid current password.');
  await page.getByLabel('Current password').fill(member.password);
  await page.getByLabel('New password').fill('another-password-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('region', { name: 'Change password' }).getByRole('status')).toHaveText(
    'Your password has been changed.',
  );
});
