import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env as workerEnv } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FANOUT_PAGE,
  HOME_FEED_CAP,
  HOME_FEED_PULLED_PATH,
  homeFeedInboxPath,
  PULLED_FEED_FOLLOWERS,
} from '../../shared/feed/home-feed-fanout.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import { HOME_FEED_DEAD_LETTERS_PATH, type DeadLetter } from '../../shared/feed/home-feed-dead-letters.ts';
import { homeFeedDeadLettersJob } from '../../shared/jobs/home-feed-dead-letters-job.ts';
import type { FeedPost } from '../../shared/feed/read-feed.ts';
import type { HomeFeedCard } from '../../shared/feed/home-feed-card.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { pushId } from '../../shared/push-id.ts';
import { createApp } from '../app.ts';
import worker from '../index.ts';
import { consumeHomeFeedBatch, sendHomeFeedMessages } from './home-feed-queue.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// Home feeds written when a post is written: the Worker's messages to the home-feed queue and the
// consumer that writes followers' home feeds (`users/{uid}/private/home-feed`). The consumer runs as the
// queue runs it (the Worker's `queue` export, batches made with the Cloudflare plugin's helpers), and
// end to end through Miniflare's real queue: a post written through the API reaches its followers.

// Miniflare's real queue (other tests' environments deliver nowhere: worker/test-support/test-database.ts).
const env = testEnv({ FIREBASE_EMULATORS: 'true', HOME_FEED_QUEUE: workerEnv.HOME_FEED_QUEUE });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());
const tag = runTag();
const GAME = `hq-game-${tag.toLowerCase()}`;
const AUTHOR = `hq-author-${tag}`;
const FANS = ['a', 'b', 'c'].map((n) => `hq-fan-${n}-${tag}`);
const STRANGER = `hq-stranger-${tag}`;
const NOW = Date.UTC(2031, 4, 17, 9, 30);

let messageCount = 0;
/** A batch as the queue delivers it, each message on its `attempts`-th try. */
function batchOf(messages: HomeFeedMessage[], attempts = 1) {
  return createMessageBatch(
    'questline-home-feed',
    messages.map((message) => ({
      id: `message-${String(++messageCount)}`,
      timestamp: NOW,
      attempts,
      // As the producer sends it: naming the test's database (emulators only).
      body: {
        message,
        database: { url: env.FIREBASE_DATABASE_URL, namespace: env.FIREBASE_DATABASE_NAMESPACE },
      },
    })),
  );
}

async function consume(messages: HomeFeedMessage[], attempts = 1) {
  const batch = batchOf(messages, attempts);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return { batch, result: await getQueueResult(batch, ctx) };
}

/** A member's home feed: post id → the time of its card (an entry of the older kind, a bare time, as it is). */
const inbox = async (uid: string): Promise<Record<string, number>> =>
  Object.fromEntries(
    Object.entries((await db.get(homeFeedInboxPath(uid))) ?? {}).map(([id, entry]) => [
      id,
      typeof entry === 'number' ? entry : (entry as HomeFeedCard).timestamp,
    ]),
  );

/** The cards of a member's home feed as stored: post id → card. */
const cards = async (uid: string) =>
  ((await db.get(homeFeedInboxPath(uid))) as Record<string, HomeFeedCard> | null) ?? {};

/** A post record as the post transition writes it. */
async function writePost(postId: string, author = AUTHOR, target = GAME, kind: 'game' | 'user' = 'game') {
  await db.patch('', {
    [`posts/${postId}`]: {
      uuid: postId,
      sourceUUID: author,
      targetUUID: target,
      targetType: kind,
      feed_key: feedKey(feedIdOf(kind, target), NOW, postId),
      content: `Post ${postId}`,
      type: 'text',
      likes: 0,
      timestamp: NOW,
    },
  });
}

