import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHomeFeedPage } from '../../shared/feed/home-feed-build.ts';
import { HOME_FEED_PULLED_PATH } from '../../shared/feed/home-feed-fanout.ts';
import {
  homeFeedFollowsNode,
  PULLED_FEED_FOLLOWERS,
  pulledFeedPath,
} from '../../shared/feed/home-feed-follows.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { homeFeedFollowsJob } from '../../shared/jobs/home-feed-follows-job.ts';
import { followsByTargetIdPath, userFollowsMapNode, userSectionNode } from '../../shared/rtdb/paths.ts';
import { feedIdOf, targetName, type FeedKind } from '../../shared/schemas/feed-id.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';
import { deliverPosts } from './home-feed-delivery.ts';

// The home-feed-follows job: follows made before the home feed read members' home-feed records
// (shared/feed/home-feed-follows.ts) left none. Every feed over PULLED_FEED_FOLLOWERS, and every feed
// registered already, is marked in its followers' records and registered as pulled, so its posts in the
// shared index show to them again; a second run changes nothing.

const T = TEST_DATABASE_NOW;
let db: TestDatabase;
const run = () => homeFeedFollowsJob.run({ db: db.server, now: () => T, log: () => undefined });

/** A follow as it was written before the records: the member's map and the feed's followers only. */
const followedBefore = (uid: string, kind: FeedKind, id: string) => ({
  ...userFollowsMapNode(uid, kind).child(id).set(T),
  [`${followsByTargetIdPath(targetName(kind, id))}/${uid}`]: { followId: `f-${uid}-${id}`, type: kind },
});

beforeAll(async () => {
  db = await startTestDatabase();
  await db.server.patch('', {
    ...userSectionNode('big', 'public').set({
      uuid: 'big',
      username: 'big',
      follows: PULLED_FEED_FOLLOWERS + 1,
    }),
    'games/near': { name: 'Near', deeplink_url_code: 'near', follows: PULLED_FEED_FOLLOWERS - 10 },
    'games/small': { name: 'Small', deeplink_url_code: 'small', follows: 2 },
    // Registered by the consumer, its marking not finished (its message lost).
    'games/half': { name: 'Half', deeplink_url_code: 'half', follows: 1 },
    [pulledFeedPath('game:half')]: { state: 'marking', since: T - 1 },
    ...followedBefore('mira', 'user', 'big'),
    ...followedBefore('mira', 'game', 'near'),
    ...followedBefore('mira', 'game', 'small'),
    ...followedBefore('finn', 'user', 'big'),
    ...followedBefore('finn', 'game', 'half'),
    ...followedBefore('finn', 'game', 'small'),
    // Follows taken back before (their history entries disabled): Mira's cards of `gone` stayed in her home
    // feed, left out by the page's read of her follows map; she followed `back` again since.
    'follows_history/mira/game:gone': { followId: 'f-gone', type: 'game', disabled: true, timestamp: T - 9 },
    'follows_history/mira/game:back': { followId: 'f-back', type: 'game', disabled: true, timestamp: T - 9 },
    'follows_history/mira/game:small': { followId: 'f-small', type: 'game', disabled: false, timestamp: T },
    ...followedBefore('mira', 'game', 'back'),
  });
});
afterAll(() => db.close());

describe('the home-feed-follows job', () => {
  it('marks every feed merged at read in its followers’ records, so its posts show again; once', async () => {
    await db.server.put(pulledFeedPath('user:big'), { state: 'pulled', since: T - 5 });
    await db.server.put('posts/on-big', {
      uuid: 'on-big',
      sourceUUID: 'big',
      targetUUID: 'big',
      targetType: 'user',
      feed_key: feedKey(feedIdOf('user', 'big'), T, 'on-big'),
      content: 'News',
      type: 'text',
      likes: 0,
      timestamp: T,
    });
    await deliverPosts(db.server, ['on-big']);
    expect(await db.server.get(`${HOME_FEED_PULLED_PATH}/on-big`)).toMatchObject({ feed: 'user:big' });
    // Without a record, the shared index shows nothing of it.
    expect((await buildHomeFeedPage(db.server, 'mira', { limit: 10 })).posts).toEqual([]);

    const card = (id: string, game: string, author: string) => ({
      timestamp: T - 100,
      feed: `game:${game}`,
      post: {
        uuid: id,
        sourceUUID: author,
        targetUUID: game,
        content: id,
        timestamp: T - 100,
        previewComments: [],
      },
    });
    await db.server.patch('', {
      'users/mira/private/home-feed/on-gone': card('on-gone', 'gone', 'finn'),
      'users/mira/private/home-feed/own-on-gone': card('own-on-gone', 'gone', 'mira'),
      'users/mira/private/home-feed/on-back': card('on-back', 'back', 'finn'),
    });
    expect((await buildHomeFeedPage(db.server, 'mira', { limit: 10 })).posts.map((p) => p.uuid)).toEqual([
      'own-on-gone',
      'on-gone',
      'on-back',
    ]);

    expect(await run()).toBe(
      '5 followed feeds read, 2 merged at read, 5 paths written; 1 members, 2 follows taken back, 2 paths written',
    );
    // The card of the follow taken back is out; her own post and the feed followed again stay.
    expect(Object.keys((await db.server.get('users/mira/private/home-feed')) ?? {}).sort()).toEqual(
      ['on-back', 'own-on-gone'].sort(),
    );
    expect(await db.server.get(homeFeedFollowsNode('mira').path)).toEqual({ pulled: { 'user:big': true } });
    expect(await db.server.get(homeFeedFollowsNode('finn').path)).toEqual({
      pulled: { 'user:big': true, 'game:half': true },
    });
    expect(await db.server.get(pulledFeedPath('game:half'))).toEqual({ state: 'pulled', since: T });
    // Near the threshold is not over it: fanned out as before.
    expect(await db.server.get(pulledFeedPath('game:near'))).toBeNull();
    expect((await buildHomeFeedPage(db.server, 'mira', { limit: 10 })).posts.map((p) => p.uuid)).toEqual([
      'on-big',
      'own-on-gone',
      'on-back',
    ]);
    expect((await buildHomeFeedPage(db.server, 'finn', { limit: 10 })).posts.map((p) => p.uuid)).toEqual([
      'on-big',
    ]);

    const before = await db.server.get('');
    await run();
    expect(await db.server.get('')).toEqual(before);
  });
});
