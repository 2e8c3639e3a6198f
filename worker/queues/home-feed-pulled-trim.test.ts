import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { HOME_FEED_PULLED_PATH, PULLED_FEED_FOLLOWERS } from '../../shared/feed/home-feed-fanout.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import { PULLED_FEED_CAP, trimsPulledFeed } from '../../shared/feed/home-feed-pulled-trim.ts';
import { pushId } from '../../shared/push-id.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import worker from '../index.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// The shared index of feeds merged at read stays bounded as the queue's consumer writes it: a new post on
// a pulled feed that trims (one in PULLED_TRIM_EVERY) leaves that feed its newest PULLED_FEED_CAP entries.

const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const tag = runTag();
const NOW = Date.UTC(2031, 4, 17, 9, 30);

async function consume(messages: HomeFeedMessage[]) {
  const batch = createMessageBatch(
    'questline-home-feed',
    messages.map((message, n) => ({
      id: `pulled-trim-${String(n)}-${tag}`,
      timestamp: new Date(NOW),
      attempts: 1,
      body: {
        message,
        database: { url: env.FIREBASE_DATABASE_URL, namespace: env.FIREBASE_DATABASE_NAMESPACE },
      },
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe('the shared index of feeds merged at read, as the consumer writes it', () => {
  it('keeps a pulled feed’s newest entries when a new post trims it, and leaves other feeds’ alone', async () => {
    const big = `pt-big-${tag.toLowerCase()}`;
    const feed = feedIdOf('game', big);
    const author = `pt-author-${tag}`;
    const old = Array.from({ length: PULLED_FEED_CAP + 40 }, (_, n) => pushId(NOW - 1_000_000 + n));
    const others = Array.from({ length: 10 }, (_, n) => pushId(NOW - 2_000_000 + n));
    let postId = pushId(NOW);
    for (let tick = 1; !trimsPulledFeed(postId); tick++) postId = pushId(NOW + tick);
    await db.patch('', {
      [`games/${big}`]: { ...testGame(big, 'Big Quest'), follows: PULLED_FEED_FOLLOWERS + 1 },
      // Registered as merged at read once its followers were marked (shared/feed/home-feed-follows.ts).
      [`home_feed_pulled_feeds/${feed}`]: { state: 'pulled', since: NOW - 1_000_000 },
      ...Object.fromEntries(
        old.map((id, n) => [`${HOME_FEED_PULLED_PATH}/${id}`, { feed, timestamp: NOW - 1_000_000 + n }]),
      ),
      ...Object.fromEntries(
        others.map((id, n) => [
          `${HOME_FEED_PULLED_PATH}/${id}`,
          { feed: 'user:pt-default', timestamp: NOW - 2_000_000 + n },
        ]),
      ),
      [`posts/${postId}`]: {
        uuid: postId,
        sourceUUID: author,
        targetUUID: big,
        targetType: 'game',
        feed_key: feedKey(feed, NOW, postId),
        content: 'A post on a feed followed by very many.',
        type: 'text',
        likes: 0,
        timestamp: NOW,
      },
    });
    const result = await consume([{ kind: 'post-written', postId, feed, author, timestamp: NOW }]);
    expect(result.explicitAcks).toHaveLength(1);
    const index = ((await db.get(HOME_FEED_PULLED_PATH)) ?? {}) as Record<string, { feed: string }>;
    const kept = Object.keys(index).filter((id) => index[id]?.feed === feed);
    expect(kept).toHaveLength(PULLED_FEED_CAP);
    expect(kept).toContain(postId);
    // The 41 oldest went; the next oldest stays.
    expect(kept).not.toContain(old[40]);
    expect(kept).toContain(old[41]);
    expect(Object.keys(index).filter((id) => index[id]?.feed === 'user:pt-default')).toHaveLength(10);
  });
});
