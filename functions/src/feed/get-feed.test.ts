import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedIdOf } from '../../../shared/schemas/feed-id.ts';
import { feedKey } from '../../../shared/feed/feed-key.ts';
import { readFeedPage, type FeedPost } from '../../../shared/feed/read-feed.ts';
import type { MultiPathUpdate } from '../../../shared/rtdb/multi-path-update.ts';
import {
  commentNode,
  eventNode,
  gameNode,
  postNode,
  postsByIdNode,
  postsByUidNode,
  userBlocksNode,
  userHiddenTagsNode,
  userSectionNode,
} from '../../../shared/rtdb/paths.ts';
import {
  startTestDatabase,
  TEST_DATABASE_NOW,
  type TestDatabase,
} from '../../../tests/integration/emulator-db.ts';
import { commitNewPost } from '../../../shared/transitions/post.ts';
import {
  deliverChanges,
  deliverDeletions,
  deliverPosts,
  followed,
  postIdsOf,
} from '../../../tests/integration/home-feed-delivery.ts';
import { getFeed } from './get-feed.ts';

// The `http-getFeed` function's logic against the project's database emulator: a member who follows a
// game, a friend and an event sees their posts and their own, newest first, with the latest comments,
// and never what they blocked; paging through shows every post once, also when posts share a millisecond.

const MEMBER = 'uid-mira';
const FRIEND = 'uid-finn';
const PEST = 'uid-pest';
const STRANGER = 'uid-stranger';
const GAME = 'hollow-knight';
const EVENT = '-Nevent-gamescom';

let db: TestDatabase;
const minute = 60_000;

