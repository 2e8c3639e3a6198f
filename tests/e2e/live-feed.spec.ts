import net from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { pushId } from '../../shared/push-id.ts';
import { planNewPost } from '../../shared/transitions/post.ts';
import { signUp, twoMembersSignedUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { openHydrated, openHydratedAndMark, stayedOnPage } from './page-helpers.ts';

// Live feeds with two members in two browsers on the same page (the poster's own user page): what one
// posts, comments and likes appears on the other's open page without reloading, once; after the
// reader's connection drops, a post written meanwhile appears once the stream is back, once.

/**
 * A TCP relay to the database that the reader's browser streams through (its configuration is answered
 * with the relay's address), so that the test can cut the connection as a network would: `cut()` drops
 * every open connection and refuses new ones until `mend()`.
 */
async function databaseRelay(context: BrowserContext) {
  const sockets = new Set<net.Socket>();
  let target: URL | undefined;
  let cutOff = false;
  const server = net.createServer((client) => {
    if (cutOff || !target) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${String((server.address() as net.AddressInfo).port)}`;
  await context.route('**/api/accounts/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { databaseUrl: string };
    target = new URL(config.databaseUrl);
    await route.fulfill({ response, json: { ...config, databaseUrl: relayUrl } });
  });
  return {
    cut() {
      cutOff = true;
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      cutOff = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Requests the page makes for its feed's activity stream (one per connection). */
function recordStreamConnections(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/feed_activity/')) urls.push(request.url());
  });
  return urls;
}

test('what one member posts, comments and likes appears live on another’s open page, once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { contextA, contextB, a, b, memberA } = await twoMembersSignedUp(browser, 'livewriter', 'livereader');

  const feedPath = `/user/${memberA.username}`;
  await openHydrated(a, feedPath);
  const streams = recordStreamConnections(b);
  await openHydratedAndMark(b, feedPath);
  const feedA = a.locator('.feed-section');
  const feedB = b.locator('.feed-section');
  await expect(feedB.getByText('No posts yet.')).toBeVisible();
  await expect.poll(() => streams.length).toBeGreaterThan(0);

  // A post.
  const text = `Live from ${memberA.username}`;
  await feedA.getByRole('textbox', { name: 'Write a post' }).fill(text);
  await feedA.getByRole('button', { name: 'Post', exact: true }).click();
  const postA = feedA.locator('.post-card').filter({ hasText: text });
  await expect(postA).toBeVisible();
  const postB = feedB.locator('.post-card').filter({ hasText: text });
  await expect(postB).toBeVisible();
  await expect(postB).toHaveCount(1);

  // A comment on it.
  await postA.getByRole('button', { name: 'Comment', exact: true }).click();
  await postA.getByRole('textbox', { name: 'Write a comment' }).fill('A comment as it happens');
  await postA.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(postA.locator('.feed-comment')).toHaveCount(1);
  const commentB = postB.locator('.feed-comment').filter({ hasText: 'A comment as it happens' });
  await expect(commentB).toBeVisible();

  // Likes of the post and of the comment: B's counts follow, B's own state stays not pressed.
  const likePostA = postA.getByRole('button', { name: /^Like this post/ });
  await likePostA.click();
  await expect(likePostA).toHaveAccessibleName('Like this post, 1 like');
  const likeCommentA = postA.locator('.feed-comment').getByRole('button', { name: /^Like this comment/ });
  await likeCommentA.click();
  await expect(likeCommentA).toHaveAccessibleName('Like this comment, 1 like');
  const likePostB = postB.getByRole('button', { name: /^Like this post/ });
  await expect(likePostB).toHaveAccessibleName('Like this post, 1 like');
  await expect(likePostB).toHaveAttribute('aria-pressed', 'false');
  await expect(commentB.getByRole('button', { name: /^Like this comment/ })).toHaveAccessibleName(
    'Like this comment, 1 like',
  );

  // B likes too, and A sees the count move on A's own open page.
  await likePostB.click();
  await expect(likePostB).toHaveAccessibleName('Like this post, 2 likes');
  await expect(likePostA).toHaveAccessibleName('Like this post, 2 likes');

  // Nothing came twice, and B never left the page.
  await expect(feedB.locator('.post-card')).toHaveCount(1);
  await expect(postB.locator('.feed-comment')).toHaveCount(1);
  expect(await stayedOnPage(b)).toBe(true);

  // A deleted post goes from B's page too.
  await postA.getByRole('button', { name: 'Delete post' }).click();
  await expect(feedB.locator('.post-card')).toHaveCount(0);
  expect(await stayedOnPage(b)).toBe(true);

  await contextA.close();
  await contextB.close();
});

test('after the reader’s connection drops, a post written meanwhile appears once it is back, once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const memberA = uniqueMember('dropwriter');
  await signUp(a, memberA);
  await expect(a).toHaveURL(/\/browse$/);

  // B is a visitor: the stream is read under the rules as anyone may.
  const relay = await databaseRelay(contextB);
  const feedPath = `/user/${memberA.username}`;
  await openHydrated(a, feedPath);
  const streams = recordStreamConnections(b);
  await openHydratedAndMark(b, feedPath);
  const feedA = a.locator('.feed-section');
  const feedB = b.locator('.feed-section');
  await expect.poll(() => streams.length).toBeGreaterThan(0);

  const write = async (text: string) => {
    await feedA.getByRole('textbox', { name: 'Write a post' }).fill(text);
    await feedA.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(feedA.locator('.post-card').filter({ hasText: text })).toBeVisible();
  };
  await write('Before the drop');
  await expect(feedB.locator('.post-card').filter({ hasText: 'Before the drop' })).toHaveCount(1);

  const connectionsBefore = streams.length;
  relay.cut();
  await write('Written while the reader was offline');
  // Cut off, nothing can arrive.
  await b.waitForTimeout(1_000);
  await expect(feedB.locator('.post-card')).toHaveCount(1);
  relay.mend();

  // The stream connects again, and its first event brings the feed up to date.
  await expect.poll(() => streams.length, { timeout: 30_000 }).toBeGreaterThan(connectionsBefore);
  const meanwhile = feedB.locator('.post-card').filter({ hasText: 'Written while the reader was offline' });
  await expect(meanwhile).toBeVisible({ timeout: 30_000 });
  await expect(meanwhile).toHaveCount(1);
  await expect(feedB.locator('.post-card')).toHaveCount(2);
  await expect(feedB.locator('.post-card').first()).toContainText('Written while the reader was offline');
  expect(await stayedOnPage(b)).toBe(true);

  // The next change after the reconnection still comes, once.
  await write('After the reconnection');
  await expect(feedB.locator('.post-card').filter({ hasText: 'After the reconnection' })).toHaveCount(1);
  await expect(feedB.locator('.post-card')).toHaveCount(3);

  await contextA.close();
  await contextB.close();
  await relay.close();
});

test('a page served from an older copy catches up as soon as it is open', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const gamePath = '/game/firewatch';
  // A visitor's visit leaves copies of the page: at the edge (cachedPublicPage) and in the browser's
  // own cache (max-age 60 s).
  await openHydrated(page, gamePath);

  // A post made where no copy was dropped (its plan written straight to the database, as a write through
  // another data centre leaves this one's copy as it was).
  const postId = pushId();
  const text = `Posted elsewhere ${postId}`;
  await ownerDatabase().patch(
    '',
    planNewPost(
      'questline',
      { targetType: 'game', targetId: 'firewatch', content: text, type: 'text' },
      postId,
    ),
  );

  // The next visit is served a copy without the post; once open, the page shows it by itself.
  const response = await page.goto(gamePath);
  expect(await response?.text()).not.toContain(text);
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.evaluate(() => {
    (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
  });
  await expect(page.locator('.post-card').filter({ hasText: text })).toHaveCount(1);
  expect(await stayedOnPage(page)).toBe(true);
  await context.close();
});
