import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import {
  expectHeaderPanelOnScreen,
  expectNoAxeViolations,
  openHydrated,
  sessionToken,
  uidOf,
} from './page-helpers.ts';

// Notifications between two members in two browsers: Ben follows Ana from her profile, then likes and
// comments on her post; Ana sees the count on the header's bell, opens the list (names, what they did,
// how long ago) and the count clears. A visitor without a session has no bell at all.

async function apiCall(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return response.json() as Promise<unknown>;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a visitor without a session has no bell', async ({ page }) => {
  await openHydrated(page, '/');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
});

test('the open list shows on screen under the header, from the narrowest phone to a desktop', async ({
  page,
}) => {
  await signUp(page, uniqueMember('phone'));
  await expect(page).toHaveURL(/\/browse$/);
  await expectHeaderPanelOnScreen(page, bell(page), () =>
    page.getByRole('region', { name: 'Notifications' }),
  );
});

test('a member sees who followed them and who liked and commented on their post, and opening the list clears the count', async ({
  browser,
}) => {
  const anaContext = await browser.newContext();
  const benContext = await browser.newContext();
  const ana = await anaContext.newPage();
  const ben = await benContext.newPage();
  const anaMember = uniqueMember('ana');
  const benMember = uniqueMember('ben');
  await signUp(ana, anaMember);
  await expect(ana).toHaveURL(/\/browse$/);
  await signUp(ben, benMember);
  await expect(ben).toHaveURL(/\/browse$/);
  const anaToken = await sessionToken(anaContext);
  const benToken = await sessionToken(benContext);
  const anaUid = uidOf(anaToken);

  // Ana's bell: there, with nothing unread.
  await openHydrated(ana, '/');
  await expect(bell(ana)).toBeVisible();
  await expect(ana.locator('.notifications-count')).toHaveCount(0);

  // Ana writes a post on her own feed.
  const created = (await apiCall(ana.request, anaToken, 'POST', '/posts', {
    targetType: 'user',
    targetId: anaUid,
    content: 'Just finished Hades, what a run',
  })) as { post: { uuid: string } | null };
  const postId = created.post?.uuid ?? '';
  expect(postId).not.toBe('');

  // Ben follows Ana from her profile, then likes and comments on her post.
  await openHydrated(ben, `/user/${anaMember.username}`);
  const follow = ben.getByRole('main').getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).not.toHaveAttribute('aria-disabled', 'true');
  // The button turns "Following" before the server answers: the like waits for the follow to land, so
  // the three notifications are in the order they were done.
  const followed = ben.waitForResponse(
    (response) => response.url().includes('/api/follows/user/') && response.request().method() === 'PUT',
  );
  await follow.click();
  await expect(ben.getByRole('main').getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  expect((await followed).ok()).toBe(true);
  await apiCall(ben.request, benToken, 'PUT', `/likes/post/${postId}`);
  await apiCall(ben.request, benToken, 'POST', `/comments/posts/${postId}`, { content: 'Well played!' });

  // Ana's next page shows three unread on the bell.
  await openHydrated(ana, '/browse');
  await expect(ana.locator('.notifications-count')).toHaveText('3 unread');
  await expect(bell(ana)).toHaveAccessibleName('Notifications 3 unread');

  await bell(ana).click();
  const panel = ana.getByRole('region', { name: 'Notifications' });
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText(`${benMember.username} commented on your post:`);
  await expect(items.nth(0)).toContainText('Well played!');
  await expect(items.nth(1)).toContainText(`${benMember.username} liked your post`);
  await expect(items.nth(1)).toContainText('Just finished Hades, what a run');
  await expect(items.nth(2)).toContainText(`${benMember.username} followed you.`);
  // Each with how long ago, the exact time on hover.
  for (const item of await items.all()) {
    const time = item.locator('time');
    await expect(time).toHaveText(/ago|now/);
    await expect(time).toHaveAttribute('title', /\d/);
  }
  // Opening the list cleared the count.
  await expect(ana.locator('.notifications-count')).toHaveCount(0);
  await expectNoAxeViolations(ana, 'with the notifications open');

  // Escape closes it; the count stays cleared on the next page.
  await ana.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(ana)).toBeFocused();
  await openHydrated(ana, '/');
  await expect(bell(ana)).toBeVisible();
  await expect(ana.locator('.notifications-count')).toHaveCount(0);

  // On a phone the open list stays within the screen.
  await ana.setViewportSize({ width: 360, height: 740 });
  await bell(ana).click();
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  expect(await ana.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await ana.keyboard.press('Escape');
  await ana.setViewportSize({ width: 1280, height: 800 });

  // The name leads to Ben's profile.
  await bell(ana).click();
  await panel.getByRole('link', { name: benMember.username }).first().click();
  await expect(ana).toHaveURL(new RegExp(`/user/${benMember.username}$`));

  // "your post" leads to the post on its feed's page, brought into view (a client navigation).
  await bell(ana).click();
  await items.nth(0).getByRole('link', { name: 'your post' }).click();
  await expect(panel).toBeHidden();
  await expect(ana).toHaveURL(new RegExp(`/user/${anaMember.username}#post-${postId}$`));
  const post = ana.locator(`#post-${postId}`);
  await expect(post).toContainText('Just finished Hades, what a run');
  await expect(post).toBeInViewport();
  // Loaded whole at that address, the page shows the post too.
  await ana.setViewportSize({ width: 360, height: 640 });
  await openHydrated(ana, `/user/${anaMember.username}#post-${postId}`);
  await expect(ana.locator(`#post-${postId}`)).toBeInViewport();

  await anaContext.close();
  await benContext.close();
});
