import { expect, test, type Page } from '@playwright/test';
import { currentUid, signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations } from './page-helpers.ts';

// The suggestion deck's "Played it" beside Yes and No (issue 24, point 1): the game goes on the member's
// "played" shelf and the answer counts as a yes for the suggestion engine; the next game comes up and
// the answered one is not asked again. With DECK_SHOTS=<folder>, the deck is saved there at 320 px, light
// and dark.
const SHOTS = process.env.DECK_SHOTS;
const SMALLEST = { width: 320, height: 640 };

const askedGame = (page: Page) => page.locator('.suggestion-card h3');

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('“Played it” shelves the game as played and answers yes; the next game comes up', async ({ page }) => {
  await signUp(page, uniqueMember('playedit'));
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { name: 'Would you play it?' })).toBeVisible();
  const deck = page.getByRole('region', { name: 'Would you play it?' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize(SMALLEST);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `browse with the deck, ${colorScheme}`);
    if (SHOTS) await deck.screenshot({ path: `${SHOTS}/deck-320-${colorScheme}.png` });
  }

  const name = (await askedGame(page).textContent()) ?? '';
  const gameId = ((await askedGame(page).getByRole('link').getAttribute('href')) ?? '').replace('/game/', '');
  expect(gameId).not.toBe('');
  // From the keyboard.
  await page.getByRole('button', { name: `Played it: put ${name} on your Played shelf` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.suggestion-status')).toHaveText(`Played: ${name} is on your Played shelf.`);
  await expect(askedGame(page)).not.toHaveText(name);

  const uid = await currentUid(page);
  const db = ownerDatabase();
  await expect.poll(() => db.get(`users/${uid}/private/gamelist/${gameId}/status`)).toBe('played');
  // The entry shows the shelf as soon as the write takes its gate; the index comes with its PATCH.
  await expect.poll(() => db.get(`shelves_by_userid/${uid}/${gameId}/status`)).toBe('played');
  // The answer recorded for the engine is a yes, the only one so far.
  const answers = async () =>
    Object.values(
      ((await db.get(`suggestions_history/${uid}`)) ?? {}) as Record<string, { success: string }>,
    );
  await expect.poll(async () => (await answers()).map((entry) => entry.success)).toEqual(['yes']);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Would you play it?' })).toBeVisible();
  await expect(askedGame(page)).not.toHaveText(name);
});
