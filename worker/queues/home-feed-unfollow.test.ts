import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env as workerEnv } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildHomeFeedPage } from '../../shared/feed/home-feed-build.ts';
import { homeFeedInboxPath } from '../../shared/feed/home-feed-fanout.ts';
import { homeFeedFollowsNode } from '../../shared/feed/home-feed-follows.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { pushId } from '../../shared/push-id.ts';
import { createApp } from '../app.ts';
import worker from '../index.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// An unfollow through the API and the home feed (shared/feed/home-feed-follows.ts): the followed feed's
// cards leave the very next page by the marker the unfollow writes, and its `feed-unfollowed` message, sent
// with a delay through Miniflare's real queue, takes them out of the home feed later; a member following
// again meanwhile keeps them. The delayed message is delivered here as the queue delivers it (a batch).

const env = testEnv({ FIREBASE_EMULATORS: 'true', HOME_FEED_QUEUE: workerEnv.HOME_FEED_QUEUE });
const db = ownerDatabase(env);
// The Worker's clock dates the unfollow's marker: fixed by the test, a whole minute near the real time
// (it also checks the test members' ID tokens, which the emulator signs for the real hour).
const NOW = Math.ceil(Date.now() / 60_000) * 60_000;
const call = apiCaller(env, createApp({ clock: () => NOW }));
const tag = runTag();
const lower = tag.toLowerCase();
const GAME = `hu-game-${lower}`;
const OTHER = `hu-other-${lower}`;
const AUTHOR = `hu-author-${tag}`;
const wait = { timeout: 15_000, interval: 250 };

let messages = 0;
/** Delivers messages as the queue does (the Worker's `queue` export), naming the test's database. */
async function consume(bodies: unknown[]) {
  const batch = createMessageBatch(
    'questline-home-feed',
    bodies.map((body) => ({ id: `hu-${String(++messages)}`, timestamp: NOW, attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}
const envelope = (message: HomeFeedMessage) => ({
  message,
  database: { url: env.FIREBASE_DATABASE_URL, namespace: env.FIREBASE_DATABASE_NAMESPACE },
});

async function writePost(postId: string, game: string, at: number) {
  await db.patch('', {
    [`posts/${postId}`]: {
      uuid: postId,
      sourceUUID: AUTHOR,
      targetUUID: game,
      targetType: 'game',
      feed_key: feedKey(feedIdOf('game', game), at, postId),
      content: `Post ${postId}`,
      type: 'text',
      likes: 0,
      timestamp: at,
    },
  });
}

const inbox = async (uid: string) => Object.keys((await db.get(homeFeedInboxPath(uid))) ?? {});
const shown = async (uid: string) =>
  (await buildHomeFeedPage(db, uid, { limit: 10 })).posts.map((post) => post.uuid);

/** A member who follows GAME through the API, its post brought into their home feed by the real queue. */
async function followingMember(name: string, postId: string): Promise<string> {
  const uid = `hu-${name}-${tag}`;
  await db.patch('', {
    [`users/${uid}/public`]: { uuid: uid, username: `hu_${name}_${lower}`, follows: 0 },
  });
  expect((await call(`/api/follows/game/${GAME}`, { method: 'PUT', uid })).status).toBe(200);
  await vi.waitFor(async () => {
    expect(await inbox(uid)).toContain(postId);
  }, wait);
  return uid;
}

const POST = pushId(NOW - 5000);
const OTHER_POST = pushId(NOW - 4000);

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Unfollow Quest'),
    [`games/${OTHER}`]: testGame(OTHER, 'Other Quest'),
    [`users/${AUTHOR}/public`]: { uuid: AUTHOR, username: `hu_author_${lower}`, follows: 0 },
  });
  await writePost(POST, GAME, NOW - 5000);
  await writePost(OTHER_POST, OTHER, NOW - 4000);
});

describe('an unfollow through the API', () => {
  it('leaves the next page at once, and the home feed when its delayed message comes', async () => {
    const uid = await followingMember('leaver', POST);
    expect(await shown(uid)).toEqual([POST]);
    expect((await call(`/api/follows/game/${GAME}`, { method: 'DELETE', uid })).status).toBe(200);
    // The very next page: the marker, written with the unfollow, dated by the Worker's clock.
    expect(await shown(uid)).toEqual([]);
    expect(await db.get(homeFeedFollowsNode(uid).path)).toEqual({ unfollowed: { [`game:${GAME}`]: NOW } });
    // The clean-up is delayed: a follow's message sent after it comes first, and the card is still there.
    expect((await call(`/api/follows/game/${OTHER}`, { method: 'PUT', uid })).status).toBe(200);
    await vi.waitFor(async () => {
      expect(await inbox(uid)).toContain(OTHER_POST);
    }, wait);
    expect(await inbox(uid)).toContain(POST);
    expect(await shown(uid)).toEqual([OTHER_POST]);
    // Its message, as the queue delivers it a minute later: the card and the marker go.
    const message = envelope({ kind: 'feed-unfollowed', uid, target: `game:${GAME}`, at: NOW });
    const result = await consume([message]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await inbox(uid)).toEqual([OTHER_POST]);
    expect(await db.get(homeFeedFollowsNode(uid).path)).toBeNull();
    // Delivered again: nothing changes.
    const after = await db.get(`users/${uid}/private`);
    await consume([message]);
    expect(await db.get(`users/${uid}/private`)).toEqual(after);
  });

  it('keeps the posts of a member who follows again before the message comes', async () => {
    const uid = await followingMember('returner', POST);
    expect((await call(`/api/follows/game/${GAME}`, { method: 'DELETE', uid })).status).toBe(200);
    expect(await shown(uid)).toEqual([]);
    expect((await call(`/api/follows/game/${GAME}`, { method: 'PUT', uid })).status).toBe(200);
    expect(await shown(uid)).toEqual([POST]);
    await consume([envelope({ kind: 'feed-unfollowed', uid, target: `game:${GAME}`, at: NOW })]);
    expect(await inbox(uid)).toEqual([POST]);
    expect(await shown(uid)).toEqual([POST]);
  });

  it('drops a hostile clean-up message, taking nothing out', async () => {
    const uid = await followingMember('target', POST);
    const before = await db.get(`users/${uid}/private`);
    const result = await consume([
      envelope({ kind: 'feed-unfollowed', uid, target: `game:../../${GAME}`, at: NOW } as never),
      envelope({ kind: 'feed-unfollowed', uid: `../${uid}`, target: `game:${GAME}`, at: NOW } as never),
      envelope({ kind: 'feed-unfollowed', uid, target: `post:${POST}`, at: -1 } as never),
    ]);
    expect(result.explicitAcks).toHaveLength(3);
    // A well-formed one for a feed the member still follows changes nothing either.
    await consume([envelope({ kind: 'feed-unfollowed', uid, target: `game:${GAME}`, at: NOW })]);
    expect(await db.get(`users/${uid}/private`)).toEqual(before);
    expect(await shown(uid)).toEqual([POST]);
  });
});
