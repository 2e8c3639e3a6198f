import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectAnswered, expectNoAxeViolations, openHydrated, sessionToken, uidOf } from './page-helpers.ts';

// A game's shelves on its page: everyone sees how many members have it on each shelf (server-rendered
// from the game record, the same HTML for all, so the page stays edge-cacheable); a visitor is asked to
// sign in; a member puts the game on a shelf with one tap, moves it, takes it off, and finds it after a
// reload. The code that changes a shelf loads on the first tap only. With SHELF_SHOTS=<folder>, the
// control is saved there at 320 px, light and dark, to be looked at.
// Demo games (seed/demo/games.jsonl) no other test opens, one per test so counts do not mix.
const SHOTS = process.env.SHELF_SHOTS;
const VISITED = { id: 'dont-starve-together', path: '/game/dont-starve-together' };
const SHELVED = { id: 'disco-elysium', path: '/game/disco-elysium' };
const SMALLEST = { width: 320, height: 640 };

const shelfItem = (page: Page, name: string) =>
  page.locator('.shelf-control .shelf-list li').filter({ has: page.getByText(name, { exact: true }) });

async function shelfCount(gameId: string, shelf: string): Promise<number> {
  const value = await ownerDatabase().get(`games/${gameId}/shelves/${shelf}`);
  return typeof value === 'number' ? value : 0;
}

/** How far the page can scroll sideways (0 when it fits the screen). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('a visitor sees how many members have the game on each shelf and is asked to sign in', async ({
  browser,
}) => {
  await ownerDatabase().patch(`games/${VISITED.id}`, {
    shelves: { want: 3, playing: 1, played: 1204, dropped: 0 },
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: SMALLEST, colorScheme });
    const page = await context.newPage();
    const statusCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/status')) statusCalls.push(request.url());
    });
    await openHydrated(page, VISITED.path);
    const shelves = page.getByRole('region', { name: 'Shelves' });
    await expect(shelves).toBeVisible();
    // The numbers read as members, for a screen reader too.
    await expect(shelfItem(page, 'Want to play')).toHaveText('Want to play3 members');
    await expect(shelfItem(page, 'Playing')).toHaveText('Playing1 member');
    await expect(shelfItem(page, 'Played')).toHaveText('Played1,204 members');
    await expect(shelfItem(page, 'Dropped')).toHaveText('Dropped0 members');
    await expect(shelves.getByRole('button')).toHaveCount(0);
    const signIn = shelves.getByRole('link', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `with the shelves, ${colorScheme}`);
    if (SHOTS) await shelves.screenshot({ path: `${SHOTS}/visitor-320-${colorScheme}.png` });
    await signIn.click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(VISITED.path);
    // Nobody signed in: the API was never asked for a shelf.
    expect(statusCalls).toEqual([]);
    await context.close();
  }
});

test('a member shelves a game with one tap, moves it, finds it after a reload, and takes it off', async ({
  page,
  context,
}) => {
  const member = uniqueMember('shelver');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = uidOf(await sessionToken(context));
  const db = ownerDatabase();
  const playedBefore = await shelfCount(SHELVED.id, 'played');
  const playingBefore = await shelfCount(SHELVED.id, 'playing');
  const changeCode: string[] = [];
  page.on('request', (request) => {
    if (/\/chunks\/shelf-change-/.test(request.url())) changeCode.push(request.url());
  });

  await openHydrated(page, SHELVED.path);
  const played = page.getByRole('button', { name: 'Played', exact: true });
  const playing = page.getByRole('button', { name: 'Playing', exact: true });
  // The member's shelf has been read (none): the buttons take taps.
  await expect(played).toHaveAttribute('aria-pressed', 'false');
  await expect(played).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('region', { name: 'Shelves' }).getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(page, 'with the shelf buttons');
  expect(changeCode).toEqual([]);

  await played.click();
  await expect(played).toHaveAttribute('aria-pressed', 'true');
  await expect(shelfItem(page, 'Played')).toContainText(String(playedBefore + 1));
  await expect.poll(() => db.get(`users/${uid}/private/gamelist/${SHELVED.id}/status`)).toBe('played');
  // The member's entry shows the shelf as soon as the write takes its gate, a moment before the PATCH
  // moving the counts lands: the counts are polled, never read once.
  await expect.poll(() => shelfCount(SHELVED.id, 'played')).toBe(playedBefore + 1);
  // The change's code came with the first tap.
  expect(changeCode).toHaveLength(1);

  // Another shelf moves it: one shelf per game.
  await expect(played).not.toHaveAttribute('aria-disabled', 'true');
  await playing.click();
  await expect(playing).toHaveAttribute('aria-pressed', 'true');
  await expect(played).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => db.get(`users/${uid}/private/gamelist/${SHELVED.id}/status`)).toBe('playing');
  await expect.poll(() => shelfCount(SHELVED.id, 'played')).toBe(playedBefore);
  await expect.poll(() => shelfCount(SHELVED.id, 'playing')).toBe(playingBefore + 1);
  await expectNoAxeViolations(page, 'with a shelf chosen');

  // Kept, and answered before the reload leaves the page: nothing of the move is left in flight.
  await expectAnswered(playing);
  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await expect(playing).toHaveAttribute('aria-pressed', 'true');
  await expect(shelfItem(page, 'Playing')).toContainText(String(playingBefore + 1));

  // Its own shelf again takes it off, from the keyboard.
  await expect(playing).not.toHaveAttribute('aria-disabled', 'true');
  await playing.focus();
  await page.keyboard.press('Enter');
  await expect(playing).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => db.get(`users/${uid}/private/gamelist/${SHELVED.id}/status`)).toBeNull();
  await expect.poll(() => shelfCount(SHELVED.id, 'playing')).toBe(playingBefore);

  if (SHOTS) {
    await played.click();
    await expect(played).toHaveAttribute('aria-pressed', 'true');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(SMALLEST);
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.locator('.game-hero').screenshot({ path: `${SHOTS}/member-320-${colorScheme}.png` });
    }
  }
});

test('the game page server HTML shows the counts and is the same with and without a session', async ({
  page,
  context,
  request,
}) => {
  await signUp(page, uniqueMember('shelfcache'));
  await expect(page).toHaveURL(/\/browse$/);
  const token = await sessionToken(context);
  const anonymous = await request.get(VISITED.path);
  const withSession = await request.get(VISITED.path, { headers: { Cookie: `__session=${token}` } });
  const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  const anonymousMain = mainOf(await anonymous.text());
  expect(anonymousMain).toContain('class="shelf-control"');
  expect(mainOf(await withSession.text())).toBe(anonymousMain);
});