const written = (postId: string, extra: Partial<HomeFeedMessage> = {}): HomeFeedMessage =>
  ({
    kind: 'post-written',
    postId,
    feed: `game:${GAME}`,
    author: AUTHOR,
    timestamp: NOW,
    ...extra,
  }) as HomeFeedMessage;

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: { ...testGame(GAME, 'Queue Quest'), follows: FANS.length },
    ...Object.fromEntries(
      [...FANS, AUTHOR].map((uid) => [
        `follows_by_targetid/game:${GAME}/${uid}`,
        { followId: `f-${uid}`, type: 'game', timestamp: NOW },
      ]),
    ),
    [`users/${AUTHOR}/public`]: { uuid: AUTHOR, username: `hq_author_${tag.toLowerCase()}`, follows: 0 },
  });
});

describe('the home-feed consumer', () => {
  it('writes a post into the home feed of every follower of its feed, and nobody else’s', async () => {
    const postId = pushId(NOW);
    await writePost(postId);
    const { result } = await consume([written(postId)]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    for (const fan of FANS) expect(await inbox(fan)).toMatchObject({ [postId]: NOW });
    // The card: what the home feed shows, the author's name and the feed's name with it.
    expect((await cards(FANS[0] ?? ''))[postId]).toMatchObject({
      timestamp: NOW,
      feed: `game:${GAME}`,
      post: {
        uuid: postId,
        content: `Post ${postId}`,
        authorName: `hq_author_${tag.toLowerCase()}`,
        postedOn: { type: 'game', key: GAME, name: 'Queue Quest' },
      },
    });
    // The author's own home feed holds it too; a stranger follows nothing.
    expect(await inbox(AUTHOR)).toHaveProperty(postId);
    expect(await inbox(STRANGER)).toEqual({});
  });

  it('writes a post on a member’s wall into the wall owner’s home feed too', async () => {
    const owner = `hq-owner-${tag}`;
    const postId = pushId(NOW);
    await writePost(postId, AUTHOR, owner, 'user');
    await consume([written(postId, { feed: `user:${owner}` })]);
    expect(await inbox(owner)).toEqual({ [postId]: NOW });
  });

  it('changes nothing when a message comes twice, or a deletion before the post it deletes', async () => {
    const postId = pushId(NOW + 1);
    await writePost(postId);
    await consume([written(postId)]);
    const once = await inbox(FANS[0] ?? '');
    await consume([written(postId), written(postId)]);
    expect(await inbox(FANS[0] ?? '')).toEqual(once);

    // Deleted: the deletion's message comes first, then the post's (late, or delivered again).
    const late = pushId(NOW + 2);
    await consume([{ kind: 'post-deleted', postId: late, feed: `game:${GAME}` }]);
    const { result } = await consume([written(late)], 3);
    expect(result.explicitAcks).toHaveLength(1);
    for (const fan of FANS) expect(await inbox(fan)).not.toHaveProperty(late);
  });

  it('takes a deleted post out of every home feed it was written into', async () => {
    const postId = pushId(NOW + 3);
    await writePost(postId);
    await consume([written(postId)]);
    await db.patch('', { [`posts/${postId}`]: null });
    await consume([{ kind: 'post-deleted', postId, feed: `game:${GAME}` }]);
    for (const fan of FANS) expect(await inbox(fan)).not.toHaveProperty(postId);
  });

  it('tries a post again that is not written yet, and drops it after its third try', async () => {
    const postId = pushId(NOW + 4);
    const first = await consume([written(postId)]);
    expect(first.result.retryMessages.map((m) => m.msgId)).toEqual([first.batch.messages[0]?.id]);
    const third = await consume([written(postId)], 3);
    expect(third.result.explicitAcks).toEqual([third.batch.messages[0]?.id]);
    expect(await inbox(FANS[0] ?? '')).not.toHaveProperty(postId);
  });

  it('acknowledges what it wrote and retries only the rest when the database fails half-way', async () => {
    const [ok, failing, alsoOk] = [pushId(NOW + 5), pushId(NOW + 6), pushId(NOW + 7)];
    for (const postId of [ok, failing, alsoOk]) await writePost(postId);
    const messages = [written(ok), written(failing), written(alsoOk)];
    const batch = batchOf(messages);
    const ctx = createExecutionContext();
    // The database refuses the write of the second message's entries (a PATCH naming its post).
    await consumeHomeFeedBatch(batch, env, {
      databaseFetch: async (input, init) => {
        if (init?.method === 'PATCH' && typeof init.body === 'string' && init.body.includes(failing))
          return new Response('{"error":"Internal"}', { status: 500 });
        return fetch(input, init);
      },
    });
    const result = await getQueueResult(batch, ctx);
    const [first, second, third] = batch.messages.map((m) => m.id);
    expect(result.explicitAcks.sort()).toEqual([first, third].sort());
    expect(result.retryMessages).toEqual([{ msgId: second }]);
    expect(await inbox(FANS[1] ?? '')).toMatchObject({ [ok]: NOW, [alsoOk]: NOW });
    expect(await inbox(FANS[1] ?? '')).not.toHaveProperty(failing);
    // Delivered again, it is written; the others were not sent again and are there once.
    await consume([written(failing)], 2);
    expect(await inbox(FANS[1] ?? '')).toMatchObject({ [ok]: NOW, [failing]: NOW, [alsoOk]: NOW });
  });

  it('drops a message that is not one of its own, writing nothing', async () => {
    const before = await inbox(FANS[0] ?? '');
    for (const body of [
      { message: { kind: 'post-written', postId: '../../users', feed: 'game:x', author: 'a', timestamp: 1 } },
      { message: { kind: 'post-written', postId: 'p', feed: 'nokind', author: 'a', timestamp: 1 } },
      { message: { kind: 'post-deleted', postId: 'p', feed: `game:${GAME}`, after: 'x/../y' } },
      { message: { kind: 'post-changed', postId: '../../users/x/private' } },
      { message: { kind: 'comment-changed', commentId: 'a.b' } },
      { message: { kind: 'list-gained-games', code: '../lists' } },
      { message: { kind: 'list-followed', uid: FANS[0], code: 'a/b' } },
      { message: { kind: 'drop-everything' } },
      'post-written',
      null,
    ]) {
      const batch = createMessageBatch('questline-home-feed', [
        { id: `odd-${String(++messageCount)}`, timestamp: NOW, attempts: 1, body },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks, JSON.stringify(body)).toHaveLength(1);
    }
    expect(await inbox(FANS[0] ?? '')).toEqual(before);
  });

  it('merges a feed followed by very many at read once its followers are marked, instead of writing into every home feed', async () => {
    const big = `hq-big-${tag.toLowerCase()}`;
    const first = pushId(NOW + 8);
    const second = pushId(NOW + 9);
    const fan = FANS[0] ?? '';
    await db.patch('', {
      [`games/${big}`]: { ...testGame(big, 'Big Quest'), follows: PULLED_FEED_FOLLOWERS + 1 },
      [`follows_by_targetid/game:${big}/${fan}`]: { followId: 'f', type: 'game', timestamp: NOW },
    });
    // The post that finds it over the threshold is still fanned out; its followers are marked (the
    // feed-pulled message, through the real queue), then the feed is pulled.
    await writePost(first, AUTHOR, big);
    await consume([written(first, { feed: `game:${big}` })]);
    expect(await inbox(fan)).toHaveProperty(first);
    await vi.waitFor(
      async () => {
        expect(await db.get(`home_feed_pulled_feeds/game:${big}`)).toMatchObject({ state: 'pulled' });
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(await db.get(`users/${fan}/private/home-feed-follows/pulled`)).toEqual({ [`game:${big}`]: true });
    await writePost(second, AUTHOR, big);
    await consume([written(second, { feed: `game:${big}` })]);
    expect(await db.get(`${HOME_FEED_PULLED_PATH}/${second}`)).toMatchObject({
      feed: `game:${big}`,
      timestamp: NOW,
      post: { uuid: second, content: `Post ${second}` },
    });
    expect(await inbox(fan)).not.toHaveProperty(second);
    // Its author's own home feed holds it (they need not follow the feed).
    expect(await inbox(AUTHOR)).toHaveProperty(second);
  });

  it('keeps at most the newest HOME_FEED_CAP entries of a home feed', async () => {
    const reader = `hq-reader-${tag}`;
    const feed = `user:hq-busy-${tag}`;
    // A home feed already holding the cap and more (older entries than any written here).
    const old = Array.from({ length: HOME_FEED_CAP + 40 }, (_, n) => pushId(NOW - 1_000_000 + n));
    await db.patch('', {
      ...Object.fromEntries(old.map((id, n) => [`${homeFeedInboxPath(reader)}/${id}`, NOW - 1_000_000 + n])),
      [`follows_by_targetid/${feed}/${reader}`]: { followId: 'f', type: 'user', timestamp: NOW },
    });
    // Posts until the reader's home feed is trimmed (one home feed in 16 is, for a given post).
    const newest: string[] = [];
    for (let n = 0; n < 200 && Object.keys(await inbox(reader)).length > HOME_FEED_CAP; n++) {
      const postId = pushId(NOW + 100 + n);
      newest.push(postId);
      await writePost(postId, AUTHOR, feed.slice(5), 'user');
      await consume([written(postId, { feed: feed as `user:${string}` })]);
    }
    const kept = Object.keys(await inbox(reader));
    expect(kept).toHaveLength(HOME_FEED_CAP);
    // The newest stay: every post just written, and the oldest entries went first.
    for (const id of newest) expect(kept).toContain(id);
    expect(kept).not.toContain(old[0]);
  });
});

describe('the home-feed consumer when a post changes', () => {
  const changed = (postId: string): HomeFeedMessage => ({ kind: 'post-changed', postId });
  const likesOn = async (uid: string, postId: string) => (await cards(uid))[postId]?.post.likes;

  it('writes the card again as the post is now, however often and in whatever order changes come', async () => {
    const postId = pushId(NOW + 30);
    await writePost(postId);
    await consume([written(postId)]);
    await db.patch('', { [`posts/${postId}/likes`]: 4 });
    // Twice, and a late copy of the post's own message after it: all read the post as it is now.
    await consume([changed(postId), changed(postId)]);
    await consume([written(postId)], 2);
    for (const uid of [...FANS, AUTHOR]) expect(await likesOn(uid, postId)).toBe(4);
    // A change of a post since deleted, or of a comment that does not exist, writes nothing.
    const gone = pushId(NOW + 31);
    const { result } = await consume([changed(gone), { kind: 'comment-changed', commentId: 'hq-no-such' }]);
    expect(result.explicitAcks).toHaveLength(2);
    for (const fan of FANS) expect(await inbox(fan)).not.toHaveProperty(gone);
  });

  it('goes again when the post changed between its read and its write (the newer change’s message came first)', async () => {
    const postId = pushId(NOW + 32);
    await writePost(postId);
    await consume([written(postId)]);
    const batch = batchOf([changed(postId)]);
    const ctx = createExecutionContext();
    // Read with no likes; a like lands (its own message already delivered) just before this write does.
    await consumeHomeFeedBatch(batch, env, {
      databaseFetch: async (input, init) => {
        if (
          init?.method === 'PATCH' &&
          typeof init.body === 'string' &&
          init.body.includes(`home-feed/${postId}`)
        )
          await db.patch('', { [`posts/${postId}/likes`]: 7 });
        return fetch(input, init);
      },
    });
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
    // The stale card was written, then seen to be stale: the card is written again through the queue.
    await vi.waitFor(
      async () => {
        for (const uid of [...FANS, AUTHOR]) expect(await likesOn(uid, postId)).toBe(7);
      },
      { timeout: 15_000, interval: 250 },
    );
  });

  it('takes the cards out again when the post was deleted between its read and its write', async () => {
    const postId = pushId(NOW + 33);
    await writePost(postId);
    const batch = batchOf([written(postId)]);
    const ctx = createExecutionContext();
    await consumeHomeFeedBatch(batch, env, {
      databaseFetch: async (input, init) => {
        if (init?.method === 'PATCH' && typeof init.body === 'string' && init.body.includes(postId))
          await db.patch('', { [`posts/${postId}`]: null });
        return fetch(input, init);
      },
    });
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
    await vi.waitFor(
      async () => {
        for (const uid of [...FANS, AUTHOR]) expect(await inbox(uid)).not.toHaveProperty(postId);
      },
      { timeout: 15_000, interval: 250 },
    );
  });

  it('retries only the change whose write failed half-way through a batch', async () => {
    const [ok, failing] = [pushId(NOW + 34), pushId(NOW + 35)];
    for (const postId of [ok, failing]) {
      await writePost(postId);
      await consume([written(postId)]);
      await db.patch('', { [`posts/${postId}/likes`]: 2 });
    }
    const batch = batchOf([changed(ok), changed(failing)]);
    const ctx = createExecutionContext();
    await consumeHomeFeedBatch(batch, env, {
      databaseFetch: async (input, init) => {
        if (
          init?.method === 'PATCH' &&
          typeof init.body === 'string' &&
          init.body.includes(`home-feed/${failing}`)
        )
          return new Response('{"error":"Internal"}', { status: 500 });
        return fetch(input, init);
      },
    });
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([batch.messages[0]?.id]);
    expect(result.retryMessages).toEqual([{ msgId: batch.messages[1]?.id }]);
    expect(await likesOn(FANS[0] ?? '', ok)).toBe(2);
    expect(await likesOn(FANS[0] ?? '', failing)).toBe(0);
    await consume([changed(failing)], 2);
    expect(await likesOn(FANS[0] ?? '', failing)).toBe(2);
  });
});

describe('the home-feed consumer and curated lists', () => {
  const LIST = `hq-list-${tag.toLowerCase()}`;
  const listFan = `hq-listfan-${tag}`;

  it('writes a list’s new event into its followers’ home feeds, once however often it comes', async () => {
    await db.patch('', {
      [`lists/${LIST}/name`]: 'Queue classics',
      [`follows_by_targetid/list:${LIST}/${listFan}`]: { followId: 'f', type: 'list', timestamp: NOW },
      [`list_activity/${LIST}/-Nlist-event-1`]: { games: [GAME], count: 1, timestamp: NOW },
    });
    const gained: HomeFeedMessage = { kind: 'list-gained-games', code: LIST };
    await consume([gained]);
    const once = await db.get(homeFeedInboxPath(listFan));
    expect(once).toEqual({
      '-Nlist-event-1': {
        timestamp: NOW,
        list: LIST,
        event: {
          uuid: '-Nlist-event-1',
          timestamp: NOW,
          list: { code: LIST, name: 'Queue classics' },
          games: [{ id: GAME, name: 'Queue Quest' }],
          count: 1,
        },
      },
    });
    await consume([gained, gained]);
    expect(await db.get(homeFeedInboxPath(listFan))).toEqual(once);
  });

  it('brings a list followed through the API into the member’s home feed', async () => {
    const member = `hq-listnew-${tag}`;
    await db.patch('', {
      [`users/${member}/public`]: { uuid: member, username: `hq_listnew_${tag.toLowerCase()}`, follows: 0 },
      [`lists-public/${LIST}`]: { name: 'Queue classics', game_count: 1 },
    });
    expect((await call(`/api/follows/list/${LIST}`, { method: 'PUT', uid: member })).status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await db.get(homeFeedInboxPath(member))).toHaveProperty('-Nlist-event-1');
      },
      { timeout: 15_000, interval: 250 },
    );
  });
});

describe('posting while the home-feed queue cannot be reached', () => {
  it('refuses the post with 503 in its own words and writes nothing', async () => {
    const author = `hq-unqueued-${tag}`;
    await db.patch('', {
      [`users/${author}/public`]: { uuid: author, username: `hq_unq_${tag.toLowerCase()}`, follows: 0 },
    });
    // The queue's binding fails as an unreachable queue does (its message must not reach the member).
    const queueDown = {
      ...env,
      HOME_FEED_QUEUE: {
        send: () => Promise.reject(new Error('Queue questline-home-feed: internal error 10.0.0.7')),
        sendBatch: () => Promise.reject(new Error('Queue questline-home-feed: internal error 10.0.0.7')),
        metrics: () => Promise.reject(new Error('down')),
      } as unknown as Queue,
    };
    const response = await apiCaller(queueDown, createApp())('/api/posts', {
      method: 'POST',
      uid: author,
      json: { targetType: 'game', targetId: GAME, content: 'Never written.' },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('5');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'unavailable',
        message: 'Posting is not available just now. Please try again in a moment.',
      },
    });
    expect(text).not.toContain('10.0.0.7');
    expect(await db.get(`posts_by_uid/${author}`)).toBeNull();
  });
});

describe('the home-feed queue, end to end through Miniflare', () => {
  it('brings a post written through the API into its followers’ home feeds', async () => {
    const response = await call('/api/posts', {
      method: 'POST',
      uid: AUTHOR,
      json: { targetType: 'game', targetId: GAME, content: 'Through the queue.' },
    });
    expect(response.status).toBe(201);
    const { post } = await response.json<{ post: FeedPost }>();
    await vi.waitFor(
      async () => {
        for (const fan of FANS) expect(await inbox(fan)).toHaveProperty(post.uuid);
      },
      { timeout: 15_000, interval: 250 },
    );
    // Deleted through the API: it leaves them again.
    expect((await call(`/api/posts/${post.uuid}`, { method: 'DELETE', uid: AUTHOR })).status).toBe(204);
    await vi.waitFor(
      async () => {
        for (const fan of FANS) expect(await inbox(fan)).not.toHaveProperty(post.uuid);
      },
      { timeout: 15_000, interval: 250 },
    );
  });

  it('shows a like, a comment and its deletion through the API on the post’s cards', async () => {
    const fan = FANS[2] ?? '';
    // A member (with a username) may like and comment.
    await db.patch('', {
      [`users/${fan}/public`]: { uuid: fan, username: `hq_fan_c_${tag.toLowerCase()}`, follows: 0 },
    });
    const response = await call('/api/posts', {
      method: 'POST',
      uid: AUTHOR,
      json: { targetType: 'game', targetId: GAME, content: 'Like me.' },
    });
    const { post } = await response.json<{ post: FeedPost }>();
    await vi.waitFor(
      async () => {
        expect(await inbox(fan)).toHaveProperty(post.uuid);
      },
      { timeout: 15_000, interval: 250 },
    );
    const liked = await call(`/api/likes/post/${post.uuid}`, { method: 'PUT', uid: fan });
    expect(liked.status, await liked.clone().text()).toBe(200);
    const commented = await call(`/api/comments/posts/${post.uuid}`, {
      method: 'POST',
      uid: fan,
      json: { content: 'Nice one.' },
    });
    expect(commented.status).toBe(201);
    const { comment } = await commented.json<{ comment: { uuid: string } }>();
    await vi.waitFor(
      async () => {
        const card = (await cards(AUTHOR))[post.uuid];
        expect(card?.post.likes).toBe(1);
        expect(card?.post.previewComments.map((c) => c.content)).toEqual(['Nice one.']);
        expect(Object.keys(card?.post.comments ?? {})).toEqual([comment.uuid]);
      },
      { timeout: 15_000, interval: 250 },
    );
    expect((await call(`/api/comments/${comment.uuid}`, { method: 'DELETE', uid: fan })).status).toBe(204);
    await vi.waitFor(
      async () => {
        const card = (await cards(fan))[post.uuid];
        expect(card?.post.likes).toBe(1);
        expect(card?.post.previewComments ?? []).toEqual([]);
        expect(card?.post.comments ?? {}).toEqual({});
      },
      { timeout: 15_000, interval: 250 },
    );
  });

  it('fans a feed with more followers than one message holds out in messages of its own', async () => {
    const crowd = `hq-crowd-${tag.toLowerCase()}`;
    const followers = Array.from(
      { length: FANOUT_PAGE + 5 },
      (_, n) => `hq-crowd-${String(n).padStart(5, '0')}-${tag}`,
    );
    await db.patch('', {
      [`games/${crowd}`]: { ...testGame(crowd, 'Crowd Quest'), follows: followers.length },
      ...Object.fromEntries(
        followers.map((uid) => [
          `follows_by_targetid/game:${crowd}/${uid}`,
          { followId: 'f', type: 'game', timestamp: NOW },
        ]),
      ),
    });
    const postId = pushId(NOW + 9);
    await writePost(postId, AUTHOR, crowd);
    // The first page is written here; the rest travels through the real queue to the real consumer.
    const { result } = await consume([written(postId, { feed: `game:${crowd}` })]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await inbox(followers[0] ?? '')).toHaveProperty(postId);
    await vi.waitFor(
      async () => {
        for (const uid of followers.slice(-5)) expect(await inbox(uid)).toHaveProperty(postId);
      },
      { timeout: 15_000, interval: 250 },
    );
  });

  it('copies a newly followed game’s recent posts into the follower’s home feed', async () => {
    const follower = `hq-newfan-${tag}`;
    await db.patch('', {
      [`users/${follower}/public`]: {
        uuid: follower,
        username: `hq_newfan_${tag.toLowerCase()}`,
        follows: 0,
      },
    });
    for (const [id, at] of [
      ['-Nold-post-1', NOW - 5000],
      ['-Nold-post-2', NOW - 4000],
    ] as const)
      await db.patch('', {
        [`posts/${id}`]: {
          uuid: id,
          sourceUUID: AUTHOR,
          targetUUID: GAME,
          targetType: 'game',
          feed_key: feedKey(feedIdOf('game', GAME), at, id),
          content: 'Older',
          likes: 0,
          timestamp: at,
        },
      });
    expect((await call(`/api/follows/game/${GAME}`, { method: 'PUT', uid: follower })).status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await inbox(follower)).toMatchObject({
          '-Nold-post-1': NOW - 5000,
          '-Nold-post-2': NOW - 4000,
        });
      },
      { timeout: 15_000, interval: 250 },
    );
  });
});

