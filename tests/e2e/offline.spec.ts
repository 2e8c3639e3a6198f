import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { signIn } from './auth/auth-helpers.ts';
import { openHydrated } from './page-helpers.ts';

// The installed app and its service worker (client/browser/service-worker/): recently viewed public pages
// stay readable offline, a page never seen gets the offline page, and nothing of a member's session is
// kept for whoever uses the browser next. Demo data: seed/demo/games.jsonl, seed/demo/lists.json.

const GAME = { path: '/game/the-witcher-3-wild-hunt', name: 'The Witcher 3: Wild Hunt' };
// A list that names the game, so that its page links to it.
const LIST = { path: '/lists/games/great-rpgs', name: 'Great role-playing games' };
const UNSEEN_GAME = { path: '/game/elden-ring', name: 'ELDEN RING' };
const MEMBER = { email: 'ana_roguelites@demo.questline.invalid', password: 'questline-demo' };

// The service worker is what this file tests; the other files block it (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const PAGES_CACHE = 'questline-pages-v1';
const PAGE_DATA_CACHE = 'questline-page-data-v1';

/** The addresses (path and query) the service worker has kept in `cacheName`. */
function kept(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return `${url.pathname}${url.search}`;
    });
  }, cacheName);
}

/** Waits until the page's service worker is installed and in control of the page. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * The browser goes offline, the service worker's own requests included: Chromium's offline emulation does
 * not reach service workers (microsoft/playwright#2311), so those are failed as a lost connection would.
 */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route: Route) =>
    route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback(),
  );
}

/** A navigation the router handles itself, as Back and Forward are. */
async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a game page and a list page viewed online stay readable offline, reloaded and by client navigation', async ({
  context,
  page,
}) => {
  // Opened once: the service worker installs after the page has loaded, then keeps the page it served.
  await openHydrated(page, GAME.path);
  await serviceWorkerInControl(page);
  await expect.poll(() => kept(page, PAGES_CACHE)).toContain(GAME.path);
  // Reached by a client navigation: its data is kept, and its HTML fetched once for a later reload.
  await clientNavigate(page, LIST.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LIST.name);
  await expect.poll(() => kept(page, PAGES_CACHE)).toContain(LIST.path);
  expect(await kept(page, PAGE_DATA_CACHE)).toEqual(
    expect.arrayContaining([`/api/pages${GAME.path}`, `/api/pages${LIST.path}`]),
  );

  await goOffline(context);
  const reloaded = await page.reload();
  expect(reloaded?.headers()['x-questline-offline']).toBe('kept');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LIST.name);
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();

  // From the reloaded list page, a link back to the game: the data comes from the service worker.
  await page.getByRole('link', { name: GAME.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`${GAME.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GAME.name);

  await page.goto(LIST.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LIST.name);
});

test('offline, a page never seen shows the offline page, by a link or opened directly', async ({
  context,
  page,
}) => {
  await openHydrated(page, GAME.path);
  await serviceWorkerInControl(page);
  await expect.poll(() => kept(page, PAGES_CACHE)).toContain(GAME.path);
  await goOffline(context);

  await clientNavigate(page, UNSEEN_GAME.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re offline');
  await expect(page).toHaveURL(new RegExp(`${UNSEEN_GAME.path}$`));

  await page.goto(UNSEEN_GAME.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re offline');
  await expect(page).toHaveTitle('You’re offline · Questline');
  // It offers what can be read instead.
  await page.getByRole('link', { name: `${GAME.name} · Questline` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GAME.name);
});

test('a member’s browse page is never kept, and signing out forgets the pages kept', async ({
  context,
  page,
}) => {
  await openHydrated(page, GAME.path);
  await serviceWorkerInControl(page);
  await expect.poll(() => kept(page, PAGES_CACHE)).toContain(GAME.path);

  await signIn(page, MEMBER.email, MEMBER.password);
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // A page opened while signed in is rendered for the session: not kept either.
  await openHydrated(page, LIST.path);
  await openHydrated(page, '/browse');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const keptWhileSignedIn = [...(await kept(page, PAGES_CACHE)), ...(await kept(page, PAGE_DATA_CACHE))];
  expect(keptWhileSignedIn.filter((address) => /browse|great-rpgs|\/api\/me/.test(address))).toEqual([]);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // What was kept before is gone (the home page the visitor is now sent to may be kept afresh).
  expect(await kept(page, PAGES_CACHE)).not.toContain(GAME.path);
  expect(await kept(page, PAGE_DATA_CACHE)).not.toContain(`/api/pages${GAME.path}`);

  // The next visitor, offline, finds the offline page where the member's page was.
  await goOffline(context);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re offline');
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `${GAME.name} · Questline` })).toHaveCount(0);
});
