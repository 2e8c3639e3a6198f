import { expect, test, type Route } from '@playwright/test';

// The server's HTML is the whole page: the browser paints it once the stylesheet is there, without
// waiting for any script (worker/render/document.tsx). The scripts, which only hydrate what is already
// shown, are fetched at low priority, after the stylesheet and the images.

const PAGES = [
  { path: '/', heading: 'Find your next game' },
  { path: '/game/portal-2', heading: 'Portal 2' },
  { path: '/user/ana_roguelites', heading: 'ana_roguelites' },
  { path: '/lists/games/indie-essentials', heading: 'Indie essentials' },
  { path: '/search?q=portal', heading: /portal/i },
  { path: '/login', heading: 'Sign in' },
  { path: '/404', heading: 'We couldn’t find that page' },
];

/** The first contentful paint's time, once the page has had one. */
function firstContentfulPaint(): Promise<number> {
  return new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const paint = list.getEntriesByName('first-contentful-paint')[0];
      if (paint) resolve(paint.startTime);
    }).observe({ type: 'paint', buffered: true });
  });
}

for (const { path, heading } of PAGES) {
  test(`${path} paints in full while none of its scripts has arrived`, async ({ page }) => {
    const held: Route[] = [];
    await page.route('**/assets/**/*.js', (route) => {
      held.push(route);
    });
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(await page.evaluate(firstContentfulPaint)).toBeGreaterThan(0);
    // Nothing ran: the scripts are still on their way and the page has not hydrated.
    expect(held.length).toBeGreaterThan(0);
    await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    for (const route of held) await route.abort().catch(() => undefined);
  });
}

test('the page’s scripts are fetched at low priority, the stylesheet at the highest', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priorities = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    priorities.set(new URL(event.request.url).pathname, event.request.initialPriority);
  });
  await page.goto('/game/portal-2');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();

  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"], script[type="module"][src]')].map(
      (element) =>
        new URL(element.getAttribute('href') ?? element.getAttribute('src') ?? '', location.href).pathname,
    ),
  );
  expect(preloaded.length).toBeGreaterThan(1);
  for (const script of preloaded) expect(priorities.get(script), script).toBe('Low');
  const stylesheet = await page.locator('link[rel="stylesheet"]').getAttribute('href');
  expect(priorities.get(stylesheet ?? '')).toBe('VeryHigh');
});
