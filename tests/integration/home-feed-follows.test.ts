import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE } from '../../emulator/index.ts';
import { buildHomeFeedPage } from '../../shared/feed/home-feed-build.ts';
import {
  deliverHomeFeedMessage,
  deliverHomeFeedMessageFully,
  HOME_FEED_PULLED_PATH,
  homeFeedInboxPath,
} from '../../shared/feed/home-feed-fanout.ts';
import {
  homeFeedFollowsNode,
  PULLED_FEED_FOLLOWERS,
  PULLED_MARGIN,
  pulledFeedPath,
} from '../../shared/feed/home-feed-follows.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import { createRtdbClient, type RtdbClient, type RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { sequentialRounds } from '../../shared/rtdb/sequential-rounds.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { commitBlocks } from '../../shared/transitions/block.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';
import { deliverPosts } from './home-feed-delivery.ts';

// The home feed reads the member's small home-feed record, never their follows map
// (shared/feed/home-feed-follows.ts): follows, unfollows and their delayed clean-up, through the real
// follow transition and the real consumer against the database emulator. An unfollowed feed's posts leave
// the very next page (the marker) and the home feed a minute later (`feed-unfollowed`); a follow taken up
// again keeps them; a feed that grows past PULLED_FEED_FOLLOWERS keeps showing to its followers, old and new.

const MEMBER = 'mira';
const AUTHOR = 'ana';
const T = TEST_DATABASE_NOW;
let db: TestDatabase;
let posts = 0;

/** A post by AUTHOR (or `author`) on the game's feed, written and delivered as the queue does. */
async function postOn(game: string, author = AUTHOR): Promise<string> {
  posts += 1;
  const id = `post-${String(posts).padStart(3, '0')}`;
  const timestamp = T + posts * 1000;
  await db.server.put(`posts/${id}`, {
    uuid: id,
    sourceUUID: author,
    targetUUID: game,
    targetType: 'game',
    feed_key: feedKey(feedIdOf('game', game), timestamp, id),
    content: `Post ${id}`,
    type: 'text',
    likes: 0,
    timestamp,
  });
  await deliverPosts(db.server, [id]);
  return id;
}

const follow = (game: string, follows: boolean, now = T, uid = MEMBER) =>
  commitFollow(db.server, { uid, type: 'game', targetId: game, follow: follows }, now);
const shown = async (uid = MEMBER) =>
  (await buildHomeFeedPage(db.server, uid, { limit: 25 })).posts.map((post) => post.uuid);
const inbox = async (uid = MEMBER) => Object.keys((await db.server.get(homeFeedInboxPath(uid))) ?? {});
const record = (uid = MEMBER) => db.server.get(homeFeedFollowsNode(uid).path);
const unfollowedMessage = (at: number, game = 'hades'): HomeFeedMessage => ({
  kind: 'feed-unfollowed',
  uid: MEMBER,
  target: `game:${game}`,
  at,
});

beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.server.put('', null);
  await db.server.patch('', {
    'games/hades': { name: 'Hades', deeplink_url_code: 'hades', follows: 0 },
    'games/celeste': { name: 'Celeste', deeplink_url_code: 'celeste', follows: 0 },
    ...userSectionNode(AUTHOR, 'public').set({ uuid: AUTHOR, username: 'ana', follows: 0 }),
    ...userSectionNode(MEMBER, 'public').set({ uuid: MEMBER, username: 'mira', follows: 0 }),
  });
});

