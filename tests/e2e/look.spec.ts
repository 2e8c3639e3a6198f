import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { openHydrated } from './page-helpers.ts';

// How the site looks and behaves to the eye: light and dark following the system, no sideways scrolling
// on the narrowest phone, images that keep their box and a placeholder when they cannot load, a progress
// bar during client navigations, a focus ring wherever the keyboard goes. With LOOK_SHOTS=<folder>, every
// page type is also saved there, phone and desktop, light and dark, to be looked at.
const SHOTS = process.env.LOOK_SHOTS;

// The page's own requests, not the service worker's, so that page.route holds back the page data (the
// progress bar tests); contexts made here with browser.newContext say so themselves where it matters.
const PAGE_TYPES = [
  { name: 'home', path: '/' },
  { name: 'game', path: '/game/the-witcher-3-wild-hunt' },
  { name: 'user', path: '/user/ana_roguelites' },
  { name: 'event', path: '/event/the-game-awards-2019' },
  { name: 'list', path: '/lists/games/indie-essentials' },
  { name: 'not-found', path: '/game/no-such-game' },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'search', path: '/search?q=witcher' },
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SMALLEST = { width: 320, height: 640 };
/** A demo game no other test opens, given an image on Steam's servers (out of the tests' reach). */
const KERBAL = {
  deepLink: 'kerbal-space-program',
  icon: 'https://cdn.akamai.steamstatic.com/steam/apps/220200/header.jpg',
};

/** A new member on their browse page, in a context of its own. */
async function memberOnBrowse(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signUp(page, uniqueMember('look'));
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  return page;
}

/** How far the page can scroll sideways (0 when it fits the screen). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The relative luminance of an element's computed `property` colour (0 black, 1 white). */
function luminance(page: Page, selector: string, property: 'color' | 'background-color'): Promise<number> {
  return page.locator(selector).evaluate((element, name) => {
    const value = getComputedStyle(element).getPropertyValue(name);
    const [r = 0, g = 0, b = 0] = (value.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  }, property);
}

test('light and dark follow the system’s preference', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await openHydrated(page, '/game/the-witcher-3-wild-hunt');
    const background = await luminance(page, 'html', 'background-color');
    const text = await luminance(page, 'h1', 'color');
    if (colorScheme === 'light') {
      expect(background).toBeGreaterThan(0.8);
      expect(text).toBeLessThan(0.05);
    } else {
      expect(background).toBeLessThan(0.05);
      expect(text).toBeGreaterThan(0.6);
    }
    // Form controls and scrollbars follow as well.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'light dark',
    );
    await context.close();
  }
});

test('no page scrolls sideways on a 320px-wide phone, signed in or not', async ({ browser }) => {
  const context = await browser.newContext({ viewport: SMALLEST });
  const page = await context.newPage();
  for (const { name, path: url } of PAGE_TYPES) {
    await openHydrated(page, url);
    expect(await sidewaysOverflow(page), name).toBe(0);
  }
  await context.close();
  const member = await memberOnBrowse(browser, SMALLEST);
  expect(await sidewaysOverflow(member), 'browse').toBe(0);
  await member.context().close();
});

test('grids reflow: two columns of games on a phone, five or more on a desktop', async ({ browser }) => {
  for (const [viewport, columns] of [
    [PHONE, 2],
    [DESKTOP, 5],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openHydrated(page, '/game/the-witcher-3-wild-hunt');
    const tops = await page
      .getByRole('region', { name: 'Top games' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(tops.filter((top) => top === tops[0]).length, `${String(viewport.width)}px`).toBe(columns);
    await context.close();
  }
});

test('game art keeps its box before any script runs, and shows the placeholder when the image cannot load', async ({
  browser,
}) => {
  // The catalogue's images live on Steam's servers, which the browser tests cannot reach: this one fails.
  await ownerDatabase().put(`games/${KERBAL.deepLink}/icon`, KERBAL.icon);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`/game/${KERBAL.deepLink}`);
  const hero = page.locator('.game-art-hero');
  await expect(hero.locator('img')).toHaveAttribute('width', '460');
  await expect(hero.locator('img')).toHaveAttribute('height', '215');
  const box = await hero.boundingBox();
  expect(box && Math.round((box.width * 215) / 460)).toBe(box && Math.round(box.height));
  await expect(hero.getByText('KS')).toBeVisible();
  // Every image of the page has its size written down, so nothing moves when images arrive.
  expect(
    await page
      .locator('main img')
      .evaluateAll(
        (images) =>
          images.filter((image) => !image.getAttribute('width') || !image.getAttribute('height')).length,
      ),
  ).toBe(0);
  await context.close();

  // With scripts, the failed image is taken away (also before hydration): the placeholder is what shows.
  const scripted = await browser.newPage({ viewport: DESKTOP });
  await openHydrated(scripted, `/game/${KERBAL.deepLink}`);
  await expect(scripted.locator('.game-art-hero img')).toHaveAttribute('src', KERBAL.icon);
  await expect(scripted.locator('.game-art-hero img')).toBeHidden();
  await expect(scripted.locator('.game-art-hero').getByText('KS')).toBeVisible();
  await scripted.close();
});

/** Holds every page-data answer back until `release` is called. */
async function holdPageData(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/pages/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a client navigation shows a moving progress bar at the top until the next page is there', async ({
  page,
}) => {
  await openHydrated(page, '/');
  await page.evaluate(() => {
    window.scrollTo(0, document.body.scrollHeight);
  });
  const release = await holdPageData(page);
  await page
    .getByRole('link', { name: /Stardew Valley/ })
    .first()
    .click();
  const bar = page.locator('.progress');
  await expect(bar).toHaveAttribute('data-active', 'true');
  await expect(bar).toHaveCSS('opacity', '1');
  // Fixed to the top of the window, so it shows wherever the page was scrolled.
  expect((await bar.boundingBox())?.y).toBe(0);
  expect((await bar.boundingBox())?.height).toBe(4);
  expect(await bar.evaluate((element) => getComputedStyle(element, '::before').animationName)).toBe(
    'progress-indeterminate',
  );
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stardew Valley');
  await expect(bar).toHaveAttribute('data-active', 'false');
  await expect(bar).toHaveCSS('opacity', '0');
});

