import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE } from '../../emulator/index.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { HOME_FEED_PULLED_PATH, PULLED_FEED_FOLLOWERS } from '../../shared/feed/home-feed-fanout.ts';
import { buildHomeFeedPage, PULLED_READ } from '../../shared/feed/home-feed-build.ts';
import type { MultiPathUpdate } from '../../shared/rtdb/multi-path-update.ts';
import {
  commentNode,
  gameNode,
  postNode,
  postsByIdNode,
  postsByUidNode,
  userBlocksNode,
  userFollowsMapNode,
  userSectionNode,
} from '../../shared/rtdb/paths.ts';
import { createRtdbClient, type RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { sequentialRounds } from '../../shared/rtdb/sequential-rounds.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';
import {
  deliverChanges,
  deliverDeletions,
  deliverPosts,
  followed,
  pullFeed,
  unfollowed,
} from './home-feed-delivery.ts';

// The home feed as the queue keeps it (shared/feed/home-feed-build.ts over what
// shared/feed/home-feed-fanout.ts wrote): a page costs the same few requests whatever the member follows,
// and what they no longer follow, blocked or deleted leaves the very next page, before any cleanup.

const MEMBER = 'uid-kept-mira';
const FRIEND = 'uid-kept-finn';
const GAME = 'kept-game';
const BIG = 'kept-default-account';
const minute = 60_000;
let db: TestDatabase;

function post(id: string, author: string, kind: 'user' | 'game', target: string, minutesAgo: number) {
  const timestamp = TEST_DATABASE_NOW - minutesAgo * minute;
  return {
    ...postNode(id).set({
      uuid: id,
      targetUUID: target,
      targetType: kind,
      sourceUUID: author,
      authorName: author.replace(/-/g, '_'),
      feed_key: feedKey(feedIdOf(kind, target), timestamp, id),
      content: `Post ${id}`,
      type: 'text',
      likes: 0,
      timestamp,
    }),
    ...postsByIdNode(feedIdOf(kind, target)).child(id).set(timestamp),
    ...postsByUidNode(author).child(id).set(timestamp),
  };
}

const page = async (request: { limit: number; cursor?: string }, uid = MEMBER) =>
  (await buildHomeFeedPage(db.server, uid, request)).posts.map((p) => p.uuid);

beforeAll(async () => {
  db = await startTestDatabase();
  // The member follows 5,000 feeds (the bench's mix: 3,000 games, 1,500 members, 500 events).
  const follows: Record<string, unknown> = {};
  for (let n = 0; n < 3000; n++) follows[`${userFollowsMapNode(MEMBER, 'game').path}/g-${String(n)}`] = 1;
  for (let n = 0; n < 1500; n++) follows[`${userFollowsMapNode(MEMBER, 'user').path}/u-${String(n)}`] = 1;
  for (let n = 0; n < 500; n++) follows[`${userFollowsMapNode(MEMBER, 'event').path}/e-${String(n)}`] = 1;
  await db.server.patch('', {
    ...follows,
    ...followed(MEMBER, 'game', GAME, TEST_DATABASE_NOW),
    ...followed(MEMBER, 'user', FRIEND, TEST_DATABASE_NOW),
    ...gameNode(GAME).child('name').set('Kept Game'),
    ...userSectionNode(FRIEND, 'public').set({ uuid: FRIEND, username: 'kept_finn', follows: 1 }),
    ...post('kept-1', FRIEND, 'game', GAME, 1),
    ...post('kept-2', 'uid-kept-other', 'game', GAME, 2),
    ...post('kept-3', FRIEND, 'user', FRIEND, 3),
    ...post('kept-own', MEMBER, 'game', GAME, 4),
    ...post('kept-4', FRIEND, 'user', FRIEND, 5),
  });
  await deliverPosts(db.server, ['kept-1', 'kept-2', 'kept-3', 'kept-own', 'kept-4']);
  // Two comments on kept-1, written after it (their writes send the post's change).
  await db.server.patch('', {
    ...commentNode('kept-comment-1').set({
      postUUID: 'kept-1',
      sourceUUID: MEMBER,
      authorName: 'kept_mira',
      content: 'First!',
      likes: 2,
      timestamp: TEST_DATABASE_NOW - 30_000,
    }),
    ...commentNode('kept-comment-2').set({
      postUUID: 'kept-1',
      sourceUUID: FRIEND,
      content: 'Second',
      likes: 0,
      timestamp: TEST_DATABASE_NOW - 20_000,
    }),
    ...postNode('kept-1')
      .child('comments')
      .set({
        'kept-comment-1': TEST_DATABASE_NOW - 30_000,
        'kept-comment-2': TEST_DATABASE_NOW - 20_000,
      }),
    ...postNode('kept-1').child('likes').set(3),
  });
  await deliverChanges(db.server, ['kept-1']);
});
afterAll(() => db.close());

describe('the home feed kept on write', () => {
  it('reads a page of a member following 5,000 feeds in a few requests, not one per feed', async () => {
    const records: RtdbRequestRecord[] = [];
    const counted = createRtdbClient({
      databaseUrl: db.emulator.url,
      namespace: DEFAULT_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
      onRequest: (record) => records.push(record),
    });
    const answer = await buildHomeFeedPage(counted, MEMBER, { limit: 10 });
    expect(answer.posts.map((p) => p.uuid)).toEqual(['kept-1', 'kept-2', 'kept-3', 'kept-own', 'kept-4']);
    // What the page shows of a post, with no read of it: author's name, the feed it is on, likes, the
    // comments (their count and the latest, newest first, with their authors' names, stored or not).
    const [first] = answer.posts;
    expect(first).toMatchObject({
      content: 'Post kept-1',
      authorName: 'uid_kept_finn',
      likes: 3,
      postedOn: { type: 'game', key: GAME, name: 'Kept Game' },
    });
    expect(Object.keys(first?.comments ?? {})).toHaveLength(2);
    expect(first?.previewComments.map((c) => [c.uuid, c.authorName, c.likes])).toEqual([
      ['kept-comment-2', 'kept_finn', 0],
      ['kept-comment-1', 'kept_mira', 2],
    ]);
    // One round: blocks, hidden tags, the home-feed record, the home feed's cards, the large feeds' index;
    // never the follows map, which grows with what the member follows (about 150 KB here).
    expect(records).toHaveLength(5);
    expect(sequentialRounds(records)).toBe(1);
    expect(records.map((record) => record.path).sort()).toEqual(
      [
        HOME_FEED_PULLED_PATH,
        `users/${MEMBER}/private/blocks`,
        `users/${MEMBER}/private/hiddenTags`,
        `users/${MEMBER}/private/home-feed`,
        `users/${MEMBER}/private/home-feed-follows`,
      ].sort(),
    );
  });

  it('leaves an unfollowed or blocked feed’s posts out of the very next page, and a deleted post', async () => {
    await db.server.patch('', unfollowed(MEMBER, 'user', FRIEND, TEST_DATABASE_NOW));
    expect(await page({ limit: 10 })).toEqual(['kept-1', 'kept-2', 'kept-own']);
    await db.server.patch('', {
      ...followed(MEMBER, 'user', FRIEND, TEST_DATABASE_NOW),
      ...userBlocksNode(MEMBER, 'games').child(GAME).set(TEST_DATABASE_NOW),
    });
    // Not interested in the game: its posts go, but the member's own stay.
    expect(await page({ limit: 10 })).toEqual(['kept-3', 'kept-own', 'kept-4']);
    await db.server.patch('', {
      ...userBlocksNode(MEMBER, 'games').child(GAME).set(null),
      ...postNode('kept-2').set(null),
    });
    // Deleted: its message takes its card out of every home feed.
    await deliverDeletions(db.server, [
      { postId: 'kept-2', kind: 'game', target: GAME, author: 'uid-kept-other' },
    ]);
    expect(await page({ limit: 10 })).toEqual(['kept-1', 'kept-3', 'kept-own', 'kept-4']);
    expect(await page({ limit: 10 }, 'uid-kept-other')).toEqual([]);
  });

  it('merges a feed followed by very many at read, for its followers only, and pages through it exactly', async () => {
    await db.server.patch('', {
      ...followed(MEMBER, 'user', BIG, TEST_DATABASE_NOW),
      ...userSectionNode(BIG, 'public').set({
        uuid: BIG,
        username: 'questline',
        follows: PULLED_FEED_FOLLOWERS + 1,
      }),
    });
    const bigPosts: MultiPathUpdate = {};
    const ids: string[] = [];
    // More posts on large feeds the member does not follow than one read of the index holds, newer than
    // the member's followed large feed's oldest post: the page must stop where the read stopped.
    for (let n = 0; n < 3; n++) {
      Object.assign(bigPosts, post(`big-${String(n)}`, BIG, 'user', BIG, 0.5 + n * 2));
      ids.push(`big-${String(n)}`);
    }
    for (let n = 0; n < PULLED_READ + 10; n++) {
      Object.assign(bigPosts, post(`other-big-${String(n)}`, 'uid-other-big', 'user', 'uid-other-big', 2.5));
      ids.push(`other-big-${String(n)}`);
    }
    await db.server.patch('', {
      ...bigPosts,
      ...userSectionNode('uid-other-big', 'public').set({
        uuid: 'uid-other-big',
        username: 'other_big',
        follows: PULLED_FEED_FOLLOWERS + 1,
      }),
    });
    // Both were found over the threshold and their followers marked (home-feed-follows.ts) before these posts.
    await pullFeed(db.server, `user:${BIG}`);
    await pullFeed(db.server, 'user:uid-other-big');
    await deliverPosts(db.server, ids);
    // Nothing of them went into home feeds: one shared index.
    expect(await db.server.get(`${userSectionNode(MEMBER, 'private').path}/home-feed/big-0`)).toBeNull();
    expect(await db.server.get(`${HOME_FEED_PULLED_PATH}/big-0`)).toMatchObject({ feed: `user:${BIG}` });
    // Paged two at a time, everything once, in order; the unfollowed large feed never.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 20; n++) {
      const answer = await buildHomeFeedPage(db.server, MEMBER, cursor ? { limit: 2, cursor } : { limit: 2 });
      seen.push(...answer.posts.map((p) => p.uuid));
      if (answer.nextCursor === null) break;
      cursor = answer.nextCursor;
    }
    expect(seen).toEqual(['big-0', 'kept-1', 'big-1', 'kept-3', 'kept-own', 'big-2', 'kept-4']);
    // A member who does not follow it sees none of it.
    expect(await page({ limit: 10 }, FRIEND)).toEqual(['kept-1', 'kept-3', 'kept-4']);
  });
});
