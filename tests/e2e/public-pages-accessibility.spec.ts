import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// WCAG 2 A and AA checks on the public pages, rendered and hydrated, on a desktop and a phone screen.
const pages = [
  { name: 'home', path: '/' },
  { name: 'game', path: '/game/the-witcher-3-wild-hunt' },
  { name: 'not found', path: '/game/no-such-game' },
  { name: 'user', path: '/user/ana_roguelites' },
  { name: 'event', path: '/event/the-game-awards-2019' },
  { name: 'list', path: '/lists/games/indie-essentials' },
];

for (const viewport of [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
]) {
  for (const { name, path } of pages) {
    test(`the ${name} page has no WCAG 2 A/AA violations (${viewport.label})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      await context.close();
    });
  }
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
