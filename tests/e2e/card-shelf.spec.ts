import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations, openHydrated, sessionToken, uidOf } from './page-helpers.ts';

// A game card's shelf menu wherever cards show (here a game page's "Top games" and home): the button is in
// the server's HTML for everyone; a visitor's menu asks them to sign in; a member's shelves of the page's
// games come after hydration in ONE request, and the menu's code loads on its first opening. The menu
// works from the keyboard (Enter opens, arrows move, Enter chooses, Escape gives the focus back). With
// CARD_SHELF_SHOTS=<folder>, a card with its menu open is saved there at 320 px, light and dark.
const SHOTS = process.env.CARD_SHELF_SHOTS;
const PAGE = '/game/frostpunk';
const SMALLEST = { width: 320, height: 640 };

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The cards of the page's "Top games". */
const topGames = (page: Page) => page.getByRole('region', { name: 'Top games' }).locator('.game-card');

/** A card's game: its deep link and name, read from its link. */
async function gameOf(card: Locator): Promise<{ id: string; name: string }> {
  const href = (await card.getByRole('link').getAttribute('href')) ?? '';
  const name = (await card.locator('.game-card-name').textContent()) ?? '';
  return { id: href.replace('/game/', ''), name };
}

test('a visitor’s card menu asks them to sign in, at 320 px in light and dark, and asks the API nothing', async ({
  browser,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: SMALLEST, colorScheme });
    const page = await context.newPage();
    const shelfCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/shelves')) shelfCalls.push(request.url());
    });
    await openHydrated(page, PAGE);
    const card = topGames(page).first();
    const { name } = await gameOf(card);
    const button = card.getByRole('button', { name: `Shelf, ${name}` });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `with the cards' shelf buttons, ${colorScheme}`);

    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Shelf for ${name}` });
    const signIn = menu.getByRole('menuitem', { name: 'Sign in to shelve it' });
    await expect(signIn).toBeFocused();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `with a visitor's card menu open, ${colorScheme}`);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/visitor-320-${colorScheme}.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await signIn.click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(PAGE);
    expect(shelfCalls).toEqual([]);
    await context.close();
  }
});

test('a member shelves a card’s game from the keyboard; the page asks for its cards’ shelves once', async ({
  page,
  context,
}) => {
  await signUp(page, uniqueMember('cardshelf'));
  await expect(page).toHaveURL(/\/browse$/);
  const uid = uidOf(await sessionToken(context));
  const db = ownerDatabase();
  const mineCalls: string[] = [];
  const menuCode: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/shelves/mine')) mineCalls.push(request.url());
    if (/\/chunks\/card-shelf-menu-/.test(request.url())) menuCode.push(request.url());
  });

  await openHydrated(page, PAGE);
  const cards = topGames(page);
  const card = cards.first();
  const game = await gameOf(card);
  // One request for every card of the page (the suggested games' and the top games'), none a card.
  await expect.poll(() => mineCalls.length).toBe(1);
  const asked = new URL(mineCalls[0] ?? '').searchParams.get('ids')?.split(',') ?? [];
  expect(asked).toContain(game.id);
  expect(asked.length).toBeGreaterThanOrEqual(await cards.count());
  expect(menuCode).toEqual([]);

  const button = card.getByRole('button', { name: `Shelf, ${game.name}` });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Shelf for ${game.name}` });
  const item = (shelf: string) => menu.getByRole('menuitemradio', { name: shelf, exact: true });
  await expect(item('Want to play')).toBeFocused();
  expect(menuCode).toHaveLength(1);
  await expectNoAxeViolations(page, "with a member's card menu open");
  await page.keyboard.press('ArrowDown');
  await expect(item('Playing')).toBeFocused();
  await page.keyboard.press('End');
  await expect(item('Dropped')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Want to play')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(item('Played')).toBeFocused();
  await page.keyboard.press('Enter');

  // Chosen: the menu closes, the focus is back on the button, which names the shelf.
  await expect(menu).toHaveCount(0);
  const played = card.getByRole('button', { name: `Played, ${game.name}` });
  await expect(played).toBeFocused();
  await expect.poll(() => db.get(`users/${uid}/private/gamelist/${game.id}/status`)).toBe('played');
  await expect(card.getByRole('status')).toHaveText(`${game.name} is on Played.`);

  // Reopened, the focus starts on the member's shelf; Escape closes and gives the focus back.
  await page.keyboard.press('ArrowDown');
  await expect(item('Played')).toBeFocused();
  await expect(item('Played')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(played).toBeFocused();

  // After a reload the card shows it from the one request, as it does on every page showing the game.
  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await expect(
    topGames(page)
      .first()
      .getByRole('button', { name: `Played, ${game.name}` }),
  ).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize(SMALLEST);
    await openHydrated(page, '/');
    const onHome = page.locator('.game-card').filter({ has: page.getByRole('link', { name: game.name }) });
    if ((await onHome.count()) > 0)
      await expect(onHome.first().getByRole('button', { name: `Played, ${game.name}` })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `home with the member's card shelves, ${colorScheme}`);
    await openHydrated(page, PAGE);
    const shown = topGames(page).first();
    await shown.getByRole('button', { name: `Played, ${game.name}` }).click();
    await expect(menu.getByRole('menuitemradio', { name: 'Played' })).toBeFocused();
    expect(await sidewaysOverflow(page)).toBe(0);
    if (SHOTS)
      await page
        .getByRole('region', { name: 'Top games' })
        .screenshot({ path: `${SHOTS}/member-320-${colorScheme}.png` });

    // Taken off from the menu: the card says "Shelf" again.
    if (colorScheme === 'dark') {
      await menu.getByRole('menuitem', { name: 'Take it off' }).click();
      await expect(shown.getByRole('button', { name: `Shelf, ${game.name}` })).toBeVisible();
      await expect.poll(() => db.get(`users/${uid}/private/gamelist/${game.id}/status`)).toBeNull();
    } else {
      await page.keyboard.press('Escape');
    }
  }
});

test('a member shelves a game from the search results; members among them have no shelf', async ({
  page,
  context,
}) => {
  const member = uniqueMember('searchshelf');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = uidOf(await sessionToken(context));
  const mineCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/shelves/mine')) mineCalls.push(request.url());
  });
  await page.setViewportSize(SMALLEST);
  await openHydrated(page, '/search?q=subnautica');
  const result = page
    .locator('.search-results li')
    .filter({ has: page.getByRole('link', { name: /Subnautica/ }) });
  const button = result.first().getByRole('button', { name: 'Shelf, Subnautica' });
  await expect(button).toBeVisible();
  await expect.poll(() => mineCalls.length).toBe(1);
  expect(new URL(mineCalls[0] ?? '').searchParams.get('ids')?.split(',')).toContain('subnautica');
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, 'search results with shelf buttons');

  await button.click();
  const menu = page.getByRole('menu', { name: 'Shelf for Subnautica' });
  await menu.getByRole('menuitemradio', { name: 'Want to play' }).click();
  await expect(result.first().getByRole('button', { name: 'Want to play, Subnautica' })).toBeFocused();
  await expect
    .poll(() => ownerDatabase().get(`users/${uid}/private/gamelist/subnautica/status`))
    .toBe('want');
  expect(await sidewaysOverflow(page)).toBe(0);

  // A member's own result has no shelf button.
  await openHydrated(page, `/search?q=${member.username}`);
  const own = page
    .locator('.search-results li')
    .filter({ has: page.getByRole('link', { name: new RegExp(member.username) }) });
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('button')).toHaveCount(0);
});
