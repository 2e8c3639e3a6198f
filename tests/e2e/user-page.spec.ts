import { expect, test } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import {
  expectAnswered,
  expectNoAxeViolations,
  followersText,
  openHydrated,
  recordPageDataRequests,
  sessionUid,
} from './page-helpers.ts';

// The user profile page: server HTML, hydration, client navigation, following a member, 404 and
// accessibility. Members of the demo data (seed/demo/members.json; uids as seed/seed-members.ts makes them).
const ANA = { path: '/user/ana_roguelites', name: 'ana_roguelites' };
// Followed in one test only, so that its follower count is this file's alone.
const ELENA = { path: '/user/elena_quests', uid: 'demo-elena-quests' };
const WITCHER_PATH = '/game/the-witcher-3-wild-hunt';

async function memberFollowers(uid: string): Promise<number> {
  const value = await ownerDatabase().get(`users/${uid}/public/follows`);
  return typeof value === 'number' ? value : 0;
}

test('the user page is complete in the server HTML, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(ANA.path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${ANA.name} · Questline`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ANA.name);
  await expect(page.getByText('One more run. Always one more run.')).toBeVisible();
  await expect(page.locator('.user-hero .followers')).toHaveText(/\d+ followers?/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Follow', exact: true })).toBeVisible();
  const games = page.getByRole('region', { name: `Games ${ANA.name} follows` }).getByRole('listitem');
  await expect(games).toHaveCount(8);
  await expect(games.getByText('Vampire Survivors')).toBeVisible();
  expect(await page.locator('script[type="application/ld+json"]').textContent()).toContain('"ProfilePage"');
  await context.close();
});

test('the user page hydrates from the embedded state without fetching its data again', async ({ page }) => {
  const pageDataRequests = recordPageDataRequests(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openHydrated(page, ANA.path);
  await page.waitForLoadState('networkidle');
  expect(pageDataRequests).toEqual([]);
  expect(errors).toEqual([]);
});

test('a client navigation from a game page to a user page asks for its page data once', async ({ page }) => {
  await openHydrated(page, WITCHER_PATH);
  await page.evaluate(() => {
    (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
  });
  const pageDataRequests = recordPageDataRequests(page);
  // A history navigation the router handles itself (as Back and Forward are).
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, ANA.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ANA.name);
  await expect(page).toHaveTitle(`${ANA.name} · Questline`);
  expect(pageDataRequests).toEqual([`/api/pages${ANA.path}`]);
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(
    true,
  );
});

test('a member follows and unfollows another member from their page; their own page has no button', async ({
  page,
  context,
}) => {
  const member = uniqueMember('fan');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = await sessionUid(context);
  const db = ownerDatabase();
  const before = await memberFollowers(ELENA.uid);

  await openHydrated(page, ELENA.path);
  const followers = page.locator('.user-hero .followers');
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).not.toHaveAttribute('aria-disabled', 'true');
  await expect(followers).toHaveText(followersText(before));
  await follow.click();
  const following = page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(followers).toHaveText(followersText(before + 1));
  await expect.poll(() => db.get(`follows_by_userid/${uid}/user:${ELENA.uid}`)).not.toBeNull();
  expect(await memberFollowers(ELENA.uid)).toBe(before + 1);

  await expect(following).not.toHaveAttribute('aria-disabled', 'true');
  await following.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect(followers).toHaveText(followersText(before));
  await expect.poll(() => db.get(`follows_by_userid/${uid}/user:${ELENA.uid}`)).toBeNull();
  expect(await memberFollowers(ELENA.uid)).toBe(before);
  // Kept, and answered before the page is left: nothing of the unfollow is left in flight.
  await expectAnswered(follow);

  await openHydrated(page, `/user/${member.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.username);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main').getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Follow', exact: true })).toHaveCount(0);
});

test('an unknown member shows the not-found page with top games and keeps the URL', async ({ page }) => {
  const response = await page.goto('/user/nobody_by_this_name');
  // 200 from a first render (its head left before the member was looked up), 404 for a repeat the
  // isolate remembers missing; never indexed either way (worker/render/early-start.ts).
  expect([200, 404]).toContain(response?.status());
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page).toHaveURL(/\/user\/nobody_by_this_name$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
  await expect(page.locator('#top-games + .game-grid li')).not.toHaveCount(0);
});

for (const viewport of [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
]) {
  test(`the user page has no WCAG 2 A/AA violations (${viewport.label})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openHydrated(page, ANA.path);
    await expectNoAxeViolations(page);
    await context.close();
  });
}
