import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { currentUid, signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations } from './page-helpers.ts';

// The first visit (issue 24, point 5): from the sign-up form, a new member is asked for a few games they
// played or want to play (search, or the top games), each tap shelving the game; Done lands on browse
// with suggestions built from the picks. A guest's first browse gets it too, and Skip ends it for good.

/** Where the step's screenshots go (test-results/, which the project ignores), to be looked at. */
const SHOTS = path.join('test-results', 'first-visit');

const step = (page: Page) => page.getByRole('region', { name: 'Pick a few games you know' });

/** No sideways scrolling: the page is no wider than the window. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a new member picks a played game by search and keyboard, and browse’s first suggestion comes from it', async ({
  page,
}) => {
  await signUp(page, uniqueMember('firstvisit'));
  await expect(page).toHaveURL(/\/browse$/);
  const firstVisit = step(page);
  await expect(firstVisit).toBeVisible();
  // The top games to tap, as home ranks them.
  const top = firstVisit.getByRole('list', { name: 'Top games' });
  await expect(top.getByRole('listitem').first()).toBeVisible();
  expect(await top.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
  await expect(firstVisit.getByRole('button', { name: 'Done' })).toBeDisabled();
  await expectNoAxeViolations(page, 'on the first visit');

  // By keyboard: type a name, search with Enter, then tab to the found game's Played and press it.
  await firstVisit.getByLabel('Find a game').fill('Hades');
  await firstVisit.getByLabel('Find a game').press('Enter');
  const found = firstVisit.getByRole('list', { name: 'Games found' });
  const played = found.getByRole('button', { name: 'Played: Hades', exact: true });
  await expect(played).toBeVisible();
  await page.keyboard.press('Tab'); // the Search button
  await page.keyboard.press('Tab'); // the first result's Played
  await expect(played).toBeFocused();
  const shelved = page.waitForResponse(
    (response) => response.url().endsWith('/api/games/hades/status') && response.request().method() === 'PUT',
  );
  await page.keyboard.press('Enter');
  expect((await shelved).status()).toBe(200);
  await expect(played).toHaveAttribute('aria-pressed', 'true');
  await expect(firstVisit.getByRole('status').filter({ hasText: 'Hades: played.' })).toBeVisible();
  await expect(firstVisit.getByRole('button', { name: 'Done: 1 picked' })).toBeEnabled();

  // How it looks, light and dark, on the narrowest phone: saved to be looked at, and never wider.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await fitsWidth(page)).toBe(true);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `at 320 px, ${colorScheme}`);
    await firstVisit.screenshot({ path: path.join(SHOTS, `first-visit-320-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  const uid = await currentUid(page);
  expect(await ownerDatabase().get(`users/${uid}/private/gamelist/hades/status`)).toBe('played');

  await firstVisit.getByRole('button', { name: 'Done: 1 picked' }).click();
  await expect(firstVisit).toBeHidden();
  expect(await ownerDatabase().get(`users/${uid}/private/isOnboarded`)).toBe(true);
  // Browse, read again: the first suggestion comes from the game just picked, and says so.
  const reason = page.locator('.suggestion-card .suggestion-reason');
  await expect(reason).toHaveText('Because you played Hades');
  await expect(reason.getByRole('link', { name: 'Hades' })).toHaveAttribute('href', '/game/hades');
  await page.screenshot({ path: path.join(SHOTS, 'browse-after-first-visit.png') });

  // Done is done: the next visit goes straight to browse.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Would you play it?' })).toBeVisible();
  await expect(step(page)).toHaveCount(0);
});

test('a guest’s first browse asks too; Skip ends it for good, shelving nothing', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(step(page)).toBeVisible();
  await step(page).getByRole('button', { name: 'Skip' }).click();
  await expect(step(page)).toHaveCount(0);
  const uid = await currentUid(page);
  expect(await ownerDatabase().get(`users/${uid}/private/isOnboarded`)).toBe(true);
  expect(await ownerDatabase().get(`users/${uid}/private/gamelist`)).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Would you play it?' })).toBeVisible();
  await expect(step(page)).toHaveCount(0);
});
