import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { commitLike } from '../../shared/transitions/like.ts';
import { startTestDatabase, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.server.put('', null);
  await db.server.put('games/hades', { name: 'Hades', deeplink_url_code: 'hades', follows: 0 });
  await db.server.put('posts/post1', {
    uuid: 'post1',
    targetUUID: 'hades',
    sourceUUID: 'author',
    content: 'hi',
    type: 'text',
    likes: 0,
    timestamp: 1,
  });
});

const uids = Array.from({ length: 100 }, (_, i) => `user${String(i).padStart(3, '0')}`);
const keys = (value: unknown) => Object.keys(value ?? {}).sort();

describe('follow', () => {
  it('counts exactly 100 when 100 different users follow one game at once, with 100 consistent index entries', async () => {
    await Promise.all(
      uids.map((uid) => commitFollow(db.server, { uid, type: 'game', targetId: 'hades', follow: true })),
    );
    expect(await db.server.get('games/hades/follows')).toBe(100);
    expect(keys(await db.server.get('follows_by_targetid/hades'))).toEqual(uids);
    const records = (await db.server.get('follows')) as Record<
      string,
      { userUUID: string; disabled: boolean }
    >;
    expect(
      Object.values(records)
        .map((r) => r.userUUID)
        .sort(),
    ).toEqual(uids);
    expect(Object.values(records).every((r) => !r.disabled)).toBe(true);
    for (const uid of uids.slice(0, 5)) {
      expect(keys(await db.server.get(`follows_by_userid/${uid}`))).toEqual(['hades']);
      expect(keys(await db.server.get(`users/${uid}/private/follows/games`))).toEqual(['hades']);
    }
  });

  it('does not count twice when the same follow request is repeated, even at once', async () => {
    const follow = () =>
      commitFollow(db.server, { uid: 'ana', type: 'game', targetId: 'hades', follow: true });
    const outcomes = await Promise.all([follow(), follow(), follow(), follow(), follow()]);
    await follow();
    expect(outcomes.filter((o) => o.changed)).toHaveLength(1);
    expect(await db.server.get('games/hades/follows')).toBe(1);
    expect(keys(await db.server.get('follows'))).toHaveLength(1);
  });

  it('re-enables the same record when following again after an unfollow', async () => {
    const first = await commitFollow(db.server, {
      uid: 'ana',
      type: 'game',
      targetId: 'hades',
      follow: true,
    });
    await commitFollow(db.server, { uid: 'ana', type: 'game', targetId: 'hades', follow: false });
    expect(await db.server.get(`follows/${String(first.followId)}/disabled`)).toBe(true);
    expect(await db.server.get('follows_by_targetid/hades')).toBeNull();
    expect(await db.server.get('users/ana/private/follows/games/hades')).toBeNull();
    expect(await db.server.get('games/hades/follows')).toBe(0);
    const again = await commitFollow(db.server, {
      uid: 'ana',
      type: 'game',
      targetId: 'hades',
      follow: true,
    });
    expect(again.followId).toBe(first.followId);
    expect(await db.server.get(`follows/${String(first.followId)}/disabled`)).toBe(false);
    expect(await db.server.get('games/hades/follows')).toBe(1);
    expect(keys(await db.server.get('follows'))).toHaveLength(1);
  });

  it('ends consistent when one user toggles follow 50 times in quick succession', async () => {
    const toggles = Array.from({ length: 50 }, (_, i) =>
      commitFollow(db.server, { uid: 'ana', type: 'game', targetId: 'hades', follow: i % 2 === 0 }),
    );
    await Promise.all(toggles);
    const history = (await db.server.get('follows_history/ana/hades')) as {
      disabled: boolean;
      pending?: unknown;
    };
    expect(history.pending).toBeUndefined();
    const following = !history.disabled;
    expect(await db.server.get('games/hades/follows')).toBe(following ? 1 : 0);
    expect((await db.server.get('follows_by_targetid/hades/ana')) !== null).toBe(following);
    expect((await db.server.get('follows_by_userid/ana/hades')) !== null).toBe(following);
    expect((await db.server.get('users/ana/private/follows/games/hades')) !== null).toBe(following);
    const records = (await db.server.get('follows')) as Record<string, { disabled: boolean }>;
    expect(Object.values(records)).toHaveLength(1);
    expect(Object.values(records)[0]?.disabled).toBe(!following);
  });

  it('keeps user follower counts and the follows maps of users apart from games', async () => {
    await db.server.put('users/ben/public', { uuid: 'ben', username: 'ben_pixels', follows: 0 });
    await commitFollow(db.server, { uid: 'ana', type: 'user', targetId: 'ben', follow: true });
    expect(await db.server.get('users/ben/public/follows')).toBe(1);
    expect(keys(await db.server.get('users/ana/private/follows/users'))).toEqual(['ben']);
    expect(await db.server.get('users/ana/private/follows/games')).toBeNull();
  });
});

describe('like', () => {
  it('counts exactly 100 when 100 different users like one post at once, with 100 active entries', async () => {
    await Promise.all(
      uids.map((uid) => commitLike(db.server, { uid, type: 'post', targetId: 'post1', like: true })),
    );
    expect(await db.server.get('posts/post1/likes')).toBe(100);
    expect(keys(await db.server.get('likes_active/post1'))).toEqual(uids);
    expect(keys(await db.server.get('likes'))).toHaveLength(100);
    expect(keys(await db.server.get('users/user007/private/likes'))).toEqual(['post1']);
  });

  it('unlike disables the record, the history entry and the active index; repeats change nothing', async () => {
    const liked = await commitLike(db.server, { uid: 'ana', type: 'post', targetId: 'post1', like: true });
    await commitLike(db.server, { uid: 'ana', type: 'post', targetId: 'post1', like: true });
    await Promise.all(
      [1, 2, 3].map(() =>
        commitLike(db.server, { uid: 'ana', type: 'post', targetId: 'post1', like: false }),
      ),
    );
    expect(await db.server.get(`likes/${String(liked.likeId)}/disabled`)).toBe(true);
    expect(await db.server.get('likes_history/ana/post1/disabled')).toBe(true);
    expect(await db.server.get('likes_active/post1')).toBeNull();
    expect(await db.server.get('users/ana/private/likes')).toBeNull();
    expect(await db.server.get('posts/post1/likes')).toBe(0);
  });

  it('ends consistent when one user toggles like 50 times in quick succession', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        commitLike(db.server, { uid: 'ana', type: 'post', targetId: 'post1', like: i % 3 !== 0 }),
      ),
    );
    const liking = (await db.server.get('likes_history/ana/post1/disabled')) === false;
    expect(await db.server.get('posts/post1/likes')).toBe(liking ? 1 : 0);
    expect((await db.server.get('likes_active/post1/ana')) !== null).toBe(liking);
    expect(keys(await db.server.get('likes'))).toHaveLength(1);
  });
});