describe('an unfollow in the home feed', () => {
  it('leaves the very next page, and the home feed once its delayed message comes; the member’s own posts stay', async () => {
    await follow('hades', true);
    const theirs = await postOn('hades');
    const own = await postOn('hades', MEMBER);
    expect(await shown()).toEqual([own, theirs]);
    await follow('hades', false, T + 60_000);
    // At once: the marker, in the unfollow's own PATCH; the card is still there.
    expect(await shown()).toEqual([own]);
    expect(await inbox()).toEqual([theirs, own]);
    expect(await record()).toEqual({ unfollowed: { 'game:hades': T + 60_000 } });
    // The delayed message: the card goes, then the marker; delivered again, it changes nothing.
    await deliverHomeFeedMessage(db.server, unfollowedMessage(T + 60_000));
    expect(await inbox()).toEqual([own]);
    expect(await record()).toBeNull();
    expect(await shown()).toEqual([own]);
    const after = await db.server.get('');
    await deliverHomeFeedMessage(db.server, unfollowedMessage(T + 60_000));
    expect(await db.server.get('')).toEqual(after);
  });

  it('keeps the posts of a feed followed again before its message comes', async () => {
    await follow('hades', true);
    const theirs = await postOn('hades');
    await follow('hades', false, T + 1);
    expect(await shown()).toEqual([]);
    await follow('hades', true, T + 2);
    expect(await shown()).toEqual([theirs]);
    await deliverHomeFeedMessage(db.server, unfollowedMessage(T + 1));
    expect(await inbox()).toEqual([theirs]);
    expect(await shown()).toEqual([theirs]);
    expect(await record()).toBeNull();
  });

  it('clears only its own marker: a later unfollow’s stays until its own message, in either order', async () => {
    await follow('hades', true);
    await postOn('hades');
    await follow('hades', false, T + 1);
    await follow('hades', true, T + 2);
    await follow('hades', false, T + 3);
    // The first unfollow's message: the cards go, the second's marker stays (the page still leaves
    // out any card a fan-out of before the second unfollow writes now).
    await deliverHomeFeedMessage(db.server, unfollowedMessage(T + 1));
    expect(await inbox()).toEqual([]);
    expect(await record()).toEqual({ unfollowed: { 'game:hades': T + 3 } });
    await deliverHomeFeedMessage(db.server, unfollowedMessage(T + 3));
    expect(await record()).toBeNull();
    // Out of order: the later message first, then the earlier one, which finds nothing left to do.
    await follow('hades', true, T + 4);
    await deliverHomeFeedMessageFully(db.server, { kind: 'feed-followed', uid: MEMBER, feed: 'game:hades' });
    await follow('hades', false, T + 5);
    await follow('hades', true, T + 6);
    await follow('hades', false, T + 7);
    await deliverHomeFeedMessage(db.server, unfollowedMessage(T + 7));
    expect(await inbox()).toEqual([]);
    expect(await record()).toBeNull();
    const after = await db.server.get('');
    await deliverHomeFeedMessage(db.server, unfollowedMessage(T + 5));
    expect(await db.server.get('')).toEqual(after);
  });

  it('brings the posts and the pulled mark back when the member follows again while its clean-up writes', async () => {
    // A feed merged at read: its posts are in the shared index, shown by the mark in the member's record.
    await db.server.patch('', { [pulledFeedPath('game:hades')]: { state: 'pulled', since: T } });
    await follow('hades', true);
    await db.server.patch('', { 'games/hades/follows': PULLED_FEED_FOLLOWERS + 1 });
    const pulled = await postOn('hades');
    expect(await db.server.get(`${HOME_FEED_PULLED_PATH}/${pulled}`)).not.toBeNull();
    expect(await inbox()).toEqual([]);
    expect(await shown()).toEqual([pulled]);
    // An older card of hades in the home feed (written before it was pulled).
    await deliverHomeFeedMessageFully(db.server, { kind: 'feed-followed', uid: MEMBER, feed: 'game:hades' });
    await follow('hades', false, T + 1);
    expect(await shown()).toEqual([]);
    // The clean-up reads that the member does not follow; the follow lands before its PATCH.
    let raced = false;
    const racing: RtdbClient = {
      ...db.server,
      async query(path, query, schema) {
        if (!raced && path === homeFeedInboxPath(MEMBER)) {
          raced = true;
          await follow('hades', true, T + 2);
        }
        return db.server.query(path, query, schema);
      },
    };
    const delivered = await deliverHomeFeedMessage(racing, unfollowedMessage(T + 1));
    expect(raced).toBe(true);
    // Read once more after its write: the follow's mark is put back and its recent posts come again.
    expect(delivered.next).toEqual([{ kind: 'feed-followed', uid: MEMBER, feed: 'game:hades' }]);
    for (const message of delivered.next) await deliverHomeFeedMessageFully(db.server, message);
    expect(await record()).toEqual({ pulled: { 'game:hades': true } });
    expect(await shown()).toEqual([pulled]);
    expect(await inbox()).toContain(pulled);
  });

  it('writes nothing for a follow’s message that comes after the follow was taken back', async () => {
    await postOn('hades');
    await follow('hades', true);
    await follow('hades', false, T + 1);
    await deliverHomeFeedMessageFully(db.server, { kind: 'feed-followed', uid: MEMBER, feed: 'game:hades' });
    expect(await inbox()).toEqual([]);
  });
});

