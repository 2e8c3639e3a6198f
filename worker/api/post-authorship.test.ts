import { beforeAll, describe, expect, it } from 'vitest';
import { parseFeedKey } from '../../shared/feed/feed-key.ts';
import type { FeedPage, FeedPost } from '../../shared/feed/read-feed.ts';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import type { RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { sequentialRounds } from '../../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

// What the server stores in a new post or comment besides what the member wrote: the author's username
// (so feeds need not read it) and the post's place in its feed (so a feed's page is one query). Both are
// the server's to decide: nothing in the request, nor in the member's token, changes them.

const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const GUEST = 'guestAb12Cd34';

beforeAll(async () => {
  await db.patch('', {
    'games/pa-hades': testGame('pa-hades', 'Hades Authorship', 10),
    'users/pa-ana/public': { uuid: 'pa-ana', username: 'pa_ana', follows: 0 },
    'users/pa-ben/public': { uuid: 'pa-ben', username: 'pa_ben', follows: 0 },
    [`users/${GUEST}/public`]: { uuid: GUEST, username: 'web-Ab12Cd34', follows: 0 },
  });
});

async function post(uid: string, json: Record<string, unknown>, token?: string): Promise<FeedPost> {
  const response = await call('/api/posts', {
    method: 'POST',
    ...(token ? { token } : { uid }),
    json: { targetType: 'game', targetId: 'pa-hades', ...json },
  });
  expect(response.status).toBe(201);
  const { post: created } = await response.json<{ post: FeedPost | null }>();
  if (!created) throw new Error('The new post was not answered');
  return created;
}

describe('a post written through the API', () => {
  it('stores its author’s username and its place in its feed', async () => {
    const created = await post('pa-ana', { content: 'Heat 20.' });
    expect(created.authorName).toBe('pa_ana');
    const stored = (await db.get(`posts/${created.uuid}`)) as Record<string, unknown>;
    expect(stored).toMatchObject({ sourceUUID: 'pa-ana', authorName: 'pa_ana' });
    expect(parseFeedKey(String(stored.feed_key))).toMatchObject({
      feedId: 'game:pa-hades',
      position: { id: created.uuid },
    });
    const feed = await (await call('/api/posts?targetType=game&targetId=pa-hades')).json<FeedPage>();
    expect(feed.posts[0]).toMatchObject({ uuid: created.uuid, authorName: 'pa_ana' });
  });

  it('costs no round for the name: the checks and the name, the write, then its page’s address for the purge', async () => {
    const requests: RtdbRequestRecord[] = [];
    const counted = apiCaller(env, createApp({ onDatabaseRequest: (r) => requests.push(r) }));
    const response = await counted('/api/posts', {
      method: 'POST',
      uid: 'pa-ana',
      json: { targetType: 'user', targetId: 'pa-ana', content: 'On my own page.' },
    });
    expect(response.status).toBe(201);
    expect((await response.json<{ post: FeedPost }>()).post.authorName).toBe('pa_ana');
    expect(sequentialRounds(requests)).toBe(3);
  });

  it('takes neither a name, a feed key nor an author from the request', async () => {
    const created = await post('pa-ana', {
      content: 'Not from ben.',
      authorName: 'pa_ben',
      feed_key: 'pa-hades|9999999999999999|zzzz',
      sourceUUID: 'pa-ben',
    });
    const stored = (await db.get(`posts/${created.uuid}`)) as Record<string, unknown>;
    expect(stored).toMatchObject({ sourceUUID: 'pa-ana', authorName: 'pa_ana' });
    expect(parseFeedKey(String(stored.feed_key))?.position.id).toBe(created.uuid);
  });

  it('takes the name from the member’s own record, not from what their token claims', async () => {
    const token = unsignedEmulatorToken('pa-ana', {
      name: 'pa_ben',
      firebase: { sign_in_provider: 'password', identities: {} },
    });
    const created = await post('pa-ana', { content: 'Still ana.' }, token);
    expect(await db.get(`posts/${created.uuid}/authorName`)).toBe('pa_ana');
  });

  it('stores no name for a guest, whose web- name gives way to a username, and still shows it', async () => {
    const created = await post(GUEST, { content: 'Guest here.' });
    expect(await db.get(`posts/${created.uuid}/authorName`)).toBeNull();
    expect(created.authorName).toBe('web-Ab12Cd34');
    // Once the guest takes a username, the feed shows it: nothing stored went stale.
    await db.patch('', { [`users/${GUEST}/public/username`]: 'pa_cleo' });
    const feed = await (await call('/api/posts?targetType=game&targetId=pa-hades')).json<FeedPage>();
    expect(feed.posts.find((p) => p.uuid === created.uuid)?.authorName).toBe('pa_cleo');
    await db.patch('', { [`users/${GUEST}/public/username`]: 'web-Ab12Cd34' });
  });
});

describe('a comment written through the API', () => {
  it('stores its author’s username, never the one a request names, and none for a guest', async () => {
    const created = await post('pa-ana', { content: 'Comment on me.' });
    const byBen = await call(`/api/comments/posts/${created.uuid}`, {
      method: 'POST',
      uid: 'pa-ben',
      json: { content: 'Nice run.', authorName: 'pa_ana', sourceUUID: 'pa-ana' },
    });
    expect(byBen.status).toBe(201);
    const { comment } = await byBen.json<{ comment: { uuid: string; authorName?: string } }>();
    expect(comment.authorName).toBe('pa_ben');
    expect(await db.get(`comments/${comment.uuid}`)).toMatchObject({
      sourceUUID: 'pa-ben',
      authorName: 'pa_ben',
    });
    const byGuest = await call(`/api/comments/posts/${created.uuid}`, {
      method: 'POST',
      uid: GUEST,
      json: { content: 'Me too.' },
    });
    const guestComment = (await byGuest.json<{ comment: { uuid: string; authorName?: string } }>()).comment;
    expect(guestComment.authorName).toBe('web-Ab12Cd34');
    expect(await db.get(`comments/${guestComment.uuid}/authorName`)).toBeNull();
    const feed = await (await call('/api/posts?targetType=game&targetId=pa-hades')).json<FeedPage>();
    const shown = feed.posts.find((p) => p.uuid === created.uuid);
    expect(shown?.previewComments.map((c) => c.authorName)).toEqual(['web-Ab12Cd34', 'pa_ben']);
  });
});
