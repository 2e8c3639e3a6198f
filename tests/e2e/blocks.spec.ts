import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { expectNoAxeViolations, homeFeedHolds, openHydrated } from './page-helpers.ts';

// Blocks with two members in two browsers: one posts and comments on a game page; the other hides the
// comment, blocks the author (after being asked) and sees it all go at once, stay gone after a reload and
// come back once unblocked on browse; a blocked member cannot post on the blocker's feed, follow them or
// like their post; "Not interested" takes a game's posts out of the home feed at once and lists the game
// on browse.
const GAME = { path: '/game/inscryption', name: 'Inscryption' };

/** Opens an item's "More" menu and chooses `action`. */
async function choose(item: Locator, menu: string, action: string): Promise<void> {
  await item.getByRole('button', { name: menu }).first().click();
  await item.getByRole('button', { name: action, exact: true }).click();
}

/** Opens a page and waits until the member's blocks have been read (what hides is known then). */
async function openWithBlocks(page: Page, path: string): Promise<void> {
  const blocks = page.waitForResponse(
    (r) => r.url().endsWith('/api/blocks') && r.request().method() === 'GET',
  );
  await openHydrated(page, path);
  expect((await blocks).status()).toBe(200);
}

test('a member hides a comment and blocks an author: gone at once and after a reload, back once unblocked', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [contextA, contextB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [a, b] = await Promise.all([contextA.newPage(), contextB.newPage()]);
  const author = uniqueMember('author');
  const reader = uniqueMember('blocker');
  await signUp(a, author);
  await signUp(b, reader);
  await expect(a).toHaveURL(/\/browse$/);
  await expect(b).toHaveURL(/\/browse$/);
  // The reader has a post of their own on their page, for the author to try to like once blocked.
  await openHydrated(b, `/user/${reader.username}`);
  const readerText = `Own post by ${reader.username}`;
  await b.getByRole('textbox', { name: 'Write a post' }).fill(readerText);
  await b.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(b.locator('.post-card').filter({ hasText: readerText })).toBeVisible();

  // The author posts on the game's feed and comments on it.
  await openHydrated(a, GAME.path);
  const text = `Blockable post by ${author.username}`;
  await a.getByRole('textbox', { name: 'Write a post' }).fill(text);
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  const ownPost = a.locator('.post-card').filter({ hasText: text });
  await ownPost.getByRole('button', { name: 'Comment', exact: true }).click();
  await ownPost.getByRole('textbox', { name: 'Write a comment' }).fill('A comment to hide');
  await ownPost.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(ownPost.locator('.feed-comment')).toHaveText(/A comment to hide/);
  // Nobody is offered to block themself.
  await expect(ownPost.getByRole('button', { name: 'More for this post' })).toHaveCount(0);

  // The reader hides the comment: gone at once, the post stays.
  await openWithBlocks(b, GAME.path);
  const post = b.locator('.post-card').filter({ hasText: text });
  await expect(post.locator('.feed-comment')).toHaveCount(1);
  const hidden = b.waitForResponse((r) => r.url().endsWith('/api/blocks') && r.request().method() === 'POST');
  await choose(post.locator('.feed-comment'), 'More for this comment', 'Hide this comment');
  await expect(post.locator('.feed-comment')).toHaveCount(0);
  await expect(b.locator('.block-notice')).toHaveText('Comment hidden.');
  // Hidden at once; kept once answered, before the page is reloaded below.
  expect((await hidden).status()).toBe(200);

  // Blocking the author is asked first; Cancel changes nothing.
  await choose(post, 'More for this post', `Block ${author.username}`);
  await expect(post.getByRole('group', { name: `Block ${author.username}` })).toContainText(
    'follows between you end',
  );
  await expectNoAxeViolations(b, 'the block question open');
  await post.getByRole('button', { name: 'Cancel' }).click();
  await expect(post).toBeVisible();
  await expect(post.getByRole('button', { name: 'More for this post' })).toBeFocused();
  await choose(post, 'More for this post', `Block ${author.username}`);
  const blocked = b.waitForResponse(
    (r) => r.url().endsWith('/api/blocks') && r.request().method() === 'POST',
  );
  await post.getByRole('button', { name: `Block ${author.username}`, exact: true }).click();
  await expect(post).toHaveCount(0);
  await expect(b.locator('.block-notice')).toContainText(`You blocked ${author.username}.`);
  expect((await blocked).status()).toBe(200);

  // Still gone after a reload; the page is the same for everyone, the member's blocks hide it.
  await openWithBlocks(b, GAME.path);
  await expect(b.locator('.post-card').filter({ hasText: text })).toHaveCount(0);

  // The blocked author cannot post on the reader's feed.
  await openHydrated(a, `/user/${reader.username}`);
  await a.getByRole('textbox', { name: 'Write a post' }).fill('Let me in');
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(a.getByText('You cannot post on this feed.')).toBeVisible();
  // Nor follow the reader, nor like their post: each is refused in words, and the counts stay as they were.
  const follow = a.locator('.follow-control');
  await follow.getByRole('button', { name: 'Follow' }).click();
  await expect(follow.getByRole('status')).toHaveText('You cannot follow this member.');
  await expect(follow.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  await expect(follow.locator('.followers')).toHaveText('0 followers');
  const readerPost = a.locator('.post-card').filter({ hasText: readerText });
  await readerPost.getByRole('button', { name: /^Like this post/ }).click();
  await expect(readerPost.getByRole('alert')).toHaveText('You cannot like this post.');
  await expect(readerPost.getByRole('button', { name: /^Like this post/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(readerPost.getByRole('button', { name: 'Like this post, 0 likes' })).toBeVisible();

  // Browse lists the author; Unblock brings their post back (the hidden comment stays hidden).
  await openHydrated(b, '/browse');
  await b.getByText(/^Blocked members and games/).click();
  const entry = b.locator('.blocked-list li').filter({ hasText: author.username });
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: `Unblock: ${author.username}` }).click();
  await expect(b.locator('.blocked-section .blocked-status')).toHaveText(`${author.username} is unblocked.`);
  await expect(entry).toHaveCount(0);
  await openWithBlocks(b, GAME.path);
  const back = b.locator('.post-card').filter({ hasText: text });
  await expect(back).toBeVisible();
  await expect(back.locator('.feed-comment')).toHaveCount(0);
  await Promise.all([contextA.close(), contextB.close()]);
});

test('"Not interested" takes a game’s posts out of the home feed at once and lists the game on browse', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [contextA, contextB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [a, b] = await Promise.all([contextA.newPage(), contextB.newPage()]);
  const author = uniqueMember('gamepost');
  const reader = uniqueMember('notinto');
  await signUp(a, author);
  await signUp(b, reader);
  await expect(a).toHaveURL(/\/browse$/);
  await expect(b).toHaveURL(/\/browse$/);

  // The reader follows the game, so its posts are in their home feed.
  await openHydrated(b, GAME.path);
  // The follow's PUT: the page's own GET of the follow state has the same address.
  const followed = b.waitForResponse(
    (r) => r.url().endsWith('/api/follows/game/inscryption') && r.request().method() === 'PUT',
  );
  await b
    .getByRole('main')
    .getByRole('button', { name: /^Follow/ })
    .click();
  expect((await followed).status()).toBe(200);

  await openHydrated(a, GAME.path);
  const text = `A post about the game by ${author.username}`;
  await a.getByRole('textbox', { name: 'Write a post' }).fill(text);
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(a.locator('.post-card').filter({ hasText: text })).toBeVisible();

  await homeFeedHolds(b, text);
  await openWithBlocks(b, '/browse');
  const homeFeed = b.locator('.home-feed');
  const post = homeFeed.locator('.post-card').filter({ hasText: text });
  await expect(post).toBeVisible();
  const blocked = b.waitForResponse(
    (r) => r.url().endsWith('/api/blocks') && r.request().method() === 'POST',
  );
  await choose(post, 'More for this post', 'Not interested in this game');
  await expect(post).toHaveCount(0);
  await expect(homeFeed.locator('.block-notice')).toContainText('won’t see this game’s posts');
  expect((await blocked).status()).toBe(200);

  // On browse afresh: not in the home feed, listed to take back, and no longer followed.
  await openWithBlocks(b, '/browse');
  await expect(
    homeFeed.getByText('Posts on the games, members and events you follow show up here.'),
  ).toBeVisible();
  await expect(b.getByText('Games you follow show up here: follow one from its page.')).toBeVisible();
  await b.getByText(/^Blocked members and games/).click();
  await expect(b.locator('.blocked-list li').filter({ hasText: GAME.name })).toBeVisible();
  await expectNoAxeViolations(b, 'browse with blocks listed');
  await Promise.all([contextA.close(), contextB.close()]);
});
