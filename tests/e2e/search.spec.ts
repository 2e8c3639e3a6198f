import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { expectNoAxeViolations, openHydratedAndMark, stayedOnPage } from './page-helpers.ts';

// Search from the header, in the browser, against the whole stack: the Worker's GET /api/search and
// results page, the http-doSearch callable running in the Functions emulator, its index built from the
// database emulator's demo data and kept current over the database's stream. With LOOK_SHOTS=<folder>,
// the open suggestions and the results page are also saved there, phone and desktop, to be looked at.
const SHOTS = process.env.LOOK_SHOTS;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search games and members' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });

/** Types into the header's search box from the keyboard, as a visitor does. */
async function typeInSearchBox(page: Page, text: string): Promise<void> {
  await page.getByRole('search').getByLabel('Search games and members').first().focus();
  await page.keyboard.type(text, { delay: 30 });
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('typing in the header shows the game; ArrowDown and Enter open its page', async ({ page }) => {
  await openHydratedAndMark(page, '/');
  await typeInSearchBox(page, 'portal 2');
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  const options = suggestions(page).getByRole('option');
  await expect(options.first()).toContainText('Portal 2');
  await expect(options.first()).toContainText('Game');

  await page.keyboard.press('ArrowDown');
  const firstId = await options.first().getAttribute('id');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', firstId ?? '');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  // Focus stays in the box while the options are walked through.
  await expect(searchBox(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/game\/portal-2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portal 2');
  expect(await stayedOnPage(page)).toBe(true);
  await expect(searchBox(page)).toHaveValue('');
});

test('the suggestions follow the combobox pattern: arrows wrap, Escape closes then clears, no axe violations', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openHydratedAndMark(page, '/');
  await typeInSearchBox(page, 'half');
  const options = suggestions(page).getByRole('option');
  await expect(options.first()).toContainText('Half-Life');
  const count = await options.count();
  // Up from the box goes to the last option ("All results for …"), down from there back to the first.
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(count - 1)).toHaveText('All results for “half”');
  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page, 'with the suggestions open');

  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(suggestions(page)).toBeHidden();
  await expect(searchBox(page)).toHaveValue('half');
  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveValue('');
  await context.close();
});

test('Enter with no option chosen opens the results page, which the server renders whole', async ({
  page,
  browser,
}) => {
  await openHydratedAndMark(page, '/game/hades');
  await typeInSearchBox(page, 'witcher');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=witcher$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “witcher”');
  const results = page.getByRole('main').getByRole('listitem');
  await expect(results.first()).toContainText('The Witcher 3: Wild Hunt');
  expect(await stayedOnPage(page)).toBe(true);

  // Without JavaScript: the header's plain form leads to the same page, complete from the server.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto('/');
  await noScript.getByRole('search').getByLabel('Search games and members').fill('stardew');
  await noScript.getByRole('search').getByLabel('Search games and members').press('Enter');
  await expect(noScript).toHaveURL(/\/search\?q=stardew$/);
  await expect(noScript.getByRole('main').getByRole('link', { name: /Stardew Valley/ })).toHaveAttribute(
    'href',
    '/game/stardew-valley',
  );
  await expect(noScript.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const none = await noScript.goto('/search?q=zzqqxxyy');
  expect(none?.status()).toBe(200);
  await expect(noScript.getByText('No games or members match “zzqqxxyy”.')).toBeVisible();
  await context.close();
});

test('a member who has just signed up is found by the header search', async ({ browser }) => {
  const member = uniqueMember('finder');
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signUp(memberPage, member);
  // Signed up: the account is written and the member is on their browse page.
  await expect(memberPage).toHaveURL(/\/browse$/);

  // Someone else, not signed in, looks for them.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await openHydratedAndMark(page, '/');
  await typeInSearchBox(page, member.username);
  const option = suggestions(page).getByRole('option', { name: `${member.username} Member`, exact: true });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await expect(option).toContainText('Member');
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/user/${member.username}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.username);
  await memberContext.close();
  await visitor.close();
});

for (const [name, viewport, colorScheme] of [
  ['phone', PHONE, 'light'],
  ['desktop', DESKTOP, 'dark'],
] as const) {
  test(`on a ${name} (${colorScheme}), the suggestions and the results page fit the screen`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport, colorScheme });
    const page = await context.newPage();
    await openHydratedAndMark(page, '/');
    await typeInSearchBox(page, 'half');
    await expect(suggestions(page).getByRole('option').first()).toBeVisible();
    const box = await suggestions(page).boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    // Every picture has its fixed size, loaded or not (catalogue images are out of the tests' reach).
    for (const art of await suggestions(page).locator('.search-result-art').all())
      expect(await art.boundingBox()).toMatchObject({ width: 48, height: 48 });
    await shot(page, `search-suggestions-${name}-${colorScheme}`);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “half”');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await shot(page, `search-results-${name}-${colorScheme}`);
    await context.close();
  });
}
