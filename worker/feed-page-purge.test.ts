import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedComment, FeedPost } from '../shared/feed/read-feed.ts';
import { createApp } from './app.ts';
import { apiCaller } from './test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

// A page's copy at the edge is dropped when its feed changes through the API, so the next visitor reads
// the new post, comment or like count instead of a copy up to 11 minutes old; other pages keep theirs.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());
const run = Math.random().toString(36).slice(2, 8);
const GAME = `purgegame${run}`;
const OTHER_GAME = `keptgame${run}`;
const USERNAME = `purge_rosa_${run}`;
const EVENT = `purgeevent${run}`;

/** A visitor's view of a page, and whether it came from the edge's copy. */
async function visit(path: string) {
  const response = await call(path);
  return { cache: response.headers.get('x-questline-cache'), body: await response.text() };
}

/** Visits a page until its copy is stored, so the next visit is served from it. */
async function cached(path: string) {
  await visit(path);
  expect((await visit(path)).cache).toBe('hit');
}

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Purge Game'),
    [`games/${OTHER_GAME}`]: testGame(OTHER_GAME, 'Kept Game'),
    [`events/${EVENT}`]: { name: 'Purge night', deeplink_url_code: EVENT },
    'users/purgerosa/public': { uuid: 'purgerosa', username: USERNAME, follows: 0 },
    'users_public/purgerosa': { username: USERNAME },
    'users/purgeben/public': { uuid: 'purgeben', username: `purge_ben_${run}`, follows: 0 },
  });
});

describe('the edge copy of a feed’s page', () => {
  it('is dropped by a new post, a comment and likes, and the next visitor reads them', async () => {
    await cached(`/game/${GAME}`);
    await cached(`/game/${OTHER_GAME}`);
    const posted = await call('/api/posts', {
      method: 'POST',
      uid: 'purgeben',
      json: { targetType: 'game', targetId: GAME, content: 'Fresh at the edge' },
    });
    expect(posted.status).toBe(201);
    const post = (await posted.json<{ post: FeedPost }>()).post;
    const afterPost = await visit(`/game/${GAME}`);
    expect(afterPost.cache).toBeNull();
    expect(afterPost.body).toContain('Fresh at the edge');
    // Another game's page keeps its copy.
    expect((await visit(`/game/${OTHER_GAME}`)).cache).toBe('hit');

    expect((await visit(`/game/${GAME}`)).cache).toBe('hit');
    const commented = await call(`/api/comments/posts/${post.uuid}`, {
      method: 'POST',
      uid: 'purgerosa',
      json: { content: 'A comment the copy did not have' },
    });
    const comment = (await commented.json<{ comment: FeedComment }>()).comment;
    const afterComment = await visit(`/game/${GAME}`);
    expect(afterComment.cache).toBeNull();
    expect(afterComment.body).toContain('A comment the copy did not have');

    expect((await visit(`/game/${GAME}`)).cache).toBe('hit');
    expect(
      (await call(`/api/likes/comment/${comment.uuid}`, { method: 'PUT', uid: 'purgeben' })).status,
    ).toBe(200);
    expect((await visit(`/game/${GAME}`)).cache).toBeNull();

    expect((await visit(`/game/${GAME}`)).cache).toBe('hit');
    expect((await call(`/api/likes/post/${post.uuid}`, { method: 'PUT', uid: 'purgerosa' })).status).toBe(
      200,
    );
    expect((await visit(`/game/${GAME}`)).cache).toBeNull();
    // Liking again changes nothing, and the copy stays.
    expect((await visit(`/game/${GAME}`)).cache).toBe('hit');
    await call(`/api/likes/post/${post.uuid}`, { method: 'PUT', uid: 'purgerosa' });
    expect((await visit(`/game/${GAME}`)).cache).toBe('hit');

    // Deleting the post drops it too.
    expect((await call(`/api/posts/${post.uuid}`, { method: 'DELETE', uid: 'purgeben' })).status).toBe(204);
    const afterDelete = await visit(`/game/${GAME}`);
    expect(afterDelete.cache).toBeNull();
    expect(afterDelete.body).not.toContain('Fresh at the edge');
  });

  it('of a member’s page is found by their username', async () => {
    await cached(`/user/${USERNAME}`);
    const posted = await call('/api/posts', {
      method: 'POST',
      uid: 'purgeben',
      json: { targetType: 'user', targetId: 'purgerosa', content: 'On Rosa’s wall' },
    });
    expect(posted.status).toBe(201);
    const page = await visit(`/user/${USERNAME}`);
    expect(page.cache).toBeNull();
    expect(page.body).toContain('On Rosa’s wall');
  });

  it('of an event’s page is dropped by a post on the event', async () => {
    await cached(`/event/${EVENT}`);
    const posted = await call('/api/posts', {
      method: 'POST',
      uid: 'purgeben',
      json: { targetType: 'event', targetId: EVENT, content: 'See you at the event' },
    });
    expect(posted.status).toBe(201);
    const page = await visit(`/event/${EVENT}`);
    expect(page.cache).toBeNull();
    expect(page.body).toContain('See you at the event');
  });

  it('is kept when a write is refused', async () => {
    await cached(`/game/${OTHER_GAME}`);
    const refused = await call('/api/posts', {
      method: 'POST',
      uid: 'purgeben',
      json: { targetType: 'game', targetId: OTHER_GAME, content: '   ' },
    });
    expect(refused.status).toBe(400);
    expect((await visit(`/game/${OTHER_GAME}`)).cache).toBe('hit');
  });
});
