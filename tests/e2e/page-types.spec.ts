import { expect, test } from '@playwright/test';
import {
  expectHydratedWithoutRefetch,
  openHydratedAndMark,
  recordPageDataRequests,
  stayedOnPage,
} from './page-helpers.ts';

// The page types the game, user, event and list specs leave out (home, search results, the 404 page):
// whole in the server HTML before any script runs, and hydrated from the state that HTML carries without
// asking for it again. Then one visitor going from page type to page type in the client, each page's data
// asked for once. Demo data only (the browser tests' stack).
const PAGES = [
  {
    label: 'home',
    path: '/',
    status: 200,
    heading: 'Find your next game',
    // Featured, trending and top games, the lists and the events.
    regions: ['Featured', 'Trending now', 'Top games', 'Lists', 'Events'],
  },
  {
    label: 'search results',
    path: '/search?q=witcher',
    status: 200,
    heading: 'Results for “witcher”',
    regions: [],
  },
  {
    label: 'not-found',
    path: '/404',
    status: 404,
    heading: 'We couldn’t find that page',
    regions: ['Top games'],
  },
];

for (const { label, path, status, heading, regions } of PAGES) {
  test(`the ${label} page is complete in the server HTML, before any script runs`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    for (const name of regions)
      await expect(page.getByRole('region', { name }).getByRole('listitem').first(), name).toBeVisible();
    if (label === 'search results')
      await expect(
        page.getByRole('main').getByRole('link', { name: /The Witcher 3: Wild Hunt/ }),
      ).toHaveAttribute('href', '/game/the-witcher-3-wild-hunt');
    await context.close();
  });

  test(`the ${label} page hydrates from the embedded state without fetching its data again`, async ({
    page,
  }) => {
    await expectHydratedWithoutRefetch(page, path, heading, { notFoundLogged: status === 404 });
  });
}

test('a visitor goes from page type to page type in the client, each page’s data asked for once', async ({
  page,
}) => {
  await openHydratedAndMark(page, '/');
  const requests = recordPageDataRequests(page);
  const main = page.getByRole('main');

  // Home → a curated list.
  const listLink = page.getByRole('region', { name: 'Lists' }).getByRole('link').first();
  const listPath = (await listLink.getAttribute('href')) ?? '';
  await listLink.click();
  await expect(page).toHaveURL(new RegExp(`${listPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Find your next game');

  // List → one of its games.
  const gameLink = main.locator('.game-grid a').first();
  const gamePath = (await gameLink.getAttribute('href')) ?? '';
  const gameName = (await gameLink.locator('.game-card-name').textContent()) ?? '';
  await gameLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(gameName);

  // Back home (its data kept from the first page), then to an event.
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next game');
  const eventLink = page.getByRole('region', { name: 'Events' }).getByRole('link').first();
  const eventPath = (await eventLink.getAttribute('href')) ?? '';
  await eventLink.click();
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Find your next game');

  expect(requests).toEqual([`/api/pages${listPath}`, `/api/pages${gamePath}`, `/api/pages${eventPath}`]);
  expect(await stayedOnPage(page)).toBe(true);

  // The search results page, then a member found there, then a game they follow.
  await openHydratedAndMark(page, '/search?q=ana_roguelites');
  const tour = recordPageDataRequests(page);
  await page
    .getByRole('main')
    .getByRole('link', { name: /ana_roguelites/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ana_roguelites');
  const followed = page
    .getByRole('region', { name: 'Games ana_roguelites follows' })
    .getByRole('link')
    .first();
  const followedPath = (await followed.getAttribute('href')) ?? '';
  const followedName = (await followed.locator('.game-card-name').textContent()) ?? '';
  await followed.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(followedName);
  expect(await stayedOnPage(page)).toBe(true);

  expect(tour).toEqual(['/api/pages/user/ana_roguelites', `/api/pages${followedPath}`]);
});
