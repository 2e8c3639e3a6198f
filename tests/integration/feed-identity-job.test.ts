// The feed identity job against the real emulator with the project's rules, on data written the old way
// (feeds and follower indexes keyed by a target's id alone, where an event named "Questline" shared the
// default account's feed): afterwards every feed holds only its own target's posts, a member's home feed
// no longer shows the event's, the activity times and followers sit under kinded names, and a second run
// writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHomeFeedPage } from '../../shared/feed/home-feed-build.ts';
import { deliverHomeFeedMessage } from '../../shared/feed/home-feed-fanout.ts';
import { readFeedPage } from '../../shared/feed/read-feed.ts';
import { runJob, startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const T = TEST_DATABASE_NOW - 60_000;
/** A feed key as the site wrote it before feeds named their kind: `{id}|{time}|{post id}`. */
const oldKey = (id: string, time: number, postId: string) =>
  `${id}|${String(time).padStart(16, '0')}|${postId}`;

const oldPost = (id: string, target: string, type: string | undefined, source: string, time: number) => ({
  uuid: id,
  targetUUID: target,
  ...(type === undefined ? {} : { targetType: type }),
  sourceUUID: source,
  authorName: `${source}_name`,
  content: `post ${id}`,
  type: 'text',
  likes: 0,
  timestamp: time,
  feed_key: oldKey(target, time, id),
});

const run = () => runJob('feed-identity', db.server);

const ids = async (feed: Parameters<typeof readFeedPage>[1]) =>
  (await readFeedPage(db.anonymous, feed, null, 10)).posts.map((post) => post.uuid);

describe('the feed identity job', () => {
  beforeAll(async () => {
    await db.server.patch('', {
      'users/questline/public': { uuid: 'questline', username: 'questline', follows: 2 },
      'users/ana/public': { uuid: 'ana', username: 'ana_name', follows: 0 },
      'users/ben/public': { uuid: 'ben', username: 'ben_name', follows: 0 },
      'users/ben/private/follows/users/questline': T,
      'games/hades': { name: 'Hades', follows: 1 },
      'events/questline': { name: 'Questline', follows: 1, games: {} },
      'events/hades': { name: 'Hades', follows: 0, games: {} },
      // The default account's own post, and one on the event that took its id: one index held both.
      'posts/q1': oldPost('q1', 'questline', 'user', 'questline', T + 1),
      'posts/e1': oldPost('e1', 'questline', 'event', 'mallory', T + 2),
      'posts/h1': oldPost('h1', 'hades', 'game', 'ana', T + 3),
      'posts/h2': oldPost('h2', 'hades', 'event', 'mallory', T + 4),
      // Older than recorded kinds: only a member has the id.
      'posts/n1': oldPost('n1', 'ana', undefined, 'ben', T + 5),
      'posts_by_id/questline': { q1: T + 1, e1: T + 2, gone: T },
      'posts_by_id/hades': { h1: T + 3, h2: T + 4 },
      'posts_by_id/ana': { n1: T + 5 },
      'feed_activity/questline': T + 9,
      'feed_activity/hades': T + 8,
      'follows_history/ben/questline': { followId: 'f1', type: 'user', disabled: false },
      'follows_history/ana/questline': { followId: 'f2', type: 'event', disabled: false },
      'follows_history/cleo/hades': { followId: 'f3', type: 'game', disabled: true },
      'follows_by_targetid/questline': {
        ben: { followId: 'f1', type: 'user', timestamp: T },
        ana: { followId: 'f2', type: 'event', timestamp: T },
      },
      'follows_by_userid/ben/questline': { followId: 'f1', type: 'user', timestamp: T },
      'follows_by_userid/ana/questline': { followId: 'f2', type: 'event', timestamp: T },
      // Unfollowed since, by a Worker that already wrote kinded indexes: not brought back.
      'follows_by_targetid/hades': { cleo: { followId: 'f3', type: 'game', timestamp: T } },
    });
  });

  it('gives each target its own feed: the event’s posts leave the member’s feed and home feeds', async () => {
    // Before: the event's post sat in the default account's index, which home feeds read.
    expect(Object.keys((await db.server.get('posts_by_id/questline')) as object).sort()).toEqual([
      'e1',
      'gone',
      'q1',
    ]);

    expect(await run()).toBe(
      '1 posts given their kind, 5 posts filled in, 3 feeds, 2 activity times, 2 followers and 5 follow entries moved',
    );

    expect(await ids('user:questline')).toEqual(['q1']);
    expect(await ids('event:questline')).toEqual(['e1']);
    expect(await ids('game:hades')).toEqual(['h1']);
    expect(await ids('event:hades')).toEqual(['h2']);
    expect(await ids('user:ana')).toEqual(['n1']);
    expect(await db.server.get('posts/n1/targetType')).toBe('user');
    expect(await db.server.get('posts_by_id/user:questline')).toEqual({ q1: T + 1 });
    expect(await db.server.get('posts_by_id/event:questline')).toEqual({ e1: T + 2 });
    for (const old of ['questline', 'hades', 'ana'])
      expect(await db.server.get(`posts_by_id/${old}`)).toBeNull();

    // Ben follows the default account: his home feed, filled from the kinded feed as a follow fills it
    // (shared/feed/home-feed-fanout.ts), shows its post, not the event's.
    await deliverHomeFeedMessage(db.server, { kind: 'feed-followed', uid: 'ben', feed: 'user:questline' });
    const home = await buildHomeFeedPage(db.server, 'ben', { limit: 10 });
    expect(home.posts.map((post) => post.uuid)).toEqual(['q1']);
  });

  it('moves activity times to each feed and followers to the kind they followed', async () => {
    expect(await db.server.get('feed_activity/questline')).toBeNull();
    expect(await db.server.get('feed_activity/user:questline')).toBe(T + 9);
    expect(await db.server.get('feed_activity/event:questline')).toBe(T + 9);
    expect(await db.server.get('feed_activity/game:hades')).toBe(T + 8);
    expect(await db.server.get('follows_by_targetid/questline')).toBeNull();
    expect(await db.server.get('follows_by_targetid/user:questline')).toMatchObject({
      ben: { followId: 'f1' },
    });
    expect(await db.server.get('follows_by_targetid/event:questline')).toMatchObject({
      ana: { followId: 'f2' },
    });
    expect(await db.server.get('follows_by_targetid/hades')).toBeNull();
    expect(await db.server.get('follows_by_targetid/game:hades')).toBeNull();
  });

  it('moves each member’s follows under the kind they followed, so one id can be followed as a member and an event', async () => {
    expect(await db.server.get('follows_history/ben')).toEqual({
      'user:questline': { followId: 'f1', type: 'user', disabled: false },
    });
    expect(await db.server.get('follows_history/ana')).toEqual({
      'event:questline': { followId: 'f2', type: 'event', disabled: false },
    });
    expect(await db.server.get('follows_history/cleo')).toEqual({
      'game:hades': { followId: 'f3', type: 'game', disabled: true },
    });
    expect(Object.keys((await db.server.get('follows_by_userid/ben')) as object)).toEqual(['user:questline']);
    expect(Object.keys((await db.server.get('follows_by_userid/ana')) as object)).toEqual([
      'event:questline',
    ]);
  });

  it('writes nothing on a second run', async () => {
    const before = await db.server.get('');
    expect(await run()).toBe(
      '0 posts given their kind, 0 posts filled in, 0 feeds, 0 activity times, 0 followers and 0 follow entries moved',
    );
    expect(await db.server.get('')).toEqual(before);
  });
});
