import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../seed/demo-data.ts';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { demoMemberUid, seedMembers } from '../../seed/seed-members.ts';
import { startTestDatabase, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('seedMembers', () => {
  it('seeds the demo members through the transitions, with exact counts, and changes nothing when run again', async () => {
    await seedDemoData(db.server);
    const data = loadDemoData();
    const first = await seedMembers(db.server);
    expect(first.users).toBe(data.members.length + 1);
    expect(first.posts).toBe(data.members.reduce((n, m) => n + m.posts.length, 0));

    const ana = demoMemberUid('ana_roguelites');
    expect(await db.anonymous.get(`users/${ana}/public/username`)).toBe('ana_roguelites');
    // Her page shows her bio from the public section, as a profile change keeps it there, with no read of
    // her profile.
    const bio = data.members.find((m) => m.username === 'ana_roguelites')?.bio;
    expect(await db.anonymous.get(`users/${ana}/public/profile`)).toEqual({ brief: bio, details: '' });
    expect(
      await db.anonymous.get('users_public', {
        orderBy: 'username',
        equalTo: 'ana_roguelites',
        limitToFirst: 2,
      }),
    ).toEqual({
      [ana]: { username: 'ana_roguelites' },
    });

    // Every game's follower count equals the members following it, and the index agrees.
    const hadesFollowers = data.members.filter((m) => m.games.includes('hades')).length;
    expect(await db.server.get('games/hades/follows')).toBe(hadesFollowers);
    expect(Object.keys((await db.server.get('follows_by_targetid/game:hades')) as object)).toHaveLength(
      hadesFollowers,
    );
    // Every member follows the default account.
    expect(await db.server.get('users/questline/public/follows')).toBe(data.members.length);
    const anaFollowers = data.members.filter((m) => m.follows_users.includes('ana_roguelites')).length;
    expect(await db.server.get(`users/${ana}/public/follows`)).toBe(anaFollowers);

    // Demo posts are what the API writes: with their author's name and their feed key, so demo pages
    // read their feeds in one query and no names.
    const anaPosts = Object.keys((await db.server.get(`posts_by_uid/${ana}`)) as object);
    for (const postId of anaPosts) {
      const post = (await db.server.get(`posts/${postId}`)) as {
        targetUUID: string;
        targetType: string;
        feed_key: string;
      };
      expect(post).toMatchObject({ authorName: 'ana_roguelites' });
      // The feed key names the feed's kind as well as its id (shared/schemas/feed-id.ts).
      const feed = `${post.targetType}:${post.targetUUID}`;
      expect(post.feed_key.startsWith(`${feed}|`) && post.feed_key.endsWith(`|${postId}`)).toBe(true);
    }

    const again = await seedMembers(db.server);
    expect(again).toMatchObject({ follows: 0, posts: 0 });
    expect(await db.server.get('games/hades/follows')).toBe(hadesFollowers);
    expect(Object.keys((await db.server.get(`posts_by_uid/${ana}`)) as object)).toHaveLength(
      data.members.find((m) => m.username === 'ana_roguelites')?.posts.length ?? -1,
    );
  });
});
