import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import {
  expectHeaderPanelOnScreen,
  expectNoAxeViolations,
  openHydrated,
  sessionUid,
} from './page-helpers.ts';

// The header's account menu, after the bell: a new member opens it, goes to their profile, works it by
// keyboard, finds it on screen from a phone to a desktop, and signs out from it. A guest is offered an account.

const accountButton = (page: Page) => page.getByRole('button', { name: 'Account', exact: true });

/** The menu the button opens (by its aria-controls, so the test follows what assistive technology follows). */
async function accountMenu(page: Page) {
  const id = await accountButton(page).getAttribute('aria-controls');
  expect(id, 'the button names the menu it opens').toBeTruthy();
  return page.locator(`[id="${id ?? ''}"]`);
}

test('a new member opens the account menu, reaches their profile, uses it by keyboard and signs out', async ({
  page,
}) => {
  const member = uniqueMember('account');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await openHydrated(page, '/');

  // No picture yet: the button shows their initial.
  await expect(accountButton(page)).toHaveText(member.username.charAt(0).toUpperCase());
  await expect(accountButton(page)).toHaveAttribute('aria-expanded', 'false');
  const menu = await accountMenu(page);
  await expect(menu).toBeHidden();

  await accountButton(page).click();
  await expect(accountButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(member.username);
  await expectNoAxeViolations(page, 'with the account menu open');

  // A press elsewhere closes it.
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();

  await accountButton(page).click();
  await menu.getByRole('link', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${member.username}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.username);
  await expect(menu, 'the menu closes on navigation').toBeHidden();

  // By keyboard: Enter and Space open it, Escape closes it and gives focus back to the button.
  await accountButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Your profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(accountButton(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(accountButton(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: 'Browse' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, ${member.username}`);

  // Sign out from the menu: home, the header offers "Sign in", and a reload keeps them signed out.
  await accountButton(page).click();
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const header = page.locator('.site-header');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);
  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);
});

// A 1×1 PNG, served for a picture address off the site (the browser here reaches no other host).
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwAEAQH/7f2jKQAAAABJRU5ErkJggg==',
  'base64',
);

test('a member with a profile picture sees it on the account button', async ({ page, context }) => {
  await signUp(page, uniqueMember('pictured'));
  await expect(page).toHaveURL(/\/browse$/);
  const picture = `https://pictures.example/${Date.now().toString(36)}.png`;
  await page.route(picture, (route) => route.fulfill({ contentType: 'image/png', body: PICTURE }));
  await ownerDatabase().put(`users/${await sessionUid(context)}/public/icon`, picture);

  await openHydrated(page, '/');
  const image = accountButton(page).locator('img');
  await expect(image).toHaveAttribute('src', picture);
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBe(1);
});

test('the open account menu shows on screen under the header, from the narrowest phone to a desktop', async ({
  page,
}) => {
  await signUp(page, uniqueMember('menuscreen'));
  await expect(page).toHaveURL(/\/browse$/);
  await expectHeaderPanelOnScreen(page, accountButton(page), () => accountMenu(page));
});

test('a guest finds its web- profile and an offer to create an account that comes back here', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await openHydrated(page, '/game/portal-2');

  await accountButton(page).click();
  const menu = await accountMenu(page);
  await expect(menu).toContainText(/as a guest web-[A-Za-z0-9]{8}/);
  await expect(menu.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/signup?next=%2Fgame%2Fportal-2',
  );
  await menu.getByRole('link', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/user\/web-[A-Za-z0-9]{8}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^web-[A-Za-z0-9]{8}$/);
});
