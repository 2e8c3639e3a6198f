import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations, openHydrated, sessionUid } from './page-helpers.ts';

// Taste in common on a member's profile: two members have rated six of the same games; one opens the
// other's profile and sees how much their ratings agree and the games they agree and differ on most, with
// their own scores only, at 320 px in light and dark, axe clean, reachable from the keyboard. A visitor
// gets nothing of it, not even its code. With TASTE_SHOTS=<folder>, the section is saved there at 320 px,
// light and dark, to be looked at. Scores are written into each member's private gamelist as rating does
// (shared/transitions/rating.ts), without moving the games' public ratings other tests read.
const SHOTS = process.env.TASTE_SHOTS;
const SMALLEST = { width: 320, height: 640 };

/** game → [the visitor's score, the member's score]: 0, 1, 0, 6, 5 and 2 apart, so 1 − (14/6)/9 = 74 %. */
const SCORES: Record<string, [number, number]> = {
  hades: [10, 10],
  celeste: [9, 8],
  'slay-the-spire': [8, 8],
  'outer-wilds': [9, 3],
  undertale: [2, 7],
  factorio: [6, 4],
};

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('a member sees their taste in common with another member; a visitor sees nothing of it', async ({
  browser,
}) => {
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await signUp(visitorPage, uniqueMember('taster'));
  await expect(visitorPage).toHaveURL(/\/browse$/);
  const visitor = await sessionUid(visitorContext);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = uniqueMember('tasted');
  await signUp(memberPage, member);
  await expect(memberPage).toHaveURL(/\/browse$/);
  const memberUid = await sessionUid(memberContext);
  const profile = `/user/${member.username}`;

  // Nothing rated in common yet: the section says so, and what it takes.
  await openHydrated(visitorPage, profile);
  await expect(
    visitorPage.getByRole('region', { name: 'Taste in common' }).locator('.taste-note'),
  ).toHaveText(
    `You and ${member.username} have not rated any of the same games yet. Rate 5 in common to see how much your taste agrees.`,
  );
  await expectNoAxeViolations(visitorPage, 'with nothing in common');

  await ownerDatabase().patch(
    '',
    Object.fromEntries(
      Object.entries(SCORES).flatMap(([gameId, [mine, theirs]], n) => [
        [
          `users/${visitor}/private/gamelist/${gameId}`,
          { status: 'played', timestamp: 1_000 + n, score: mine },
        ],
        [
          `users/${memberUid}/private/gamelist/${gameId}`,
          { status: 'played', timestamp: 1_000 + n, score: theirs },
        ],
      ]),
    ),
  );

  // The member on their own profile: nothing to compare.
  await openHydrated(memberPage, profile);
  await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText(member.username);
  await memberPage.waitForLoadState('networkidle');
  await expect(memberPage.getByRole('region', { name: 'Taste in common' })).toHaveCount(0);
  await memberContext.close();

  for (const colorScheme of ['light', 'dark'] as const) {
    await visitorPage.emulateMedia({ colorScheme });
    await visitorPage.setViewportSize(SMALLEST);
    await openHydrated(visitorPage, profile);
    const taste = visitorPage.getByRole('region', { name: 'Taste in common' });
    await expect(taste.locator('.taste-agreement')).toHaveText(
      '74% agreement over the 6 games you have both rated',
    );
    const agree = taste.getByRole('list').first().getByRole('listitem');
    await expect(agree).toHaveText(['Hadesyou gave 10', 'Slay the Spireyou gave 8', 'Celesteyou gave 9']);
    const differ = taste.getByRole('list').nth(1).getByRole('listitem');
    await expect(differ).toHaveText(['Outer Wildsyou gave 9', 'Undertaleyou gave 2']);
    await expect(taste.getByRole('heading', { name: 'You agree on' })).toBeVisible();
    await expect(taste.getByRole('heading', { name: 'You differ on' })).toBeVisible();
    // The member's scores never reach the page: Outer Wilds' 3 and Undertale's 7 are nowhere in it.
    await expect(taste).not.toContainText('gave 3');
    await expect(taste).not.toContainText('gave 7');
    // The visitor's scores are compared as held for a day (shared/catalogue/taste-basis.ts), and it says so.
    await expect(taste.locator('.taste-as-of')).toHaveText(
      /^Compared with your scores as of (now|.+ ago)\. Scores you give or change after that count here a day later\.$/,
    );
    expect(await sidewaysOverflow(visitorPage)).toBe(0);
    await expectNoAxeViolations(visitorPage, `with taste in common, ${colorScheme}`);
    if (SHOTS) await taste.screenshot({ path: `${SHOTS}/taste-320-${colorScheme}.png` });
  }

  // From the keyboard: Tab reaches the first game it names, and Enter opens it.
  const taste = visitorPage.getByRole('region', { name: 'Taste in common' });
  const hades = taste.getByRole('link', { name: 'Hades' });
  for (let step = 0; step < 40; step++) {
    await visitorPage.keyboard.press('Tab');
    if (await hades.evaluate((link) => link === document.activeElement)) break;
  }
  await expect(hades).toBeFocused();
  await visitorPage.keyboard.press('Enter');
  await expect(visitorPage).toHaveURL(/\/game\/hades$/);
  await visitorContext.close();

  // A visitor who is not signed in: no section, no request for its code or its answer, and the server's
  // HTML (the copy the edge keeps for everyone) holds none of it either.
  const anonymous = await browser.newContext();
  const page = await anonymous.newPage();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/chunks\/taste-in-common-|\/api\/users\/[^/]+\/taste/.test(request.url()))
      asked.push(request.url());
  });
  const html = await (await page.request.get(profile)).text();
  expect(html).not.toContain('Taste in common');
  await openHydrated(page, profile);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.username);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Taste in common' })).toHaveCount(0);
  expect(asked).toEqual([]);
  await anonymous.close();
});
