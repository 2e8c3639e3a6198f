import { expect, test } from '@playwright/test';
import type { RouteObject } from 'react-router';
import { routes } from '../../client/routes.tsx';
import { ownerDatabase } from './database.ts';
import { openHydrated, openHydratedAndMark, recordPageDataRequests, stayedOnPage } from './page-helpers.ts';

// Games of the demo data (seed/demo/games.jsonl).
const WITCHER = { path: '/game/the-witcher-3-wild-hunt', name: 'The Witcher 3: Wild Hunt' };

test('the game page is complete in the server HTML, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(WITCHER.path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${WITCHER.name} · Questline`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WITCHER.name);
  await expect(page.getByRole('heading', { name: 'Top games' })).toBeVisible();
  await expect(page.locator('.game-grid-section').first().getByRole('listitem').first()).toBeVisible();
  await expect(
    page.getByText("Game data: 'Steam Store Games' by Nik Davis (Kaggle), CC BY 4.0"),
  ).toBeVisible();
  await context.close();
});

test('the page hydrates from the embedded state without fetching its data again', async ({ page }) => {
  const pageDataRequests: string[] = [];
  const failedRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/pages/')) pageDataRequests.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 300) failedRequests.push(`${String(response.status())} ${response.url()}`);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(WITCHER.path);
  // Hydrated: React has taken over the page.
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(pageDataRequests).toEqual([]);
  // Every script, stylesheet and icon the page asks for is there (no error, no redirect).
  expect(failedRequests).toEqual([]);
  expect(errors).toEqual([]);
});

test('scripts and styles are content-hashed and cached for a year', async ({ page }) => {
  const assets: { url: string; cacheControl: string | undefined }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/'))
      assets.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
  });
  await openHydrated(page, WITCHER.path);
  await page.waitForLoadState('networkidle');
  expect(assets.some(({ url }) => url.endsWith('.js'))).toBe(true);
  expect(assets.some(({ url }) => url.endsWith('.css'))).toBe(true);
  for (const { url, cacheControl } of assets) {
    expect(url).toMatch(/-[A-Z0-9]{8}\.(js|css)$/);
    expect(cacheControl).toBe('public, max-age=31536000, immutable');
  }
});

test('following a link to another game navigates in the client without a full reload', async ({ page }) => {
  await openHydratedAndMark(page, WITCHER.path);
  const firstTopGame = page.locator('#top-games + .game-grid a').first();
  const targetName = (await firstTopGame.locator('.game-card-name').textContent()) ?? '';
  const bundle = page.waitForResponse((r) => r.url().includes('/api/pages/game/'));
  await firstTopGame.click();
  expect((await bundle).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(targetName);
  await expect(page).toHaveURL(/\/game\/[a-z0-9-]+$/);
  await expect(page).toHaveTitle(`${targetName} · Questline`);
  expect(await stayedOnPage(page)).toBe(true);
});

test('a client navigation asks the Worker for its page data once, and a page without any not at all', async ({
  page,
}) => {
  await openHydratedAndMark(page, WITCHER.path);
  const pageDataRequests = recordPageDataRequests(page);
  const firstTopGame = page.locator('#top-games + .game-grid a').first();
  const targetPath = (await firstTopGame.getAttribute('href')) ?? '';
  const targetName = (await firstTopGame.locator('.game-card-name').textContent()) ?? '';
  await firstTopGame.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(targetName);
  expect(pageDataRequests).toEqual([`/api/pages${targetPath}`]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  expect(pageDataRequests).toHaveLength(1);
  expect(await stayedOnPage(page)).toBe(true);
});

test('an unknown game shows the not-found page with top games and keeps the URL', async ({ page }) => {
  const response = await page.goto('/game/no-such-game-here');
  // A fresh render sends its head before the game is read, with 200, and the not-found screen tells
  // search engines not to index it; a repeat is answered the real 404 (worker/render/early-start.ts).
  expect([200, 404]).toContain(response?.status());
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page).toHaveURL(/\/game\/no-such-game-here$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
  await expect(page.locator('#top-games + .game-grid li')).not.toHaveCount(0);
});

test('a not-found game is kept as a marker: back on it, the not-found page shows at its URL with no request', async ({
  page,
}) => {
  await openHydratedAndMark(page, '/game/no-such-game-here');
  const pageDataRequests = recordPageDataRequests(page);
  const topGame = page.locator('#top-games + .game-grid a').first();
  const topGamePath = (await topGame.getAttribute('href')) ?? '';
  await topGame.click();
  await expect(page).toHaveURL(new RegExp(`${topGamePath}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/game\/no-such-game-here$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
  expect(pageDataRequests).toEqual([`/api/pages${topGamePath}`]);
  expect(await stayedOnPage(page)).toBe(true);
});

test('an unknown game reached in the client also shows the not-found page at its URL', async ({ page }) => {
  await openHydratedAndMark(page, WITCHER.path);
  const bundle = page.waitForResponse((r) => r.url().includes('/api/pages/game/vanished-game'));
  // A history navigation the router handles itself (as Back and Forward are).
  await page.evaluate(() => {
    window.history.pushState(null, '', '/game/vanished-game');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect((await bundle).status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
  await expect(page).toHaveURL(/\/game\/vanished-game$/);
  expect(await stayedOnPage(page)).toBe(true);
});

/** Every path of the route table, as written there (`game/:deepLink`), the catch-all and 404 left out. */
function routePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const own = route.path === undefined || route.path === '*' || route.path === '404' ? [] : [path];
    return [...own, ...routePaths(route.children ?? [], path)];
  });
}

/** A real address of the demo data for each route with parameters: a new route needs one here. */
const EXAMPLE_URLS: Record<string, string> = {
  '/game/:deepLink': '/game/portal-2',
  '/event/:deepLink': '/event/the-game-awards-2019',
  '/lists/games/:deepLink': '/lists/games/indie-essentials',
  '/user/:profileName': '/user/ana_roguelites',
  // The results page answers without a query too, but is seen with one.
  '/search': '/search?q=portal',
};

test('any other path goes to the 404 page, and no route of the table does', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');

  const paths = routePaths(routes);
  expect(paths).toContain('/game/:deepLink');
  for (const path of paths) {
    const url = EXAMPLE_URLS[path] ?? (path.includes(':') ? undefined : path);
    expect(url, `an example address for the route ${path}`).toBeDefined();
    const response = await page.goto(url ?? '/');
    expect(response?.status(), `status of ${String(url)}`).toBe(200);
    expect(new URL(page.url()).pathname, `where ${String(url)} ends up`).not.toBe('/404');
  }
});

test('every completed navigation sends one page view with the final path', async ({ page }) => {
  const db = ownerDatabase();
  const before = Object.keys(
    ((await db.get('logs/page_views')) as Record<string, unknown> | null) ?? {},
  ).length;
  await openHydrated(page, WITCHER.path);
  await page.locator('#top-games + .game-grid a').first().click();
  await expect(page).not.toHaveURL(new RegExp(`${WITCHER.path}$`));
  const secondPath = new URL(page.url()).pathname;
  await expect
    .poll(async () => {
      const views = ((await db.get('logs/page_views')) as Record<string, { path: string }> | null) ?? {};
      return Object.values(views)
        .slice(before)
        .map((view) => view.path);
    })
    .toEqual([WITCHER.path, secondPath]);
});
