import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env as workerEnv } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { homeFeedInboxPath, type Delivery } from '../../shared/feed/home-feed-fanout.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import type { HomeFeedCard } from '../../shared/feed/home-feed-card.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { pushId } from '../../shared/push-id.ts';
import { createApp } from '../app.ts';
import worker from '../index.ts';
import { consumeHomeFeedBatch } from './home-feed-queue.ts';
import { announceCardChanged } from './home-feed-announcements.ts';
import {
  CARD_PENDING_STALE_MS,
  HOME_FEED_CARD_PENDING_PATH,
} from '../../shared/feed/home-feed-card-pending.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// What one member's likes and comments cost every follower's home feed (issue 23, point 1: "think in
// reach"). Each like, comment or comment's like sends a change of its post's card, and the consumer writes
// the card into every follower's home feed (up to 5,000 of them). The consumer writes a post's cards at
// most once a batch, whatever the number of changes in it, and still acknowledges every message only once
// that write is done. Paths are counted as the database receives them (the PATCHes naming the post's card).

const env = testEnv({ FIREBASE_EMULATORS: 'true', HOME_FEED_QUEUE: workerEnv.HOME_FEED_QUEUE });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());
const tag = runTag();
const GAME = `hc-game-${tag.toLowerCase()}`;
const AUTHOR = `hc-author-${tag}`;
const FANS = ['a', 'b', 'c'].map((n) => `hc-fan-${n}-${tag}`);
/** Whose home feed a post on GAME goes into: its followers and its author. */
const RECIPIENTS = [...FANS, AUTHOR];
const NOW = Date.UTC(2031, 6, 2, 18, 0);

let messageCount = 0;
function batchOf(messages: HomeFeedMessage[], attempts = 1) {
  return createMessageBatch(
    'questline-home-feed',
    messages.map((message) => ({
      id: `hc-message-${String(++messageCount)}`,
      timestamp: NOW,
      attempts,
      body: {
        message,
        database: { url: env.FIREBASE_DATABASE_URL, namespace: env.FIREBASE_DATABASE_NAMESPACE },
      },
    })),
  );
}

/** The paths of `postId`'s cards in a PATCH body (its entries in home feeds). */
function cardPathsIn(body: unknown, postId: string): number {
  if (typeof body !== 'string') return 0;
  return Object.keys(JSON.parse(body) as Record<string, unknown>).filter((path) =>
    path.endsWith(`/home-feed/${postId}`),
  ).length;
}

/**
 * Delivers a batch as the queue does, counting the card paths written per post and the deliveries heard;
 * `fault` may answer a database request instead of the database.
 */
async function consumeCounting(
  messages: HomeFeedMessage[],
  {
    attempts = 1,
    fault,
  }: { attempts?: number; fault?: (init: RequestInit | undefined) => Response | null } = {},
) {
  const batch = batchOf(messages, attempts);
  const ctx = createExecutionContext();
  const written = new Map<string, number>();
  const delivered: { message: HomeFeedMessage; delivery: Delivery }[] = [];
  await consumeHomeFeedBatch(batch, env, {
    databaseFetch: async (input, init) => {
      const refused = fault?.(init);
      if (refused) return refused;
      const response = await fetch(input, init);
      if (init?.method === 'PATCH' && response.ok)
        for (const postId of ids)
          written.set(postId, (written.get(postId) ?? 0) + cardPathsIn(init.body, postId));
      return response;
    },
    onDelivered: (message, delivery) => delivered.push({ message, delivery }),
  });
  return { batch, result: await getQueueResult(batch, ctx), written, delivered };
}

/** Post ids whose card paths are counted. */
const ids: string[] = [];

const cards = async (uid: string) =>
  ((await db.get(homeFeedInboxPath(uid))) as Record<string, HomeFeedCard> | null) ?? {};
const likesOn = async (uid: string, postId: string) => (await cards(uid))[postId]?.post.likes;

const changed = (postId: string): HomeFeedMessage => ({ kind: 'post-changed', postId });

