import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';

// Every page type against axe-core — WCAG 2.0, 2.1 and 2.2 A/AA, and its best practices for landmarks and
// headings — rendered and hydrated, on a desktop and a phone screen, in the light and the dark scheme.
const pages = [
  { name: 'home', path: '/' },
  { name: 'game', path: '/game/the-witcher-3-wild-hunt' },
  { name: 'not found', path: '/game/no-such-game' },
  { name: 'user', path: '/user/ana_roguelites' },
  { name: 'event', path: '/event/the-game-awards-2019' },
  { name: 'list', path: '/lists/games/indie-essentials' },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'search results', path: '/search?q=witcher' },
];
const viewports = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
];
const schemes = ['light', 'dark'] as const;

/** Every violation on the page as it is now, each with the elements it was found on. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page's headings in order, as "h<level> text". */
function headings(page: Page): Promise<string[]> {
  return page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((elements) =>
      elements.map((element) => `${element.tagName.toLowerCase()} ${element.textContent.trim()}`),
    );
}

/** One h1 first, and no heading more than one level below the one before it. */
function expectHeadingsInOrder(list: string[]) {
  const levels = list.map((heading) => Number(heading.charAt(1)));
  expect(
    levels.filter((level) => level === 1),
    `one h1 in ${list.join(' / ')}`,
  ).toHaveLength(1);
  expect(levels[0], `the h1 comes first in ${list.join(' / ')}`).toBe(1);
  for (const [index, level] of levels.entries())
    if (index > 0)
      expect(level, `no skipped level at ${list[index] ?? ''}`).toBeLessThanOrEqual(
        (levels[index - 1] ?? 1) + 1,
      );
}

/** The landmarks every page has: one banner, one main navigation, one main, one contentinfo. */
async function expectLandmarks(page: Page) {
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
}

for (const viewport of viewports) {
  for (const colorScheme of schemes) {
    for (const { name, path } of pages) {
      test(`the ${name} page has no accessibility violations, its landmarks and headings in order (${viewport.label}, ${colorScheme})`, async ({
        browser,
      }) => {
        const context = await browser.newContext({ viewport, colorScheme });
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
        expect(await violations(page)).toEqual([]);
        await expectLandmarks(page);
        expectHeadingsInOrder(await headings(page));
        await context.close();
      });
    }
  }
}

/** A new member's browse page, in its own context (as @axe-core/playwright needs). */
async function browsePage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signUp(page, uniqueMember('a11y'));
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  return page;
}

for (const viewport of viewports) {
  test(`the browse page of a signed-in member has no accessibility violations, light and dark (${viewport.label})`, async ({
    browser,
  }) => {
    const page = await browsePage(browser, viewport);
    for (const colorScheme of schemes) {
      await page.emulateMedia({ colorScheme });
      expect(await violations(page), colorScheme).toEqual([]);
      await expectLandmarks(page);
      expectHeadingsInOrder(await headings(page));
    }
    await page.context().close();
  });
}

test('a visitor can reach every link of a game page with the keyboard, skip link first', async ({ page }) => {
  await page.goto('/game/the-witcher-3-wild-hunt');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // Skipping lands in the page: the next stop is inside main (the Follow button), not the header.
  await expect(page.locator('main a').first()).toBeFocused();
});

test('a visitor opens a game from a grid with the keyboard alone (Tab to it, Enter)', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  let focusedCard = '';
  for (let press = 0; press < 40 && !focusedCard; press += 1) {
    await page.keyboard.press('Tab');
    focusedCard = await page.evaluate(() =>
      document.activeElement?.closest('.game-card')
        ? (document.activeElement.querySelector('.game-card-name')?.textContent ?? '')
        : '',
    );
  }
  expect(focusedCard).not.toBe('');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(focusedCard);
  await expect(page).toHaveURL(/\/game\//);
});

test('the header offers "Sign in" only to visitors without a session', async ({ page, context }) => {
  await page.goto('/game/the-witcher-3-wild-hunt');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible();
  const { hostname } = new URL(page.url());
  await context.addCookies([{ name: '__session', value: 'a-token', domain: hostname, path: '/' }]);
  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toHaveCount(0);
});
