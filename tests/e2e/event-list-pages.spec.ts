import { expect, test } from '@playwright/test';
import {
  expectHydratedWithoutRefetch,
  openHydratedAndMark,
  recordPageDataRequests,
  stayedOnPage,
} from './page-helpers.ts';

// Demo data (seed/demo/events.json, seed/demo/lists.json); the browser tests' stack holds no other lists.
const EVENT = {
  path: '/event/the-game-awards-2020',
  name: 'The Game Awards 2020',
  games: ['Hades', 'DOOM Eternal', 'Among Us', 'Half-Life: Alyx'],
};
const LIST = {
  path: '/lists/games/indie-essentials',
  name: 'Indie essentials',
  collection: 'Roguelikes and deck-builders',
  firstGames: ['Hades', 'Slay the Spire', 'Balatro'],
};

test('the event page is complete in the server HTML, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(EVENT.path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${EVENT.name} · Questline`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EVENT.name);
  await expect(page.getByText('December 10, 2020')).toBeVisible();
  await expect(page.getByText('Online', { exact: true })).toBeVisible();
  await expect(page.locator('#event-games + .game-grid .game-card-name')).toHaveText(EVENT.games);
  // Signed out, the Follow button is a link to sign in that comes back here.
  await expect(page.getByRole('link', { name: /Follow/ })).toBeVisible();
  await context.close();
});

test('the list page is complete in the server HTML, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(LIST.path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${LIST.name} · Questline`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LIST.name);
  const collection = page.getByRole('region', { name: LIST.collection });
  await expect(collection.locator('.game-card-name').first()).toContainText(LIST.firstGames[0] ?? '');
  const names = await collection.locator('.game-card-name').allTextContents();
  expect(names.slice(0, 3)).toEqual(LIST.firstGames);
  await context.close();
});

for (const { label, path, heading } of [
  { label: 'event', path: EVENT.path, heading: EVENT.name },
  { label: 'list', path: LIST.path, heading: LIST.name },
]) {
  test(`the ${label} page hydrates from the embedded state without fetching its data again`, async ({
    page,
  }) => {
    await expectHydratedWithoutRefetch(page, path, heading);
  });

  test(`from the ${label} page to a game page in one page-data request, and back with none`, async ({
    page,
  }) => {
    await openHydratedAndMark(page, path);
    const requests = recordPageDataRequests(page);
    const firstGame = page.locator('main .game-grid a').first();
    const gamePath = (await firstGame.getAttribute('href')) ?? '';
    const gameName = (await firstGame.locator('.game-card-name').textContent()) ?? '';
    await firstGame.click();
    await expect(page).toHaveURL(new RegExp(`${gamePath}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(gameName);
    expect(requests).toEqual([`/api/pages${gamePath}`]);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // The page's data is the state its HTML carried, reused (spec section 4).
    expect(requests).toEqual([`/api/pages${gamePath}`]);
    expect(await stayedOnPage(page)).toBe(true);
  });
}

for (const path of ['/event/no-such-event', '/lists/games/no-such-list']) {
  test(`${path} shows the not-found page with top games and keeps the URL`, async ({ page }) => {
    const response = await page.goto(path);
    // 200 from a first render (its head left before the record was read), 404 for a repeat the isolate
    // remembers missing; never indexed either way (worker/render/early-start.ts).
    expect([200, 404]).toContain(response?.status());
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
    await expect(page.locator('#top-games + .game-grid li')).not.toHaveCount(0);
  });
}