/** A post on GAME, its cards already in its followers' home feeds. */
async function postWithCards(postId: string) {
  ids.push(postId);
  await db.patch('', {
    [`posts/${postId}`]: {
      uuid: postId,
      sourceUUID: AUTHOR,
      targetUUID: GAME,
      targetType: 'game',
      feed_key: feedKey(feedIdOf('game', GAME), NOW, postId),
      content: `Post ${postId}`,
      type: 'text',
      likes: 0,
      timestamp: NOW,
    },
  });
  const batch = batchOf([
    { kind: 'post-written', postId, feed: `game:${GAME}`, author: AUTHOR, timestamp: NOW },
  ]);
  await worker.queue(batch, env);
  for (const uid of RECIPIENTS) expect(await likesOn(uid, postId)).toBe(0);
}

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: { ...testGame(GAME, 'Coalesce Quest'), follows: FANS.length },
    ...Object.fromEntries(
      FANS.map((uid) => [
        `follows_by_targetid/game:${GAME}/${uid}`,
        { followId: `f-${uid}`, type: 'game', timestamp: NOW },
      ]),
    ),
    ...Object.fromEntries(
      [...FANS, AUTHOR].map((uid) => [
        `users/${uid}/public`,
        { uuid: uid, username: `hc_${uid.slice(3, 8).replace('-', '_')}_${tag.toLowerCase()}`, follows: 0 },
      ]),
    ),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('changes of one post in one batch', () => {
  it('50 likes and a comment’s likes write the post’s cards once, with the final count', async () => {
    const [post, other] = [pushId(NOW + 1), pushId(NOW + 2)];
    await postWithCards(post);
    await postWithCards(other);
    // 50 likes landed (their PATCHes before their messages), and a comment on the post was liked twice.
    const comment = `hc-comment-${tag}`;
    await db.patch('', {
      [`posts/${post}/likes`]: 50,
      [`posts/${other}/likes`]: 3,
      [`comments/${comment}`]: {
        postUUID: post,
        sourceUUID: FANS[0],
        content: 'Fifty!',
        likes: 2,
        timestamp: NOW + 10,
      },
    });
    const messages: HomeFeedMessage[] = [
      ...Array.from({ length: 50 }, () => changed(post)),
      { kind: 'comment-changed', commentId: comment },
      { kind: 'comment-changed', commentId: comment },
      changed(other),
    ];
    const { batch, result, written, delivered } = await consumeCounting(messages);
    // Every message acknowledged (each only once its post's write was done), none retried.
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    expect(result.retryMessages).toEqual([]);
    // One rewrite per post: one card per recipient (50 × 4 = 200 paths and more before).
    expect(written.get(post)).toBe(RECIPIENTS.length);
    expect(written.get(other)).toBe(RECIPIENTS.length);
    expect(delivered.map(({ message }) => message)).toHaveLength(2);
    for (const uid of RECIPIENTS) {
      expect(await likesOn(uid, post)).toBe(50);
      expect(await likesOn(uid, other)).toBe(3);
    }
  });

  it('retries every change of a post whose one write failed, and then writes the right card', async () => {
    const [ok, failing] = [pushId(NOW + 3), pushId(NOW + 4)];
    await postWithCards(ok);
    await postWithCards(failing);
    await db.patch('', { [`posts/${ok}/likes`]: 10, [`posts/${failing}/likes`]: 10 });
    const messages = [
      ...Array.from({ length: 10 }, () => changed(ok)),
      ...Array.from({ length: 10 }, () => changed(failing)),
    ];
    const { batch, result } = await consumeCounting(messages, {
      // The database refuses the write of `failing`'s cards (a PATCH naming its post).
      fault: (init) =>
        init?.method === 'PATCH' &&
        typeof init.body === 'string' &&
        init.body.includes(`home-feed/${failing}`)
          ? new Response('{"error":"Internal"}', { status: 500 })
          : null,
    });
    const sent = batch.messages.map((m) => m.id);
    expect(result.explicitAcks.sort()).toEqual(sent.slice(0, 10).sort());
    expect(result.retryMessages.map((m) => m.msgId).sort()).toEqual(sent.slice(10).sort());
    for (const uid of RECIPIENTS) {
      expect(await likesOn(uid, ok)).toBe(10);
      expect(await likesOn(uid, failing)).toBe(0);
    }
    // Delivered again (the queue's retry): written once, right.
    const again = await consumeCounting(messages.slice(10), { attempts: 2 });
    expect(again.result.explicitAcks).toHaveLength(10);
    expect(again.written.get(failing)).toBe(RECIPIENTS.length);
    for (const uid of RECIPIENTS) expect(await likesOn(uid, failing)).toBe(10);
  });

  it('sends one follow-up, not one per change, when the post changed during its write', async () => {
    const post = pushId(NOW + 5);
    await postWithCards(post);
    await db.patch('', { [`posts/${post}/likes`]: 20 });
    let landed = false;
    const { result, delivered } = await consumeCounting(
      Array.from({ length: 20 }, () => changed(post)),
      {
        // A 21st like lands just before the cards are written (its own message comes later).
        fault: (init) => {
          if (
            !landed &&
            init?.method === 'PATCH' &&
            typeof init.body === 'string' &&
            init.body.includes(`home-feed/${post}`)
          ) {
            landed = true;
            void db.patch('', { [`posts/${post}/likes`]: 21 });
          }
          return null;
        },
      },
    );
    expect(result.explicitAcks).toHaveLength(20);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.delivery.next).toEqual([{ kind: 'post-changed', postId: post }]);
    // The follow-up goes through the real queue and brings the 21st like.
    await vi.waitFor(
      async () => {
        for (const uid of RECIPIENTS) expect(await likesOn(uid, post)).toBe(21);
      },
      { timeout: 15_000, interval: 250 },
    );
  });
});

