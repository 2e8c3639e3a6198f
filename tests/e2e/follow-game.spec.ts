import { expect, test } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import {
  expectAnswered,
  expectNoAxeViolations,
  followersText,
  openHydrated,
  sessionToken,
  uidOf,
} from './page-helpers.ts';

// Following a game from its page: signed out it leads to sign-in; a member follows and unfollows, shown
// at once and kept in the database; the page's server HTML stays the same for everyone (edge cache).
// Games of the demo data (seed/demo/games.jsonl), a different one per test so counts do not mix.
const ELDEN_RING = { id: 'elden-ring', path: '/game/elden-ring' };
const STARDEW = { id: 'stardew-valley', path: '/game/stardew-valley' };
const PORTAL = { id: 'portal-2', path: '/game/portal-2' };

async function followerCount(gameId: string): Promise<number> {
  const value = await ownerDatabase().get(`games/${gameId}/follows`);
  return typeof value === 'number' ? value : 0;
}

test('a signed-out visitor is offered "Follow", which leads to sign-in and back to the game', async ({
  page,
}) => {
  const followRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/follows/')) followRequests.push(request.url());
  });
  await openHydrated(page, ELDEN_RING.path);
  const follow = page.getByRole('main').getByRole('link', { name: 'Follow', exact: true });
  await expect(follow).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await follow.click();
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('next')).toBe(ELDEN_RING.path);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Nobody signed in: the API was never asked.
  expect(followRequests).toEqual([]);
});

test('a member follows a game, sees it at once and after a reload, and unfollows it', async ({
  page,
  context,
}) => {
  const member = uniqueMember('follower');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = uidOf(await sessionToken(context));
  const db = ownerDatabase();
  const before = await followerCount(STARDEW.id);

  await openHydrated(page, STARDEW.path);
  const followers = page.locator('.game-hero .followers');
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  // The member's state has been read: the button takes clicks.
  await expect(follow).not.toHaveAttribute('aria-disabled', 'true');
  await expect(followers).toHaveText(followersText(before));
  await expectNoAxeViolations(page, 'with the Follow button');

  await follow.click();
  const following = page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(followers).toHaveText(followersText(before + 1));
  await expect.poll(() => db.get(`follows_by_userid/${uid}/game:${STARDEW.id}`)).not.toBeNull();
  expect(await followerCount(STARDEW.id)).toBe(before + 1);
  await expect(following).not.toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page, 'with the Following button');

  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(followers).toHaveText(followersText(before + 1));

  // Unfollowing with the keyboard.
  await expect(following).not.toHaveAttribute('aria-disabled', 'true');
  await following.focus();
  await page.keyboard.press('Enter');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect(followers).toHaveText(followersText(before));
  await expect.poll(() => db.get(`follows_by_userid/${uid}/game:${STARDEW.id}`)).toBeNull();
  expect(await followerCount(STARDEW.id)).toBe(before);
});

test('a refused (expired) session token is renewed once; with no one signed in the link stays', async ({
  page,
  context,
  browser,
}) => {
  const member = uniqueMember('renewer');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await openHydrated(page, STARDEW.path);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  // The button turns at once; the follow is kept only once its request has answered. Leaving the page
  // before that can cancel the request, and the page below would rightly offer "Follow" again.
  await expect.poll(async () => (await sessionToken(context)).length).toBeGreaterThan(0);
  const uid = uidOf(await sessionToken(context));
  await expect.poll(() => ownerDatabase().get(`follows_by_userid/${uid}/game:${STARDEW.id}`)).not.toBeNull();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // The cookie's token no longer passes: the page gets a fresh one from the signed-in SDK and retries.
  const { hostname } = new URL(page.url());
  await context.addCookies([{ name: '__session', value: 'expired-token', domain: hostname, path: '/' }]);
  await openHydrated(page, STARDEW.path);
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(async () => sessionToken(context)).not.toBe('expired-token');
  await page.getByRole('button', { name: 'Following', exact: true }).click();
  const unfollowed = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(unfollowed).toHaveAttribute('aria-pressed', 'false');
  // Shown at once: answered (and not turned back by a refusal) before this page goes with the test.
  await expectAnswered(unfollowed);
  await expect(unfollowed).toHaveAttribute('aria-pressed', 'false');

  // A browser with a stale cookie and nobody signed in: the signed-out form.
  const stranger = await browser.newContext();
  await stranger.addCookies([{ name: '__session', value: 'expired-token', domain: hostname, path: '/' }]);
  const strangerPage = await stranger.newPage();
  await openHydrated(strangerPage, STARDEW.path);
  await expect(
    strangerPage.getByRole('main').getByRole('link', { name: 'Follow', exact: true }),
  ).toBeVisible();
  // No follow button for nobody (a post's More menu, with Report leading to sign-in, is still offered).
  await expect(strangerPage.getByRole('main').getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await stranger.close();
});

test('the game page server HTML is the same with and without a session, so it stays cacheable', async ({
  page,
  context,
  request,
}) => {
  const member = uniqueMember('cacheable');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const token = await sessionToken(context);

  // `request` keeps no cookies of its own: the Cookie header is the only difference.
  const anonymous = await request.get(PORTAL.path);
  const withSession = await request.get(PORTAL.path, { headers: { Cookie: `__session=${token}` } });
  expect(anonymous.status()).toBe(200);
  expect(withSession.status()).toBe(200);
  const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  const anonymousMain = mainOf(await anonymous.text());
  expect(anonymousMain).toContain('>Follow</a>');
  expect(mainOf(await withSession.text())).toBe(anonymousMain);
});
