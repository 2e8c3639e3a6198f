import { expect, test, type Page } from '@playwright/test';
import { currentUid, signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { openHydratedAndMark, stayedOnPage } from './page-helpers.ts';

// The browse page of a new member: games to answer one after another (the suggestion engine's seed games
// first, since a new member follows nothing), each answer saved and gone from the next visit; the games
// the member follows; the catalogue by genre, page after page.

/** The game the suggestion card asks about now. */
const askedGame = (page: Page) => page.locator('.suggestion-card h3');

test('a new member answers suggestions one after another; an answer is saved and not asked again', async ({
  page,
}) => {
  const member = uniqueMember('browse');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { name: 'Would you play it?' })).toBeVisible();
  const first = (await askedGame(page).textContent()) ?? '';
  expect(first).not.toBe('');
  // A new member follows nothing: the card says why it asks without naming a game they do not follow.
  await expect(page.locator('.suggestion-card .suggestion-reason')).toHaveText(
    'Popular with players whose tastes agree',
  );

  await page.getByRole('button', { name: `Yes, I would play ${first}` }).click();
  await expect(page.locator('.suggestion-status')).toHaveText(`Yes to ${first}.`);
  const second = (await askedGame(page).textContent()) ?? '';
  expect(second).not.toBe(first);
  // By keyboard: the No button of the next game.
  await page.getByRole('button', { name: `No, not ${second}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.suggestion-status')).toHaveText(`No to ${second}.`);

  const uid = await currentUid(page);
  const answers = (await ownerDatabase().get(`suggestions_history/${uid}`)) as Record<
    string,
    { success: string }
  >;
  const answered = Object.fromEntries(Object.entries(answers).map(([id, entry]) => [id, entry.success]));
  expect(Object.values(answered).sort()).toEqual(['no', 'yes']);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Would you play it?' })).toBeVisible();
  const asked = (await askedGame(page).textContent()) ?? '';
  expect([first, second]).not.toContain(asked);
});

test('a member follows a game and finds it on browse; the catalogue pages through a genre', async ({
  page,
}) => {
  const member = uniqueMember('catalogue');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await page.goto('/game/hades');
  const followed = page.waitForResponse(
    (response) => response.url().endsWith('/api/follows/game/hades') && response.request().method() === 'PUT',
  );
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Follow/ })
    .click();
  await expect(page.getByRole('main').getByRole('button', { name: /^Following/ })).toBeVisible();
  // The button shows the follow at once; the page reads it once the Worker has written it.
  expect((await followed).status()).toBe(200);

  await openHydratedAndMark(page, '/browse');
  await expect(page.locator('#followed-games + .game-grid')).toContainText('Hades');
  // What Hades' players also play is asked now, and the card says so, with a link back to Hades.
  const reason = page.locator('.suggestion-card .suggestion-reason');
  await expect(reason).toHaveText('Because you follow Hades');
  await expect(reason.getByRole('link', { name: 'Hades' })).toHaveAttribute('href', '/game/hades');

  const genres = page.getByRole('navigation', { name: 'Genres' });
  const genre = genres.getByRole('link').first();
  const genreName = ((await genre.textContent()) ?? '').replace(/\s*\d+$/, '').trim();
  await genre.click();
  await expect(page).toHaveURL(/\/browse\?genre=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${genreName} games`);
  const firstPage = await page.locator('#catalogue-games + .game-grid .game-card-name').allTextContents();
  expect(firstPage.length).toBeGreaterThan(0);
  const next = page.getByRole('link', { name: 'Next page' });
  if ((await next.count()) > 0) {
    await next.click();
    await expect(page).toHaveURL(/after=/);
    // The address changes as the router commits; React shows the next page's games a moment later.
    const names = page.locator('#catalogue-games + .game-grid .game-card-name');
    await expect(names.first()).not.toHaveText(firstPage[0] ?? '');
    const secondPage = await names.allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  }
  expect(await stayedOnPage(page)).toBe(true);
});
