import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, FeedPost } from '../../shared/feed/read-feed.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

// Feeds on user, game and event pages, in workerd against the database emulator: the page bundle's
// first page, paging by cursor, preview comments, and who may write and delete.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();

const call = apiCaller(env, app);

/** The feed a page's bundle carries, as a client navigation reads it. */
async function pageFeed(path: string): Promise<FeedPage> {
  const response = await call(`/api/pages${path}`);
  expect(response.status).toBe(200);
  const body = await response.json<{ loaderData: Record<string, { feed?: FeedPage } | null> }>();
  const feed = Object.values(body.loaderData).find((data) => data?.feed)?.feed;
  if (!feed) throw new Error(`No feed in the bundle of ${path}`);
  return feed;
}

/** A post written straight into the database at a chosen time (to make runs of equal times), with no stored author name (as older posts). */
function postAt(id: string, targetId: string, timestamp: number, author = 'feeda') {
  return {
    [`posts/${id}`]: {
      uuid: id,
      targetUUID: targetId,
      targetType: 'game',
      sourceUUID: author,
      feed_key: feedKey(feedIdOf('game', targetId), timestamp, id),
      content: `post ${id}`,
      type: 'text',
      likes: 0,
      timestamp,
    },
    [`posts_by_id/${feedIdOf('game', targetId)}/${id}`]: timestamp,
    [`posts_by_uid/${author}/${id}`]: timestamp,
  };
}

const T = 1_950_000_000_000;
// Twelve posts on one game, three of them in the same millisecond and two more in another one.
const PAGED = [
  ['p01', T + 1],
  ['p02', T + 2],
  ['p03', T + 3],
  ['p04', T + 4],
  ['p05a', T + 5],
  ['p05b', T + 5],
  ['p05c', T + 5],
  ['p06', T + 6],
  ['p07a', T + 7],
  ['p07b', T + 7],
  ['p08', T + 8],
  ['p09', T + 9],
] as const;
const NEWEST_FIRST = [...PAGED].sort(([a, ta], [b, tb]) => tb - ta || (a < b ? 1 : -1)).map(([id]) => id);

beforeAll(async () => {
  await db.patch('', {
    'games/feedgame': testGame('feedgame', 'Feed Game', 5),
    'games/pagedgame': testGame('pagedgame', 'Paged Game', 4),
    'games/htmlgame': testGame('htmlgame', 'Html Game', 3),
    'users/feeda/public': { uuid: 'feeda', username: 'feed_ana', follows: 0 },
    'users/feedb/public': { uuid: 'feedb', username: 'feed_ben', follows: 0 },
    'users/feedc/public': { uuid: 'feedc', username: 'feed_cleo', follows: 0 },
    'users_public/feeda': { username: 'feed_ana' },
    'users_public/feedb': { username: 'feed_ben' },
    'users_public/feedc': { username: 'feed_cleo' },
    ...Object.fromEntries(PAGED.flatMap(([id, at]) => Object.entries(postAt(id, 'pagedgame', at)))),
  });
});