describe('a member toggling a like, through the API and the real queue', () => {
  it('rewrites the cards far fewer times than it toggles, and ends with the right count', async () => {
    const post = pushId(NOW + 6);
    await postWithCards(post);
    const toggler = FANS[1] ?? '';
    // Card paths written for this post, as the database receives them (the consumer runs in this isolate).
    const realFetch = globalThis.fetch.bind(globalThis);
    let paths = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      if (init?.method === 'PATCH' && response.ok) paths += cardPathsIn(init.body, post);
      return response;
    });
    // 31 toggles: like, take back, … like.
    for (let n = 0; n < 31; n++) {
      const response = await call(`/api/likes/post/${post}`, {
        method: n % 2 === 0 ? 'PUT' : 'DELETE',
        uid: toggler,
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    await vi.waitFor(
      async () => {
        for (const uid of RECIPIENTS) expect(await likesOn(uid, post)).toBe(1);
      },
      { timeout: 15_000, interval: 250 },
    );
    // The queue settles (a follow-up may still come): nothing left to write.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const uid of RECIPIENTS) expect(await likesOn(uid, post)).toBe(1);
    console.info(
      `31 toggles: ${String(paths)} card paths written (${String(paths / RECIPIENTS.length)} rewrites)`,
    );
    // Before: one rewrite per toggle at least (31 × 4 paths). Now at most one a batch.
    expect(paths).toBeLessThan((31 * RECIPIENTS.length) / 3);
  }, 40_000);
});

describe('across batches: one rewrite of a post pending at a time', () => {
  /** The environment with a queue that records what is sent and delivers nowhere (the test delivers it). */
  function recording(refuse = false) {
    const sent: HomeFeedMessage[] = [];
    const queue = {
      send: () => Promise.reject(new Error('one at a time')),
      sendBatch: (messages: { body: { message: HomeFeedMessage } }[]) => {
        if (refuse) return Promise.reject(new Error('Queue questline-home-feed: internal error'));
        sent.push(...messages.map((m) => m.body.message));
        return Promise.resolve();
      },
    } as unknown as Queue;
    return { env: { ...env, HOME_FEED_QUEUE: queue }, sent };
  }
  const clock = () => NOW;
  const marker = (postId: string) => db.get(`${HOME_FEED_CARD_PENDING_PATH}/${postId}`);

  it('sends one message for any number of changes while a rewrite is pending, which carries them all', async () => {
    const post = pushId(NOW + 20);
    await postWithCards(post);
    const comment = `hc-pending-comment-${tag}`;
    await db.patch('', {
      [`comments/${comment}`]: {
        postUUID: post,
        sourceUUID: FANS[0],
        content: 'Hi',
        likes: 0,
        timestamp: NOW,
      },
    });
    const { env: producer, sent } = recording();
    // 20 likes (each written, then announced), and a like of a comment on the post.
    for (let n = 1; n <= 20; n++) {
      await db.patch('', { [`posts/${post}/likes`]: n });
      await announceCardChanged(producer, { postId: post }, clock);
    }
    await db.patch('', { [`comments/${comment}/likes`]: 1 });
    await announceCardChanged(producer, { commentId: comment }, clock);
    // One message, naming the post (the comment's post was read by the sender, not the consumer).
    expect(sent).toEqual([{ kind: 'post-changed', postId: post }]);
    expect(await marker(post)).toBe(NOW);
    // Its delivery clears the marker, writes the cards once with every change, and asks for nothing more.
    const { written, delivered } = await consumeCounting(sent);
    expect(written.get(post)).toBe(RECIPIENTS.length);
    expect(delivered[0]?.delivery.next).toEqual([]);
    expect(await marker(post)).toBeNull();
    for (const uid of RECIPIENTS) expect(await likesOn(uid, post)).toBe(20);
    // The next change sends again.
    await db.patch('', { [`posts/${post}/likes`]: 21 });
    await announceCardChanged(producer, { postId: post }, clock);
    expect(sent).toHaveLength(2);
  });

  it('loses no like that lands while the cards are being written', async () => {
    const post = pushId(NOW + 21);
    await postWithCards(post);
    await db.patch('', { [`posts/${post}/likes`]: 1 });
    let landed = false;
    const { result, delivered } = await consumeCounting([changed(post)], {
      // A second like lands and is announced (through the real queue) just before the cards are written:
      // the marker was cleared before the post was read, so it sends its own message.
      fault: (init) => {
        if (
          !landed &&
          init?.method === 'PATCH' &&
          typeof init.body === 'string' &&
          init.body.includes(`home-feed/${post}`)
        ) {
          landed = true;
          void db
            .patch('', { [`posts/${post}/likes`]: 2 })
            .then(() => announceCardChanged(env, { postId: post }, clock));
        }
        return null;
      },
    });
    expect(result.explicitAcks).toHaveLength(1);
    expect(landed).toBe(true);
    await vi.waitFor(
      async () => {
        for (const uid of RECIPIENTS) expect(await likesOn(uid, post)).toBe(2);
      },
      { timeout: 15_000, interval: 250 },
    );
    // At most one follow-up: the like's own message, or the consumer's when it saw the change first.
    expect(delivered[0]?.delivery.next.length).toBeLessThanOrEqual(1);
  });

  it('sends again once a marker left behind is older than a minute', async () => {
    const post = pushId(NOW + 22);
    await postWithCards(post);
    const { env: producer, sent } = recording();
    await db.patch('', { [`${HOME_FEED_CARD_PENDING_PATH}/${post}`]: NOW - CARD_PENDING_STALE_MS + 1 });
    await announceCardChanged(producer, { postId: post }, clock);
    expect(sent).toEqual([]);
    await db.patch('', { [`${HOME_FEED_CARD_PENDING_PATH}/${post}`]: NOW - CARD_PENDING_STALE_MS });
    await announceCardChanged(producer, { postId: post }, clock);
    expect(sent).toEqual([{ kind: 'post-changed', postId: post }]);
    expect(await marker(post)).toBe(NOW);
    // Nor does junk in the marker hold changes back.
    await db.patch('', { [`${HOME_FEED_CARD_PENDING_PATH}/${post}`]: 'forever' });
    await announceCardChanged(producer, { postId: post }, clock);
    expect(sent).toHaveLength(2);
  });

  it('clears the marker again when the message cannot be sent, so the next change sends', async () => {
    const post = pushId(NOW + 23);
    await postWithCards(post);
    const down = recording(true);
    await announceCardChanged(down.env, { postId: post }, clock);
    expect(await marker(post)).toBeNull();
    const { env: producer, sent } = recording();
    await announceCardChanged(producer, { postId: post }, clock);
    expect(sent).toEqual([{ kind: 'post-changed', postId: post }]);
  });
});