describe('a block that ends follows', () => {
  it('answers the follows it ended, whose clean-up takes their cards out as an unfollow’s does', async () => {
    await follow('hades', true);
    const onGame = await postOn('hades');
    await commitFollow(db.server, { uid: MEMBER, type: 'user', targetId: AUTHOR, follow: true }, T);
    await commitFollow(db.server, { uid: AUTHOR, type: 'user', targetId: MEMBER, follow: true }, T);
    const own = await postOn('hades', MEMBER);
    // Not interested in the game: its follow ends.
    const endedGame = await commitBlocks(db.server, MEMBER, 'games', ['hades'], T + 1);
    expect(endedGame).toEqual([{ uid: MEMBER, target: 'game:hades', at: T + 1 }]);
    // Blocking a member ends the follows both ways.
    const endedUsers = await commitBlocks(db.server, MEMBER, 'users', [AUTHOR], T + 2);
    expect(endedUsers).toEqual([
      { uid: MEMBER, target: `user:${AUTHOR}`, at: T + 2 },
      { uid: AUTHOR, target: `user:${MEMBER}`, at: T + 2 },
    ]);
    expect(await shown()).toEqual([own]);
    expect(await inbox()).toContain(onGame);
    for (const ended of [...endedGame, ...endedUsers])
      await deliverHomeFeedMessage(db.server, { kind: 'feed-unfollowed', ...ended });
    expect(await inbox()).toEqual([own]);
    expect(await record()).toBeNull();
    expect(await record(AUTHOR)).toBeNull();
  });
});

describe('a feed merged at read', () => {
  it('keeps showing its new posts to its earlier followers once marked, and to a new follower', async () => {
    await follow('hades', true);
    await db.server.patch('', { 'games/hades/follows': PULLED_FEED_FOLLOWERS + 1 });
    // The post that finds it over the threshold: fanned out as before, and the feed registered.
    const first = await postOn('hades');
    expect(await inbox()).toEqual([first]);
    expect(await db.server.get(pulledFeedPath('game:hades'))).toMatchObject({ state: 'marking' });
    // Until every follower is marked, its posts are still fanned out.
    const second = await postOn('hades');
    expect(await inbox()).toEqual([first, second]);
    // The marking (its message, sent by the first post's delivery), then posts go to the shared index.
    await deliverHomeFeedMessageFully(db.server, { kind: 'feed-pulled', feed: 'game:hades' }, () => T + 5);
    expect(await db.server.get(pulledFeedPath('game:hades'))).toEqual({ state: 'pulled', since: T + 5 });
    expect(await record()).toEqual({ pulled: { 'game:hades': true } });
    const third = await postOn('hades');
    expect(await inbox()).toEqual([first, second]);
    expect(await db.server.get(`${HOME_FEED_PULLED_PATH}/${third}`)).toMatchObject({ feed: 'game:hades' });
    expect(await shown()).toEqual([third, second, first]);
    // A new follower: the follow reads the registry and marks it.
    await follow('hades', true, T + 9, 'newcomer');
    expect(await record('newcomer')).toEqual({ pulled: { 'game:hades': true } });
    expect(await shown('newcomer')).toEqual([third]);
    // Unfollowed: gone from the next page, the mark with it.
    await follow('hades', false, T + 10, 'newcomer');
    expect(await shown('newcomer')).toEqual([]);
    expect(await record('newcomer')).toEqual({ unfollowed: { 'game:hades': T + 10 } });
  });

  it('is marked by a follow whose count is within the margin of the threshold, and by no other', async () => {
    await db.server.patch('', {
      'games/hades/follows': PULLED_FEED_FOLLOWERS - PULLED_MARGIN,
      'games/celeste/follows': PULLED_FEED_FOLLOWERS - PULLED_MARGIN - 2,
    });
    await follow('hades', true);
    await follow('celeste', true);
    expect(await record()).toEqual({ pulled: { 'game:hades': true } });
  });
});

describe('what a follow costs', () => {
  it('reads whether the feed is merged at read in its first round: 9 requests in 3 rounds', async () => {
    const records: RtdbRequestRecord[] = [];
    const counted = createRtdbClient({
      databaseUrl: db.emulator.url,
      namespace: DEFAULT_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
      onRequest: (request) => records.push(request),
    });
    await commitFollow(counted, { uid: MEMBER, type: 'game', targetId: 'hades', follow: true }, T);
    // The history entry, the target, its count, its summary, the registry and the member page's copy
    // counters; the gate beside the newest followed games (the member page's copy, followed-copy.ts); the
    // PATCH.
    expect(records.map((request) => request.path)).toContain(pulledFeedPath('game:hades'));
    expect(records).toHaveLength(9);
    expect(sequentialRounds(records)).toBe(3);
    records.length = 0;
    // An unfollow reads no registry.
    await commitFollow(counted, { uid: MEMBER, type: 'game', targetId: 'hades', follow: false }, T + 1);
    expect(records.map((request) => request.path)).not.toContain(pulledFeedPath('game:hades'));
    expect(sequentialRounds(records)).toBe(3);
  });
});