describe('feeds on pages', () => {
  it('a game page’s bundle carries its newest posts first, with the authors’ names', async () => {
    const older = await call('/api/posts', {
      method: 'POST',
      uid: 'feeda',
      json: { targetType: 'game', targetId: 'feedgame', content: 'First!' },
    });
    expect(older.status).toBe(201);
    const newer = await call('/api/posts', {
      method: 'POST',
      uid: 'feedb',
      json: { targetType: 'game', targetId: 'feedgame', content: 'Second,\nwith a line break' },
    });
    const written = (await newer.json<{ post: FeedPost }>()).post;
    expect(written).toMatchObject({ sourceUUID: 'feedb', authorName: 'feed_ben', previewComments: [] });
    const feed = await pageFeed('/game/feedgame');
    expect(feed.posts.map((p) => p.content)).toEqual(['Second,\nwith a line break', 'First!']);
    expect(feed.posts.map((p) => p.authorName)).toEqual(['feed_ben', 'feed_ana']);
    expect(feed.nextCursor).toBeNull();
  });

  it('puts the posts in the page’s HTML in place, readable before any script runs', async () => {
    // Long posts: React outlines a big finished boundary behind a script unless told not to.
    for (const n of [1, 2, 3]) {
      const posted = await call('/api/posts', {
        method: 'POST',
        uid: 'feeda',
        json: {
          targetType: 'game',
          targetId: 'htmlgame',
          content: `Long read ${String(n)} ${'word '.repeat(350)}`,
        },
      });
      expect(posted.status).toBe(201);
    }
    const response = await call(`/game/htmlgame?render=${String(Date.now())}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('Long read 3');
    // Nothing of the feed waits in a hidden streamed part that only a script would put in place.
    expect(body).not.toMatch(/<div hidden id="S:/);
  });

  it('pages through a feed without repeats or gaps, posts of the same millisecond included', async () => {
    const first = await pageFeed('/game/pagedgame');
    const seen = first.posts.map((p) => p.uuid);
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor) {
      const response = await call(
        `/api/posts?targetType=game&targetId=pagedgame&cursor=${encodeURIComponent(cursor)}&limit=2`,
      );
      expect(response.status).toBe(200);
      const page = await response.json<FeedPage>();
      seen.push(...page.posts.map((p) => p.uuid));
      cursor = page.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(20);
    }
    expect(seen).toEqual(NEWEST_FIRST);
  });

  it('cuts a page inside a run of posts of the same millisecond and goes on exactly after it', async () => {
    // p07b, p07a | p06, p05c | p05b, p05a … : with pages of 2 the cursor falls between p05c and p05b.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: FeedPage = await (
        await call(`/api/posts?targetType=game&targetId=pagedgame&limit=3${query}`)
      ).json();
      seen.push(...page.posts.map((p) => p.uuid));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(NEWEST_FIRST);
  });

  it('leaves out a post whose record is broken and pages on past it', async () => {
    await db.patch('', {
      'games/brokengame': testGame('brokengame', 'Broken Game', 2),
      ...postAt('b-new', 'brokengame', T + 3),
      ...postAt('b-old', 'brokengame', T + 1),
      'posts/b-bad': {
        uuid: 'b-bad',
        targetUUID: 'brokengame',
        feed_key: feedKey('game:brokengame', T + 2, 'b-bad'),
      },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: FeedPage = await (
        await call(`/api/posts?targetType=game&targetId=brokengame&limit=1${query}`)
      ).json();
      seen.push(...page.posts.map((p) => p.uuid));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['b-new', 'b-old']);
  });

  it('refuses a cursor it did not write with a 400', async () => {
    for (const cursor of ['x', '12', 'abc.def', '1.a.b', '-5.p01', `${'9'.repeat(20)}.p01`]) {
      const response = await call(
        `/api/posts?targetType=game&targetId=pagedgame&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(response.status).toBe(400);
    }
  });

  it('fills each post’s preview with its 3 latest comments, and gives the rest page by page', async () => {
    const posted = await call('/api/posts', {
      method: 'POST',
      uid: 'feedc',
      json: { targetType: 'user', targetId: 'feedc', content: 'Ask me anything' },
    });
    const postId = (await posted.json<{ post: FeedPost }>()).post.uuid;
    for (const [i, uid] of ['feeda', 'feedb', 'feeda', 'feedb', 'feeda'].entries()) {
      const comment = await call(`/api/comments/posts/${postId}`, {
        method: 'POST',
        uid,
        json: { content: `comment ${String(i + 1)}` },
      });
      expect(comment.status).toBe(201);
    }
    const feed = await pageFeed('/user/feed_cleo');
    const post = feed.posts.find((p) => p.uuid === postId);
    expect(post?.previewComments.map((c) => c.content)).toEqual(['comment 5', 'comment 4', 'comment 3']);
    expect(post?.previewComments.map((c) => c.authorName)).toEqual(['feed_ana', 'feed_ben', 'feed_ana']);
    expect(Object.keys(post?.comments ?? {})).toHaveLength(5);

    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: { comments: { content: string }[]; nextCursor: string | null } = await (
        await call(`/api/comments/posts/${postId}?limit=2${query}`)
      ).json();
      all.push(...page.comments.map((c) => c.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(all).toEqual(['comment 5', 'comment 4', 'comment 3', 'comment 2', 'comment 1']);
  });
});

describe('writing on feeds', () => {
  it('says what is wrong with an empty or an oversized post, and writes nothing', async () => {
    const empty = await call('/api/posts', {
      method: 'POST',
      uid: 'feeda',
      json: { targetType: 'game', targetId: 'feedgame', content: '   ' },
    });
    expect(empty.status).toBe(400);
    expect((await empty.json<ApiErrorBody>()).error.fields?.content).toBe('Write something first.');
    const long = await call('/api/posts', {
      method: 'POST',
      uid: 'feeda',
      json: { targetType: 'game', targetId: 'feedgame', content: 'x'.repeat(2001) },
    });
    expect(long.status).toBe(400);
    expect((await long.json<ApiErrorBody>()).error.fields?.content).toBe('At most 2000 characters.');
    expect((await pageFeed('/game/feedgame')).posts).toHaveLength(2);
  });

  it('refuses a visitor, a feed that does not exist, and writes as the caller whatever the body says', async () => {
    const visitor = await call('/api/posts', {
      method: 'POST',
      json: { targetType: 'game', targetId: 'feedgame', content: 'hi' },
    });
    expect(visitor.status).toBe(401);
    const nowhere = await call('/api/posts', {
      method: 'POST',
      uid: 'feeda',
      json: { targetType: 'game', targetId: 'no-such-game', content: 'hi' },
    });
    expect(nowhere.status).toBe(404);
    expect(await db.get('posts_by_id/no-such-game')).toBeNull();
    const impostor = await call('/api/posts', {
      method: 'POST',
      uid: 'feeda',
      json: { targetType: 'game', targetId: 'feedgame', content: 'as ben?', sourceUUID: 'feedb' },
    });
    expect(impostor.status).toBe(201);
    const post = (await impostor.json<{ post: FeedPost }>()).post;
    expect(post.sourceUUID).toBe('feeda');
    expect(await call(`/api/posts/${post.uuid}`, { method: 'DELETE', uid: 'feeda' })).toHaveProperty(
      'status',
      204,
    );
  });

  it('lets the author and the owner of a user feed delete a post, and refuses a stranger', async () => {
    const posted = await call('/api/posts', {
      method: 'POST',
      uid: 'feeda',
      json: { targetType: 'user', targetId: 'feedb', content: 'On your wall' },
    });
    const postId = (await posted.json<{ post: FeedPost }>()).post.uuid;
    const stranger = await call(`/api/posts/${postId}`, { method: 'DELETE', uid: 'feedc' });
    expect(stranger.status).toBe(403);
    expect((await pageFeed('/user/feed_ben')).posts.map((p) => p.uuid)).toContain(postId);
    expect((await call(`/api/posts/${postId}`, { method: 'DELETE' })).status).toBe(401);
    const owner = await call(`/api/posts/${postId}`, { method: 'DELETE', uid: 'feedb' });
    expect(owner.status).toBe(204);
    expect((await pageFeed('/user/feed_ben')).posts.map((p) => p.uuid)).not.toContain(postId);
    expect(await db.get(`posts/${postId}`)).toBeNull();
  });

  it('tells a member which posts and comments they like, and only theirs', async () => {
    const feed = await pageFeed('/game/feedgame');
    const [newest, older] = feed.posts;
    if (!newest || !older) throw new Error('two posts expected');
    expect((await call(`/api/likes/post/${newest.uuid}`, { method: 'PUT', uid: 'feedc' })).status).toBe(200);
    const mine = await call(`/api/likes/mine?ids=${newest.uuid},${older.uuid}`, { uid: 'feedc' });
    expect(await mine.json()).toEqual({ liked: [newest.uuid] });
    const theirs = await call(`/api/likes/mine?ids=${newest.uuid},${older.uuid}`, { uid: 'feeda' });
    expect(await theirs.json()).toEqual({ liked: [] });
    expect((await call(`/api/likes/mine?ids=${newest.uuid}`)).status).toBe(401);
    const tooMany = Array.from({ length: 51 }, (_, i) => `id${String(i)}`).join(',');
    expect((await call(`/api/likes/mine?ids=${tooMany}`, { uid: 'feedc' })).status).toBe(400);
    expect((await pageFeed('/game/feedgame')).posts[0]?.likes).toBe(1);
  });
});
