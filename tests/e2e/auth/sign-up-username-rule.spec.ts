import { expect, test } from '@playwright/test';
import { AUTH_EMULATOR, PROJECT_ID, signUp, uniqueMember } from './auth-helpers.ts';

// A username outside the rule (shared/schemas/username-rule.ts) is refused by the form itself, in words
// that say what is allowed, before anything is asked: no availability check, no account, no failed
// request for the browser to log.

const RULE_HINT = '3 to 30 characters: letters, digits and underscores.';
const REFUSED = 'A username has 3 to 30 characters, only letters, digits and underscores (no spaces).';

/** Whether the Auth emulator holds an account for `email` (asked as the project's owner). */
async function accountExists(email: string): Promise<boolean> {
  const response = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  expect(response.status).toBe(200);
  const body = await response.json<{ users?: unknown[] }>();
  return (body.users ?? []).length > 0;
}

test('the sign-up form shows the username rule and refuses a name outside it, asking nothing', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/api/accounts') || url.includes('accounts:signUp')) asked.push(url);
  });

  const emails: string[] = [];
  for (const username of ['x', 'two words']) {
    const member = { ...uniqueMember('rule'), username };
    emails.push(member.email);
    await signUp(page, member);
    const field = page.getByLabel('Username');
    await expect(page.getByText(RULE_HINT)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toHaveText(REFUSED);
    await expect(field).toHaveAccessibleDescription(`${RULE_HINT} ${REFUSED}`);
    await expect(page).toHaveURL(/\/signup$/);
  }

  expect(asked).toEqual([]);
  expect(logged).toEqual([]);
  for (const email of emails) expect(await accountExists(email)).toBe(false);
});