test('with reduced motion, the progress bar still shows, without moving', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await context.newPage();
  await openHydrated(page, '/');
  const release = await holdPageData(page);
  await page
    .getByRole('link', { name: /Hollow Knight/ })
    .first()
    .click();
  const bar = page.locator('.progress');
  await expect(bar).toHaveCSS('opacity', '1');
  const indicator = await bar.evaluate((element) => {
    const style = getComputedStyle(element, '::before');
    return { animation: style.animationName, width: style.width, barWidth: getComputedStyle(element).width };
  });
  expect(indicator.animation).toBe('none');
  expect(indicator.width).toBe(indicator.barWidth);
  release();
  await expect(bar).toHaveAttribute('data-active', 'false');
  await context.close();
});

/** Tabs through the page `stops` times; answers each focused element that shows no visible focus ring. */
async function stopsWithoutFocusRing(page: Page, stops: number): Promise<string[]> {
  const missing: string[] = [];
  for (let stop = 0; stop < stops; stop += 1) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const width = parseFloat(style.outlineWidth);
      return {
        name: `${element.tagName.toLowerCase()} ${element.textContent.trim().slice(0, 40)}`,
        visible: style.outlineStyle !== 'none' && width >= 2,
      };
    });
    if (ring && !ring.visible) missing.push(ring.name);
  }
  return missing;
}

test('every stop of the keyboard shows a focus ring, in light and dark', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    for (const url of ['/game/the-witcher-3-wild-hunt', '/lists/games/indie-essentials', '/login']) {
      await openHydrated(page, url);
      expect(await stopsWithoutFocusRing(page, 14), `${url} (${colorScheme})`).toEqual([]);
    }
    await context.close();
  }
});

test('every page type, phone and desktop, light and dark, saved for a look', async ({ browser }) => {
  test.skip(!SHOTS, 'set LOOK_SHOTS=<folder> to save the screenshots');
  test.setTimeout(180_000);
  const folder = SHOTS ?? '';
  await mkdir(folder, { recursive: true });
  const shoot = async (page: Page, name: string) => {
    await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
    // What shows first, at full size (a long phone page shrinks when viewed whole).
    await page.screenshot({ path: path.join(folder, `${name}-first-screen.png`) });
  };
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      for (const { name, path: url } of PAGE_TYPES) {
        await openHydrated(page, url);
        await shoot(page, `${name}-${label}-${colorScheme}`);
      }
      await context.close();
    }
    const member = await memberOnBrowse(browser, viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await member.emulateMedia({ colorScheme });
      await shoot(member, `browse-${label}-${colorScheme}`);
    }
    await member.context().close();
  }
  // The narrowest phone, and the server HTML as it shows before any script runs.
  const narrow = await browser.newPage({ viewport: SMALLEST });
  await openHydrated(narrow, '/game/the-witcher-3-wild-hunt');
  await shoot(narrow, 'game-320-light');
  await narrow.close();
  const noScript = await browser.newContext({
    viewport: PHONE,
    javaScriptEnabled: false,
    colorScheme: 'dark',
  });
  const plain = await noScript.newPage();
  await ownerDatabase().put(`games/${KERBAL.deepLink}/icon`, KERBAL.icon);
  await plain.goto(`/game/${KERBAL.deepLink}`);
  await shoot(plain, 'game-failed-image-phone-dark-no-script');
  await noScript.close();
});