/** A post on `target`'s feed by `author`, written `minutesAgo` before the test's now. */
function post(id: string, author: string, target: string, minutesAgo: number): MultiPathUpdate {
  const timestamp = TEST_DATABASE_NOW - minutesAgo * minute;
  const kind = target === GAME || target === 'other-game' ? 'game' : target === EVENT ? 'event' : 'user';
  return {
    ...postNode(id).set({
      uuid: id,
      targetUUID: target,
      targetType: kind,
      sourceUUID: author,
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

function comment(id: string, postId: string, author: string, minutesAgo: number): MultiPathUpdate {
  const timestamp = TEST_DATABASE_NOW - minutesAgo * minute;
  return {
    ...commentNode(id).set({
      postUUID: postId,
      sourceUUID: author,
      content: `Comment ${id}`,
      likes: 0,
      timestamp,
    }),
    ...postNode(postId).child('comments').child(id).set(timestamp),
  };
}

const page = (payload: unknown, uid: string | undefined = MEMBER) => getFeed(() => db.server, uid, payload);
const ids = (posts: FeedPost[]) => posts.map((p) => p.uuid);

beforeAll(async () => {
  db = await startTestDatabase();
  await db.server.patch('', {
    ...userSectionNode(FRIEND, 'public').set({ uuid: FRIEND, username: 'finn', follows: 1 }),
    ...userSectionNode(PEST, 'public').set({ uuid: PEST, username: 'pest', follows: 1 }),
    ...userSectionNode(MEMBER, 'public').set({ uuid: MEMBER, username: 'mira', follows: 1 }),
    ...gameNode(GAME).child('name').set('Hollow Knight'),
    ...eventNode(EVENT).child('name').set('gamescom 2031'),
    ...followed(MEMBER, 'game', GAME, TEST_DATABASE_NOW),
    ...followed(MEMBER, 'user', FRIEND, TEST_DATABASE_NOW),
    ...followed(MEMBER, 'user', PEST, TEST_DATABASE_NOW),
    ...followed(MEMBER, 'event', EVENT, TEST_DATABASE_NOW),
    ...userBlocksNode(MEMBER, 'users').child(PEST).set(TEST_DATABASE_NOW),
    ...userBlocksNode(MEMBER, 'posts').child('post-blocked').set(TEST_DATABASE_NOW),
    ...userBlocksNode(MEMBER, 'comments').child('comment-rude').set(TEST_DATABASE_NOW),
    ...post('post-game', FRIEND, GAME, 10),
    ...post('post-event', STRANGER, EVENT, 20),
    ...post('post-friend-feed', STRANGER, FRIEND, 30),
    ...post('post-own', MEMBER, GAME, 40),
    ...post('post-on-my-wall', FRIEND, MEMBER, 50),
    ...post('post-blocked', FRIEND, GAME, 15),
    ...post('post-by-pest-on-game', PEST, GAME, 5),
    ...post('post-on-pest-feed', STRANGER, PEST, 6),
    ...post('post-unfollowed', STRANGER, 'other-game', 1),
  });
  await deliverPosts(db.server, [
    'post-game',
    'post-event',
    'post-friend-feed',
    'post-own',
    'post-on-my-wall',
    'post-blocked',
    'post-by-pest-on-game',
    'post-on-pest-feed',
    'post-unfollowed',
  ]);
  await db.server.patch('', {
    ...comment('comment-1', 'post-game', STRANGER, 9),
    ...comment('comment-2', 'post-game', FRIEND, 8),
    ...comment('comment-rude', 'post-game', STRANGER, 7),
    ...comment('comment-pest', 'post-game', PEST, 6),
    ...comment('comment-old', 'post-game', STRANGER, 9.5),
  });
  // As the comments' writes through the API do: the post's cards are written again with them.
  await deliverChanges(db.server, ['post-game']);
});
afterAll(() => db.close());

describe('http-getFeed', () => {
  it('shows posts on everything the member follows and their own, newest first, nothing blocked', async () => {
    const { posts, nextCursor } = await page({});
    expect(ids(posts)).toEqual([
      'post-game',
      'post-event',
      'post-friend-feed',
      'post-own',
      'post-on-my-wall',
    ]);
    expect(nextCursor).toBeNull();
    expect(posts[0]).toMatchObject({ content: 'Post post-game', authorName: 'finn', sourceUUID: FRIEND });
  });

  it('names the feed each post is on, linking to its page; a page’s own feed does not', async () => {
    const places = Object.fromEntries((await page({})).posts.map((p) => [p.uuid, p.postedOn]));
    expect(places).toEqual({
      'post-game': { type: 'game', key: GAME, name: 'Hollow Knight' },
      'post-event': { type: 'event', key: EVENT, name: 'gamescom 2031' },
      'post-friend-feed': { type: 'user', key: 'finn', name: 'finn' },
      'post-own': { type: 'game', key: GAME, name: 'Hollow Knight' },
      'post-on-my-wall': { type: 'user', key: 'mira', name: 'mira' },
    });
    const onPage = await readFeedPage(db.server, feedIdOf('game', GAME), null);
    expect(onPage.posts.length).toBeGreaterThan(0);
    for (const shown of onPage.posts) expect(shown).not.toHaveProperty('postedOn');
  });

  it('leaves the place out when its feed’s name cannot be read, and still shows the post', async () => {
    await db.server.patch('', userSectionNode(FRIEND, 'public').set(null));
    // The card is written without it (as when the post was written).
    await deliverChanges(db.server, ['post-friend-feed']);
    const posts = (await page({})).posts;
    const onFriendFeed = posts.find((p) => p.uuid === 'post-friend-feed');
    expect(onFriendFeed).toBeDefined();
    expect(onFriendFeed?.postedOn).toBeUndefined();
    await db.server.patch(
      '',
      userSectionNode(FRIEND, 'public').set({ uuid: FRIEND, username: 'finn', follows: 1 }),
    );
    await deliverChanges(db.server, ['post-friend-feed']);
  });

  it('fills preview comments with the latest ones the member may see', async () => {
    const [first] = (await page({})).posts;
    // The 3 latest are rude (blocked), pest's (a blocked member) and comment-2: only comment-2 is shown.
    expect(first?.previewComments.map((c) => c.uuid)).toEqual(['comment-2']);
    expect(first?.previewComments[0]).toMatchObject({ content: 'Comment comment-2', authorName: 'finn' });
  });

  it('pages without repeats or gaps, also through posts of the same millisecond', async () => {
    const burst: MultiPathUpdate = {};
    for (let n = 0; n < 12; n++)
      Object.assign(burst, post(`post-burst-${String(n).padStart(2, '0')}`, FRIEND, GAME, 25));
    await db.server.patch('', burst);
    await deliverPosts(db.server, postIdsOf(burst));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const answer = await page(cursor === undefined ? { limit: 4 } : { limit: 4, cursor });
      expect(answer.posts.length).toBeLessThanOrEqual(4);
      seen.push(...ids(answer.posts));
      if (answer.nextCursor === null) break;
      cursor = answer.nextCursor;
    }
    expect(seen).toEqual([
      'post-game',
      'post-event',
      ...Array.from({ length: 12 }, (_, n) => `post-burst-${String(11 - n).padStart(2, '0')}`),
      'post-friend-feed',
      'post-own',
      'post-on-my-wall',
    ]);
    await db.server.patch('', Object.fromEntries(Object.keys(burst).map((path) => [path, null])));
    await deliverDeletions(
      db.server,
      postIdsOf(burst).map((postId) => ({ postId, kind: 'game', target: GAME })),
    );
  });

  it('leaves out the posts on a game the member is not interested in, but their own, until taken back', async () => {
    await db.server.patch('', userBlocksNode(MEMBER, 'games').child(GAME).set(TEST_DATABASE_NOW));
    expect(ids((await page({})).posts)).toEqual([
      'post-event',
      'post-friend-feed',
      'post-own',
      'post-on-my-wall',
    ]);
    await db.server.patch('', userBlocksNode(MEMBER, 'games').child(GAME).set(null));
    expect(ids((await page({})).posts)[0]).toBe('post-game');
  });

  it('leaves out the posts on a game with a tag the member hides, but their own, until shown again', async () => {
    await db.server.patch('', gameNode(GAME).child('tags').set(['Metroidvania', 'Souls-like']));
    // The card carries the game's tags as it was written (or written again).
    await deliverChanges(db.server, ['post-game']);
    // A tag the game does not have changes nothing.
    await db.server.patch('', userHiddenTagsNode(MEMBER).child('horror').set(TEST_DATABASE_NOW));
    expect(ids((await page({})).posts)[0]).toBe('post-game');
    await db.server.patch('', userHiddenTagsNode(MEMBER).child('souls-like').set(TEST_DATABASE_NOW));
    expect(ids((await page({})).posts)).toEqual([
      'post-event',
      'post-friend-feed',
      'post-own',
      'post-on-my-wall',
    ]);
    await db.server.patch('', userHiddenTagsNode(MEMBER).set(null));
    expect(ids((await page({})).posts)[0]).toBe('post-game');
  });

  it('shows a member’s posts again once they are unblocked', async () => {
    await db.server.patch('', userBlocksNode(MEMBER, 'users').child(PEST).set(null));
    expect(ids((await page({ limit: 3 })).posts)).toEqual([
      'post-by-pest-on-game',
      'post-on-pest-feed',
      'post-game',
    ]);
    await db.server.patch('', userBlocksNode(MEMBER, 'users').child(PEST).set(TEST_DATABASE_NOW));
  });

  it('answers a member who follows nothing with their own posts only', async () => {
    expect(ids((await page({}, STRANGER)).posts)).toEqual([
      'post-unfollowed',
      'post-on-pest-feed',
      'post-event',
      'post-friend-feed',
    ]);
  });

  it('refuses a caller without an ID token and a hostile page request', async () => {
    await expect(getFeed(() => db.server, undefined, {})).rejects.toMatchObject({ code: 'unauthenticated' });
    for (const payload of [{ limit: 0 }, { limit: 1000 }, { cursor: '../../users' }, { cursor: 5 }, 'all']) {
      const error: unknown = await page(payload).catch((reason: unknown) => reason);
      expect(error, JSON.stringify(payload)).toBeInstanceOf(HttpsError);
      expect(error).toMatchObject({ code: 'invalid-argument' });
    }
  });
});

describe('http-getFeed and events that share an id with a followed member or game', () => {
  it('shows none of their posts: an event’s feed is not the member’s or game’s of the same id', async () => {
    const before = ids((await page({ limit: 25 })).posts);
    // Events whose deep links are the followed friend's uid, the followed game's and the member's own.
    await db.server.patch('', {
      ...eventNode(FRIEND).child('name').set('Uid Finn'),
      ...eventNode(GAME).child('name').set('Hollow Knight'),
      ...eventNode(MEMBER).child('name').set('Uid Mira'),
    });
    const onEvents = await Promise.all(
      [FRIEND, GAME, MEMBER].map((event) =>
        commitNewPost(
          db.server,
          STRANGER,
          { targetType: 'event', targetId: event, content: 'Free gems at my site', type: 'text' },
          { now: TEST_DATABASE_NOW, authorName: Promise.resolve('stranger') },
        ),
      ),
    );
    await deliverPosts(db.server, onEvents);
    const after = ids((await page({ limit: 25 })).posts);
    expect(after).toEqual(before);
    expect(after.some((id) => onEvents.includes(id))).toBe(false);
    // They are on the events' own feeds, and on no member's or game's page.
    expect(ids((await readFeedPage(db.server, feedIdOf('event', FRIEND), null)).posts)).toEqual([
      onEvents[0],
    ]);
    for (const feed of [feedIdOf('user', FRIEND), feedIdOf('game', GAME), feedIdOf('user', MEMBER)])
      expect(
        ids((await readFeedPage(db.server, feed, null, 25)).posts).some((id) => onEvents.includes(id)),
      ).toBe(false);
  });
});
