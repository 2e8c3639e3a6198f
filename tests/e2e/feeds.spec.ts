import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUp, twoMembersSignedUp, uniqueMember } from './auth/auth-helpers.ts';
import { expectNoAxeViolations, openHydrated } from './page-helpers.ts';

// Feeds on pages with two members in two browsers: one posts, comments and likes on a game page; the
// other reloads and sees it all with exact counts, and may not delete what is not theirs; a visitor gets
// the feed in the server's HTML. With LOOK_SHOTS=<folder>, the feed is saved there, phone and desktop,
// light and dark.
const GAME_PATH = '/game/hollow-knight';
const SHOTS = process.env.LOOK_SHOTS;

const MARKUP =
  '<b>not bold</b> <img src=x onerror="window.__feedPwned=1"> <script>window.__feedPwned=1</script>';

test('a member posts, comments and likes; another sees it with exact counts and cannot delete it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { contextA, contextB, a, b, memberA } = await twoMembersSignedUp(browser, 'poster', 'reader');

  await openHydrated(a, GAME_PATH);
  const feedA = a.locator('.feed-section');
  const box = feedA.getByRole('textbox', { name: 'Write a post' });
  await expect(box).toBeVisible();

  // Empty and oversized posts are refused with a message, before anything is sent.
  await feedA.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(feedA.getByRole('alert').first()).toHaveText('Write something first.');
  await box.fill('x'.repeat(2001));
  await feedA.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(feedA.getByText('At most 2,000 characters.')).toBeVisible();

  const text = `Hallownest at last ${memberA.username}\nsecond line https://example.com/knight ${MARKUP}`;
  await box.fill(text);
  await feedA.getByRole('button', { name: 'Post', exact: true }).click();
  const postA = feedA.locator('.post-card').filter({ hasText: memberA.username }).first();
  await expect(postA).toBeVisible();
  await expect(box).toHaveValue('');
  // Shown exactly as typed: the markup is text, the line break kept, the address a safe link.
  await expect(postA.locator('.post-text')).toHaveText(text);
  await expect(postA.locator('.post-text b, .post-text img, .post-text script')).toHaveCount(0);
  const link = postA.locator('.post-text a');
  await expect(link).toHaveAttribute('href', 'https://example.com/knight');
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
  expect(await a.evaluate(() => (window as unknown as { __feedPwned?: number }).__feedPwned)).toBeUndefined();

  // A comment, and likes on the post and the comment: pressed at once. The comment box opens on demand,
  // with the focus in it, and stays open after sending.
  const commentBox = postA.getByRole('textbox', { name: 'Write a comment' });
  await expect(commentBox).toHaveCount(0);
  await postA.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(commentBox).toBeFocused();
  await commentBox.fill('First comment');
  await postA.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(commentBox).toHaveValue('');
  await expect(commentBox).toBeVisible();
  const comment = postA.locator('.feed-comment').filter({ hasText: 'First comment' });
  await expect(comment).toBeVisible();
  const likePost = postA.getByRole('button', { name: /^Like this post/ });
  await likePost.click();
  await expect(likePost).toHaveAttribute('aria-pressed', 'true');
  await expect(likePost).toHaveAccessibleName('Like this post, 1 like');
  const likeComment = comment.getByRole('button', { name: /^Like this comment/ });
  await likeComment.click();
  await expect(likeComment).toHaveAttribute('aria-pressed', 'true');
  await expect(likeComment).toHaveAccessibleName('Like this comment, 1 like');
  await expect(likePost).not.toHaveAttribute('aria-disabled', 'true');
  await expect(likeComment).not.toHaveAttribute('aria-disabled', 'true');
  await expect(postA.getByRole('button', { name: 'Delete post' })).toBeVisible();
  await expectNoAxeViolations(a, 'a member’s feed with a post');

  // B opens the page afresh: the post, its comment and exact counts; B's own like state is not pressed.
  await openHydrated(b, GAME_PATH);
  const postB = b.locator('.post-card').filter({ hasText: memberA.username }).first();
  await expect(postB.locator('.post-text')).toHaveText(text);
  await expect(postB.locator('.feed-comment')).toHaveText(/First comment/);
  const likePostB = postB.getByRole('button', { name: /^Like this post/ });
  await expect(likePostB).toHaveAttribute('aria-pressed', 'false');
  await expect(likePostB).toHaveAccessibleName('Like this post, 1 like');
  await expect(postB.getByRole('button', { name: /^Like this comment/ })).toHaveAccessibleName(
    'Like this comment, 1 like',
  );
  // No delete control on another's post or comment…
  await expect(postB.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
  await expect(postB.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
  // …and the API refuses it too.
  const postId = await postB.evaluate((card) => card.closest('li')?.getAttribute('data-post') ?? '');
  expect(postId).not.toBe('');
  const refused = await b.evaluate(async (id) => {
    const token = /(?:^|; )__session=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch(`/api/posts/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${decodeURIComponent(token)}` },
    });
    return response.status;
  }, postId);
  expect(refused).toBe(403);

  // B likes too: two likes; A's comment count and like survive B's reload.
  await likePostB.click();
  await expect(likePostB).toHaveAccessibleName('Like this post, 2 likes');
  // Shown at once; the reload waits for the API to have taken it.
  await expect(likePostB).not.toHaveAttribute('aria-disabled', 'true');
  await b.reload();
  await expect(b.locator('#root[data-hydrated="true"]')).toBeAttached();
  const again = b.locator('.post-card').filter({ hasText: memberA.username }).first();
  await expect(again.getByRole('button', { name: /^Like this post/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(again.getByRole('button', { name: /^Like this post/ })).toHaveAccessibleName(
    'Like this post, 2 likes',
  );

  // A visitor gets the post in the server's HTML, before any script runs (a query string of its own
  // so that no copy cached before the post is served).
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const page = await visitor.newPage();
  await page.goto(`${GAME_PATH}?feed-check=${String(Date.now())}`);
  const served = page.locator('.post-card').filter({ hasText: memberA.username }).first();
  await expect(served.locator('.post-text')).toHaveText(text);
  await expect(served.locator('.post-text b')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to post' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(GAME_PATH)}`,
  );

  // A deletes their post.
  await postA.getByRole('button', { name: 'Delete post' }).click();
  await expect(feedA.locator('.post-card').filter({ hasText: memberA.username })).toHaveCount(0);

  await Promise.all([contextA.close(), contextB.close(), visitor.close()]);
});

test('"More posts" appends the next page below without losing the reader’s place', async ({ page }) => {
  test.setTimeout(90_000);
  const member = uniqueMember('pager');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await openHydrated(page, '/game/celeste');
  const box = page.getByRole('textbox', { name: 'Write a post' });
  for (let i = 1; i <= 7; i++) {
    await box.fill(`Run ${String(i)} by ${member.username}`);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(box).toHaveValue('');
  }
  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  const mine = page.locator('.post-card .post-text').filter({ hasText: member.username });
  await expect(mine).toHaveCount(5);
  const more = page.getByRole('button', { name: 'More posts' });
  await more.scrollIntoViewIfNeeded();
  // The reader's place: where the last post they read stands on the screen, not the page's scroll offset,
  // which the browser's scroll anchoring changes on purpose when something above changes size meanwhile
  // (a part of the page that loads late), precisely to keep what is read in place.
  const lastRead = mine.nth(4);
  // What a member sees of their own posts (Delete) arrives once the session is read after hydration and
  // changes the cards' height: the reader's place is measured once it is there.
  await expect(
    page
      .locator('.post-card')
      .filter({ hasText: member.username })
      .getByRole('button', { name: 'Delete post' }),
  ).toHaveCount(5);
  const before = (await lastRead.boundingBox())?.y ?? Number.NaN;
  await more.click();
  await expect(mine).toHaveCount(7);
  await expect(mine).toHaveText([7, 6, 5, 4, 3, 2, 1].map((i) => `Run ${String(i)} by ${member.username}`));
  expect(Math.abs(((await lastRead.boundingBox())?.y ?? Number.NaN) - before)).toBeLessThan(5);
});

test('the feed looks right on a phone and a desktop, light and dark', async ({ browser }) => {
  test.skip(!SHOTS, 'set LOOK_SHOTS=<folder> to save the screenshots');
  test.setTimeout(90_000);
  const folder = SHOTS ?? '';
  await mkdir(folder, { recursive: true });
  const shoot = async (page: Page, name: string) => {
    await page.locator('.feed-section').screenshot({ path: path.join(folder, `${name}.png`) });
  };
  const sizes = [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const;
  for (const colorScheme of ['light', 'dark'] as const)
    for (const [size, viewport] of sizes) {
      const context = await browser.newContext({ colorScheme, viewport });
      const page = await context.newPage();
      await openHydrated(page, '/game/celeste');
      await shoot(page, `feed-${size}-${colorScheme}`);
      await context.close();
    }
  // A member's view: composer, a post with a link and line breaks, a comment, likes and Delete.
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = uniqueMember('looker');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await openHydrated(page, '/game/factorio');
  await page
    .getByRole('textbox', { name: 'Write a post' })
    .fill(`The factory must grow.\nNotes: https://example.com/${'a-very-long-path-segment-'.repeat(4)}`);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const post = page.locator('.post-card').filter({ hasText: member.username }).first();
  await expect(post).toBeVisible();
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await post.getByRole('textbox', { name: 'Write a comment' }).fill('Ratios first, then trains.');
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(post.locator('.feed-comment')).toHaveCount(1);
  await post.getByRole('button', { name: /^Like this post/ }).click();
  await expect(post.getByRole('button', { name: /^Like this post/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  for (const colorScheme of ['light', 'dark'] as const)
    for (const [size, viewport] of sizes) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      await shoot(page, `feed-member-${size}-${colorScheme}`);
    }
  await context.close();
});
