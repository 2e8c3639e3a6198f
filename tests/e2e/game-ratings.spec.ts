import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations, openHydrated, sessionToken, uidOf } from './page-helpers.ts';

// A game's ratings on its page: how many, the average with one decimal and the distribution as bars
// whose numbers a screen reader reads, server-rendered for everyone; a member rates with one tap (a game
// on no shelf goes on "played", shown at once by the shelf control), changes and clears it. With
// SHELF_SHOTS=<folder>, the ratings are saved there at 320 px, light and dark, to be looked at.
// Demo games (seed/demo/games.jsonl) no other test opens.
const SHOTS = process.env.SHELF_SHOTS;
const SHOWN = { id: 'dave-the-diver', path: '/game/dave-the-diver' };
const RATED = { id: 'among-us', path: '/game/among-us' };
const SMALLEST = { width: 320, height: 640 };

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('a visitor sees the number of ratings, the average with one decimal and each score’s bar', async ({
  browser,
}) => {
  // 3 tens, 2 nines, 1 one: 49 / 6 = 8.17 → 8.2.
  await ownerDatabase().patch(`games/${SHOWN.id}`, { ratings: { count: 6, sum: 49, s10: 3, s9: 2, s1: 1 } });
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: SMALLEST, colorScheme });
    const page = await context.newPage();
    await openHydrated(page, SHOWN.path);
    const ratings = page.getByRole('region', { name: 'Ratings' });
    await expect(ratings.locator('.rating-average')).toHaveText('8.2 out of 10 from 6 ratings');
    const bars = ratings.getByRole('list', { name: 'How members rated it' }).getByRole('listitem');
    await expect(bars).toHaveCount(10);
    await expect(bars.nth(0)).toHaveText('Score 1: 1 rating');
    await expect(bars.nth(8)).toHaveText('Score 9: 2 ratings');
    await expect(bars.nth(9)).toHaveText('Score 10: 3 ratings');
    await expect(bars.nth(4)).toHaveText('Score 5: 0 ratings');
    await expect(ratings.getByRole('button')).toHaveCount(0);
    await expect(ratings.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `with the ratings, ${colorScheme}`);
    if (SHOTS) await ratings.screenshot({ path: `${SHOTS}/ratings-320-${colorScheme}.png` });
    await context.close();
  }
});

test('a member rates an unshelved game with one tap, which shelves it as played; changes and clears it', async ({
  page,
  context,
}) => {
  await signUp(page, uniqueMember('rater'));
  await expect(page).toHaveURL(/\/browse$/);
  const uid = uidOf(await sessionToken(context));
  const db = ownerDatabase();
  const rateCode: string[] = [];
  page.on('request', (request) => {
    if (/\/chunks\/rating-change-/.test(request.url())) rateCode.push(request.url());
  });

  await openHydrated(page, RATED.path);
  const group = page.getByRole('group', { name: 'Your rating' });
  const eight = group.getByRole('button', { name: '8 out of 10' });
  await expect(eight).toHaveAttribute('aria-pressed', 'false');
  await expect(eight).not.toHaveAttribute('aria-disabled', 'true');
  const played = page.getByRole('button', { name: 'Played', exact: true });
  await expect(played).toHaveAttribute('aria-pressed', 'false');
  await expectNoAxeViolations(page, 'with the rating buttons');
  expect(rateCode).toEqual([]);
  const before = ((await db.get(`games/${RATED.id}/ratings/count`)) as number | null) ?? 0;

  await eight.click();
  await expect(eight).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => db.get(`users/${uid}/private/gamelist/${RATED.id}/score`)).toBe(8);
  // Rated, so played: in the database and on the page, without a reload. The member's entry shows the new
  // score as soon as the write takes its gate, a moment before the PATCH moving the counts lands: those
  // are polled too, never read once.
  expect(await db.get(`users/${uid}/private/gamelist/${RATED.id}/status`)).toBe('played');
  await expect(played).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => db.get(`games/${RATED.id}/ratings/count`)).toBe(before + 1);
  await expect(page.locator('.rating-count')).toHaveText(
    before + 1 === 1 ? '1 rating' : `${String(before + 1)} ratings`,
  );
  expect(rateCode).toHaveLength(1);

  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await expect(eight).toHaveAttribute('aria-pressed', 'true');
  const three = group.getByRole('button', { name: '3 out of 10' });
  await expect(three).not.toHaveAttribute('aria-disabled', 'true');
  await three.click();
  await expect(three).toHaveAttribute('aria-pressed', 'true');
  await expect(eight).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => db.get(`users/${uid}/private/gamelist/${RATED.id}/score`)).toBe(3);

  // Its own score again clears it, from the keyboard; the game stays played.
  await expect(three).not.toHaveAttribute('aria-disabled', 'true');
  await three.focus();
  await page.keyboard.press('Enter');
  await expect(three).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => db.get(`users/${uid}/private/gamelist/${RATED.id}/score`)).toBeNull();
  await expect.poll(() => db.get(`games/${RATED.id}/ratings/count`)).toBe(before);
  await expect(played).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, 'after clearing the rating');
});
