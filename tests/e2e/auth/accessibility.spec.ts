import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth-helpers.ts';

// The account pages against axe-core's WCAG 2 A and AA rules, in each state a visitor meets (fresh,
// with inline errors, the other login forms, browse), and their use with the keyboard alone.

/** A page in its own context, as @axe-core/playwright needs (https://github.com/dequelabs/axe-core-npm). */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
}

/** No WCAG 2 A/AA violation on the page as it is now; each violation named with its elements. */
async function expectNoViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(found, `axe violations on ${state}`).toEqual([]);
}

/** What has the keyboard focus: its tag and its label (or text). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '';
    const name =
      element instanceof HTMLInputElement
        ? (element.labels?.[0]?.textContent ?? '')
        : (element.getAttribute('aria-label') ?? element.textContent);
    return `${element.tagName.toLowerCase()} ${name.trim()}`;
  });
}

/** Presses Tab from where the focus is until `last` has it; answers every stop on the way. */
async function tabUntil(page: Page, last: string): Promise<string[]> {
  const stops: string[] = [];
  for (let press = 0; press < 30; press += 1) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
    if (stops.at(-1) === last) return stops;
  }
  throw new Error(`Tab never reached ${last}; it went through ${stops.join(' → ')}`);
}

/** Tabs from where the focus is to the last of `order`, and expects `order` to be the last stops. */
async function expectTabOrder(page: Page, order: string[]) {
  const stops = await tabUntil(page, order.at(-1) ?? '');
  expect(stops.slice(-order.length)).toEqual(order);
}

/** Shift+Tab, `times` times. */
async function tabBack(page: Page, times: number) {
  for (let press = 0; press < times; press += 1) await page.keyboard.press('Shift+Tab');
}

/** Types each value into the focused field and the next ones (Tab between them), then presses Enter. */
async function typeAndSubmit(page: Page, values: string[]) {
  for (const [index, value] of values.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
}

test('login: no WCAG 2 A/AA violations, fresh, with an inline error, and in the reset forms', async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await open(page, '/login');
  await expectNoViolations(page, 'login');

  await page.getByLabel('E-mail').fill('nobody.at.all@example.com');
  await page.getByLabel('Password').fill('whatever-123');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText('Wait, who did you say you were again?');
  await expectNoViolations(page, 'login with an inline error');

  await page.getByLabel('Password').fill('');
  await page.getByLabel('E-mail').fill('');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, 'login with an empty form submitted');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'the reset form with an inline error');

  await open(page, '/login?t=pwdrs');
  await expectNoViolations(page, 'login after a password reset');
  await open(page, '/login?mode=resetPassword&oobCode=not-a-code');
  const newPassword = page.getByRole('textbox', { name: 'New password' });
  await newPassword.fill('another-password-4');
  await newPassword.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, 'the new-password form with an error');
  await page.context().close();
});

test('signup: no WCAG 2 A/AA violations, fresh and with each field’s inline error', async ({ browser }) => {
  const page = await freshPage(browser);
  await open(page, '/signup');
  await expectNoViolations(page, 'signup');

  await signUp(page, { ...uniqueMember('axe'), email: 'not-an-email' });
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'signup with an inline e-mail error');

  await signUp(page, { ...uniqueMember('axe'), password: '123' });
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'signup with an inline password error');
  await page.context().close();
});

test('browse: no WCAG 2 A/AA violations, signed in, with the password error inline, and as a guest', async ({
  browser,
}) => {
  const page = await freshPage(browser);
  const member = uniqueMember('axebrowse');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await expectNoViolations(page, 'browse');

  await page.getByText('Account settings').click();
  await expectNoViolations(page, 'browse with the account settings open');
  await page.getByLabel('Current password').fill('not-the-password');
  await page.getByLabel('New password').fill('another-password-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText('Oops! Invalid current password.');
  await expectNoViolations(page, 'browse with an inline current-password error');

  await page.getByLabel('Current password').fill(member.password);
  await page.getByLabel('New password').fill('123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'browse with an inline new-password error');
  await page.context().close();

  const guest = await freshPage(browser);
  await open(guest, '/login');
  await guest.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(guest).toHaveURL(/\/browse$/);
  await expectNoViolations(guest, 'browse as a guest');
  await guest.context().close();
});

test('keyboard only: Tab reaches every field and button in order, Enter submits', async ({ page }) => {
  const member = uniqueMember('keys');

  // Sign up: Tab through the form, type, and submit with Enter.
  await open(page, '/signup');
  await expectTabOrder(page, [
    'input Username',
    'input E-mail',
    'input Password',
    'button Sign up',
    'a I already have an account',
  ]);
  await tabBack(page, 4);
  expect(await focused(page)).toBe('input Username');
  await typeAndSubmit(page, [member.username, member.email, member.password]);
  await expect(page).toHaveURL(/\/browse$/);

  // Browse: the folded account settings open with Enter; the change-password form and sign-out by keyboard.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, ${member.username}`);
  await page.getByText('Account settings').focus();
  await page.keyboard.press('Enter');
  await expectTabOrder(page, ['input Current password', 'input New password', 'button Change password']);
  await tabBack(page, 2);
  await typeAndSubmit(page, [member.password, 'a-keyboard-password-5']);
  await expect(page.getByRole('region', { name: 'Change password' }).getByRole('status')).toHaveText(
    'Your password has been changed.',
  );
  await page.getByRole('button', { name: 'Sign out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // Login: every field and button in order; a wrong password is announced; Enter signs in.
  await open(page, '/login');
  await expectTabOrder(page, [
    'input E-mail',
    'input Password',
    'button Sign in',
    'button Forgot password?',
    'button Continue as guest',
    'a Create an account',
  ]);
  await tabBack(page, 5);
  expect(await focused(page)).toBe('input E-mail');
  await typeAndSubmit(page, [member.email, member.password]);
  await expect(page.getByRole('alert')).toHaveText('Oops! Invalid username/password.');
  expect(await focused(page)).toBe('input Password');
  await page.keyboard.press('ControlOrMeta+a');
  await typeAndSubmit(page, ['a-keyboard-password-5']);
  await expect(page).toHaveURL(/\/browse$/);

  // The reset form: reached with the keyboard (its field takes the focus), and back.
  await open(page, '/login');
  await tabUntil(page, 'button Forgot password?');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  expect(await focused(page)).toBe('input E-mail');
  await expectTabOrder(page, ['button Send reset link', 'button Back to sign in']);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  expect(await focused(page)).toBe('input E-mail');
});