describe('a message that fails every try', () => {
  it('lands in the dead-letter queue, is kept for an operator, and is delivered again by the job', async () => {
    const postId = pushId(NOW + 20);
    await writePost(postId);
    // The database refuses this post's fan-out every time (the consumer runs in this isolate, so the
    // fault reaches it): the queue tries it 1 + max_retries times, then dead-letters it.
    const realFetch = globalThis.fetch.bind(globalThis);
    let tries = 0;
    const refused = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const fanOut =
        init?.method === 'PATCH' &&
        typeof init.body === 'string' &&
        init.body.includes(`private/home-feed/${postId}`);
      if (!fanOut) return realFetch(input, init);
      tries++;
      return Promise.resolve(new Response('{"error":"Internal"}', { status: 500 }));
    });
    try {
      await sendHomeFeedMessages(env, [written(postId)]);
      await vi.waitFor(
        async () => {
          const letters = (await db.get(HOME_FEED_DEAD_LETTERS_PATH)) as Record<string, DeadLetter> | null;
          expect(Object.values(letters ?? {}).map((letter) => letter.message)).toContainEqual(
            written(postId),
          );
        },
        { timeout: 40_000, interval: 500 },
      );
    } finally {
      refused.mockRestore();
    }
    // Tried once and retried max_retries (5) times before it was dead-lettered.
    expect(tries).toBe(6);
    expect(await inbox(FANS[0] ?? '')).not.toHaveProperty(postId);

    // The cause fixed, the operator runs the job: delivered, and the letter is gone.
    const summary = await homeFeedDeadLettersJob.run({ db, now: () => NOW, log: () => undefined });
    expect(summary).toBe('1 dead letters delivered, 0 left');
    for (const fan of FANS) expect(await inbox(fan)).toHaveProperty(postId);
    expect(await db.get(HOME_FEED_DEAD_LETTERS_PATH)).toBeNull();
  }, 60_000);
});
