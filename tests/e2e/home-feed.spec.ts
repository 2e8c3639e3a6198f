import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { expectNoAxeViolations, homeFeedHolds, openHydrated, uidOf } from './page-helpers.ts';

// The home feed on browse, through the Worker's GET /api/feed and the http-getFeed function in the Functions
// emulator: a member follows a game, another member posts on that game's feed, and the first sees the
// posts first thing on browse, newest first, paging with "More posts" without seeing one twice; each
// post says which feed it is on, linking to that page.
const GAME = 'slay-the-spire';
/** With LOOK_SHOTS=<folder>, the home feed is saved there, phone and desktop, to be looked at. */
const SHOTS = process.env.LOOK_SHOTS;

/** Signs a new member up in a fresh browser context; answers their page and ID token. */
async function newMember(page: Page, prefix: string): Promise<string> {
  await signUp(page, uniqueMember(prefix));
  await expect(page).toHaveURL(/\/browse$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === '__session');
  if (!cookie?.value) throw new Error('No session after signing up');
  return cookie.value;
}

test('a member sees posts on a game they follow first on browse, and pages through them without repeats', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const readerContext = await browser.newContext();
  const posterContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const poster = await posterContext.newPage();
  const readerToken = await newMember(reader, 'reader');
  const posterToken = await newMember(poster, 'poster');

  const follow = await reader.request.put(`/api/follows/game/${GAME}`, {
    headers: { Authorization: `Bearer ${readerToken}` },
  });
  expect(follow.ok()).toBe(true);

  // The reader's own post on their own page, older than the rest: on the second page.
  const run = Date.now().toString(36);
  const ownText = `Run ${run}: my own page`;
  const ownPost = await reader.request.post('/api/posts', {
    headers: { Authorization: `Bearer ${readerToken}` },
    data: { targetType: 'user', targetId: uidOf(readerToken), content: ownText },
  });
  expect(ownPost.ok(), await ownPost.text()).toBe(true);

  // Twelve posts: more than one page of ten.
  const texts = Array.from({ length: 12 }, (_, n) => `Run ${run}: floor ${String(n + 1)} cleared`);
  for (const content of texts) {
    const posted = await poster.request.post('/api/posts', {
      headers: { Authorization: `Bearer ${posterToken}` },
      data: { targetType: 'game', targetId: GAME, content },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
  }

  const newest = texts.at(-1) ?? '';
  await homeFeedHolds(reader, newest);
  await openHydrated(reader, '/browse');
  const feed = reader.getByRole('region', { name: 'Your feed' });
  await expect(feed.getByText(newest, { exact: true })).toBeVisible({ timeout: 30_000 });
  // The feed comes before the suggestions ("Would you play it?").
  const headings = await reader.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf('Your feed')).toBe(0);

  const mine = feed.locator('.post-card').filter({ hasText: `Run ${run}: floor` });
  // Newest first: the first page shows the last ten written, newest at the top.
  await expect(mine).toHaveCount(10);
  await expect(mine.first()).toContainText(newest);
  await expectNoAxeViolations(reader, 'with the home feed');

  await feed.getByRole('button', { name: 'More posts' }).click();
  await expect(mine).toHaveCount(12);
  const shown = (await mine.locator('.post-text').allTextContents()).map((text) => text.trim());
  expect(shown).toEqual([...texts].reverse());

  // Each post says where it was written: the game's posts link to the game, the reader's own to their page.
  const onGame = mine.first().getByRole('link', { name: 'Slay the Spire', exact: true });
  await expect(onGame).toHaveAttribute('href', `/game/${GAME}`);
  await expect(mine.first().locator('.feed-meta')).toContainText(/ on Slay the Spire · /);
  const own = feed.locator('.post-card').filter({ hasText: ownText });
  const readerName = (await own.locator('.feed-author').textContent()) ?? '';
  const onOwnPage = own.getByRole('link', { name: `${readerName}'s page`, exact: true });
  await expect(onOwnPage).toHaveAttribute('href', `/user/${readerName}`);

  if (SHOTS) {
    await feed.screenshot({ path: `${SHOTS}/home-feed-desktop.png` });
    await reader.setViewportSize({ width: 390, height: 844 });
    await feed.screenshot({ path: `${SHOTS}/home-feed-phone.png` });
  }

  await onGame.click();
  await expect(reader).toHaveURL(new RegExp(`/game/${GAME}$`));
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Slay the Spire');

  await readerContext.close();
  await posterContext.close();
});

test('a visitor asking for a home feed is told to sign in', async ({ request }) => {
  const response = await request.get('/api/feed');
  expect(response.status()).toBe(401);
});
