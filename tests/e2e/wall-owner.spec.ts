import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { openHydrated } from './page-helpers.ts';

// A member's wall is theirs, with two members in two browsers: a stranger writes two posts on the
// owner's page and comments on one; the owner removes the comment and the post (each has its Delete,
// though the owner wrote neither), and they stay gone after a reload, for the stranger too. Once blocked,
// the stranger can neither comment on nor like what is left of theirs on the owner's page.

/** Opens an item's "More" menu and chooses `action`. */
async function choose(item: Locator, menu: string, action: string): Promise<void> {
  await item.getByRole('button', { name: menu }).first().click();
  await item.getByRole('button', { name: action, exact: true }).click();
}

async function writePost(page: Page, text: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Write a post' }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const post = page.locator('.post-card').filter({ hasText: text });
  await expect(post).toBeVisible();
  return post;
}

test('the owner of a wall removes a stranger’s comment and post there, and a blocked stranger cannot answer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [contextO, contextS] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [owner, stranger] = await Promise.all([contextO.newPage(), contextS.newPage()]);
  const ownerMember = uniqueMember('wallowner');
  const strangerMember = uniqueMember('stranger');
  await signUp(owner, ownerMember);
  await signUp(stranger, strangerMember);
  await expect(owner).toHaveURL(/\/browse$/);
  await expect(stranger).toHaveURL(/\/browse$/);
  const wall = `/user/${ownerMember.username}`;

  // The stranger writes two posts on the owner's page and comments on the first.
  await openHydrated(stranger, wall);
  const removable = `Removable post by ${strangerMember.username}`;
  const kept = `Kept post by ${strangerMember.username}`;
  const first = await writePost(stranger, removable);
  await writePost(stranger, kept);
  await first.getByRole('button', { name: 'Comment', exact: true }).click();
  await first.getByRole('textbox', { name: 'Write a comment' }).fill('A comment on a wall not mine');
  await first.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(first.locator('.feed-comment')).toHaveText(/A comment on a wall not mine/);

  // The owner sees Delete on the stranger's comment and post, and removes both.
  await openHydrated(owner, wall);
  const onWall = owner.locator('.post-card').filter({ hasText: removable });
  const strangersComment = onWall
    .locator('.feed-comment')
    .filter({ hasText: 'A comment on a wall not mine' });
  await expect(strangersComment).toBeVisible();
  const commentRemoved = owner.waitForResponse(
    (r) => r.url().includes('/api/comments/') && r.request().method() === 'DELETE',
  );
  await strangersComment.getByRole('button', { name: 'Delete comment' }).click();
  expect((await commentRemoved).status()).toBe(204);
  await expect(strangersComment).toHaveCount(0);
  const postRemoved = owner.waitForResponse(
    (r) => r.url().includes('/api/posts/') && r.request().method() === 'DELETE',
  );
  await onWall.getByRole('button', { name: 'Delete post' }).click();
  expect((await postRemoved).status()).toBe(204);
  await expect(onWall).toHaveCount(0);
  await owner.reload();
  await expect(owner.locator('#root[data-hydrated="true"]')).toBeAttached();
  await expect(owner.locator('.post-card').filter({ hasText: kept })).toBeVisible();
  await expect(owner.locator('.post-card').filter({ hasText: removable })).toHaveCount(0);

  // The stranger sees it gone too.
  await openHydrated(stranger, `${wall}?after-removal=${String(Date.now())}`);
  await expect(stranger.locator('.post-card').filter({ hasText: kept })).toBeVisible();
  await expect(stranger.locator('.post-card').filter({ hasText: removable })).toHaveCount(0);

  // The owner blocks the stranger (from the More menu of the post left on the wall).
  const keptForOwner = owner.locator('.post-card').filter({ hasText: kept });
  await choose(keptForOwner, 'More for this post', `Block ${strangerMember.username}`);
  const blocked = owner.waitForResponse(
    (r) => r.url().endsWith('/api/blocks') && r.request().method() === 'POST',
  );
  await keptForOwner.getByRole('button', { name: `Block ${strangerMember.username}`, exact: true }).click();
  expect((await blocked).status()).toBe(200);

  // Blocked, the stranger can neither comment on nor like even their own post on the owner's page.
  await openHydrated(stranger, `${wall}?after-block=${String(Date.now())}`);
  const keptForStranger = stranger.locator('.post-card').filter({ hasText: kept });
  await keptForStranger.getByRole('button', { name: 'Comment', exact: true }).click();
  await keptForStranger.getByRole('textbox', { name: 'Write a comment' }).fill('Still here');
  await keptForStranger.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(keptForStranger.getByText('You cannot comment on this post.')).toBeVisible();
  await expect(keptForStranger.locator('.feed-comment')).toHaveCount(0);
  await keptForStranger.getByRole('button', { name: /^Like this post/ }).click();
  await expect(keptForStranger.getByText('You cannot like this post.')).toBeVisible();
  await expect(keptForStranger.getByRole('button', { name: 'Like this post, 0 likes' })).toBeVisible();

  await Promise.all([contextO.close(), contextS.close()]);
});
