import { expect, test } from '@playwright/test';
import { emailsTo, signUp, uniqueMember } from './auth-helpers.ts';

test('a visitor signs up with the keyboard, gets a verification e-mail and lands on browse', async ({
  page,
}) => {
  const member = uniqueMember();
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, ${member.username}`);
  await expect
    .poll(async () => (await emailsTo(member.email)).map((mail) => mail.requestType))
    .toContain('VERIFY_EMAIL');
  // The server renders browse for the signed-in user (the session cookie holds a verified token).
  const response = await page.goto('/browse');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, ${member.username}`);
});

test('each catalogue error is shown beside its field, word for word', async ({ page }) => {
  const first = uniqueMember('first');
  await signUp(page, first);
  await expect(page).toHaveURL(/\/browse$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  const cases = [
    {
      change: { username: first.username },
      field: 'Username',
      message: 'Doh! That username is already in use.',
    },
    { change: { email: first.email }, field: 'E-mail', message: 'Dude! That email is already registered.' },
    {
      change: { email: 'not-an-email' },
      field: 'E-mail',
      message: 'Yo! We need a legit email address. Try again.',
    },
    {
      change: { password: '123' },
      field: 'Password',
      message: "Woah! How about a password that can't be hacked by a toddler with a YouTube account.",
    },
  ];
  for (const { change, field, message } of cases) {
    await signUp(page, { ...uniqueMember('again'), ...change });
    const input = page.getByLabel(field);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page).toHaveURL(/\/signup$/);
  }
});
