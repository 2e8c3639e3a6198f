import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { BrowsePageData } from '../../shared/api/browse-page.ts';
import { slugFromName } from '../../shared/catalogue/slug.ts';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { expectNoAxeViolations, openHydrated, sessionToken } from './page-helpers.ts';

// Tags a member never wants to see (issue 12), with the demo data: a member hides "Horror" on browse, and
// Inscryption and Lethal Company (tagged Horror) leave their suggestions and the Strategy genre's page; the
// Horror tag's own page, opened on purpose, still shows them; "Show again" brings them back.

/** The games the catalogue grid shows now. */
const catalogueGames = (page: Page) => page.locator('#catalogue-games + .game-grid .game-card-name');

/** The ids of the games the member's browse bundle would ask them about. */
async function suggestedIds(page: Page): Promise<string[]> {
  const token = await sessionToken(page.context());
  const response = await page.request.get('/api/browse', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as BrowsePageData).suggestions.map((game) => game.uuid);
}

test('a member hides Horror: its games leave suggestions and genre pages until shown again', async ({
  page,
}) => {
  await signUp(page, uniqueMember('hider'));
  await expect(page).toHaveURL(/\/browse$/);
  // Valheim's followers also follow Lethal Company: following Valheim gets it suggested.
  const token = await sessionToken(page.context());
  const followed = await page.request.put('/api/follows/game/valheim', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(followed.status()).toBe(200);
  expect(await suggestedIds(page)).toContain('lethal-company');

  await openHydrated(page, '/browse?genre=strategy');
  await expect(catalogueGames(page)).toContainText(['Inscryption']);

  await openHydrated(page, '/browse');
  await page.getByText('Tags you don’t want to see (0)').click();
  await page.getByLabel('Find a tag').fill('horr');
  await page.getByRole('button', { name: 'Hide Horror', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Games tagged Horror are hidden from you.' }),
  ).toBeVisible();
  const hiddenList = page.getByRole('list', { name: 'Tags you hide' });
  await expect(hiddenList).toContainText('Horror');
  await expectNoAxeViolations(page, 'hidden tags open');

  const suggested = await suggestedIds(page);
  expect(suggested).not.toContain('lethal-company');
  expect(suggested).not.toContain('inscryption');

  // The genre page leaves Inscryption out and keeps the other strategy games.
  await openHydrated(page, '/browse?genre=strategy');
  await expect(catalogueGames(page).first()).toBeVisible();
  await expect(catalogueGames(page).filter({ hasText: 'Inscryption' })).toHaveCount(0);
  // Horror's own page, opened on purpose, shows its games, and says why.
  await openHydrated(page, '/browse?tag=horror');
  await expect(page.getByText('You hide this tag')).toBeVisible();
  await expect(catalogueGames(page).filter({ hasText: 'Lethal Company' })).toHaveCount(1);
  await expect(catalogueGames(page).filter({ hasText: 'Inscryption' })).toHaveCount(1);

  // The choice stays after a reload; Show again takes it back.
  await openHydrated(page, '/browse');
  await page.getByText('Tags you don’t want to see (1)').click();
  await page.getByRole('button', { name: 'Show again: Horror' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Games tagged Horror show again.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags you hide' })).toHaveCount(0);
  expect(await suggestedIds(page)).toContain('lethal-company');
  await openHydrated(page, '/browse?genre=strategy');
  await expect(catalogueGames(page)).toContainText(['Inscryption']);
});

test('a tag the catalogue does not have is neither offered nor accepted', async ({ page }) => {
  await signUp(page, uniqueMember('hider'));
  await expect(page).toHaveURL(/\/browse$/);
  await openHydrated(page, '/browse');
  await page.getByText('Tags you don’t want to see (0)').click();
  await page.getByLabel('Find a tag').fill('no such tag at all');
  await expect(page.getByText('No tag of the catalogue matches “no such tag at all”.')).toBeVisible();
  // The API refuses it too, and writes nothing.
  const token = await sessionToken(page.context());
  const refused = await page.request.put('/api/hidden-tags/no-such-tag-at-all', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(404);
  const listed = await page.request.get('/api/hidden-tags', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await listed.json()).toEqual({ tags: [] });
});

/** The demo games' tags by name (seed/demo/games.jsonl). */
const DEMO_TAGS = new Map(
  readFileSync(new URL('../../seed/demo/games.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { name: string; tags: string[] })
    .map((game) => [game.name, game.tags] as const),
);

test('home, the same page for everyone, leaves out a signed-in member’s hidden games once hydrated', async ({
  page,
}) => {
  await signUp(page, uniqueMember('hider'));
  await expect(page).toHaveURL(/\/browse$/);
  const topGames = page.locator('#top-games + .game-grid .game-card-name');
  await openHydrated(page, '/');
  const shown = await topGames.allTextContents();
  // The first top game whose tags another shown game does not all share: hiding one of them leaves it out.
  const [gameName, tag] =
    shown
      .map((name) => [name, DEMO_TAGS.get(name) ?? []] as const)
      .flatMap(([name, tags]) =>
        tags
          .filter((candidate) => shown.some((other) => !(DEMO_TAGS.get(other) ?? []).includes(candidate)))
          .map((candidate) => [name, candidate] as const),
      )[0] ?? [];
  if (gameName === undefined || tag === undefined) throw new Error('No top game of the demo data has a tag');

  const token = await sessionToken(page.context());
  const slug = slugFromName(tag);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  expect((await page.request.put(`/api/hidden-tags/${slug}`, auth)).status()).toBe(200);
  await openHydrated(page, '/');
  // One answer takes the game out of both grids, after hydration.
  await expect.poll(() => topGames.allTextContents()).not.toContain(gameName);
  await expect(topGames.first()).toBeVisible();
  // Trending leaves out every game with the tag too.
  for (const name of await page.locator('#trending + .game-grid .game-card-name').allTextContents())
    expect(DEMO_TAGS.get(name) ?? [], name).not.toContain(tag);

  expect((await page.request.delete(`/api/hidden-tags/${slug}`, auth)).status()).toBe(200);
  await openHydrated(page, '/');
  await expect.poll(() => topGames.allTextContents()).toContain(gameName);
});
