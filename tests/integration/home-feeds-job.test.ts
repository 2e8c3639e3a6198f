import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHomeFeedPage } from '../../shared/feed/home-feed-build.ts';
import { homeFeedInboxPath } from '../../shared/feed/home-feed-fanout.ts';
import { homeFeedsJob } from '../../shared/jobs/home-feeds-job.ts';
import { gameNode, userSectionNode } from '../../shared/rtdb/paths.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { commitNewPost } from '../../shared/transitions/post.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

// The home-feeds job: members who followed feeds before home feeds were written on post get their
// followed feeds' recent posts, as a new follow brings them; a second run changes nothing.

let db: TestDatabase;
const run = () => homeFeedsJob.run({ db: db.server, now: () => TEST_DATABASE_NOW, log: () => undefined });

beforeAll(async () => {
  db = await startTestDatabase();
  await db.server.patch('', {
    ...gameNode('hj-game').set({ name: 'Job Game', deeplink_url_code: 'hj-game', follows: 0 }),
    ...userSectionNode('hj-ana', 'public').set({ uuid: 'hj-ana', username: 'hj_ana', follows: 0 }),
    ...userSectionNode('hj-ben', 'public').set({ uuid: 'hj-ben', username: 'hj_ben', follows: 0 }),
  });
  await commitFollow(db.server, { uid: 'hj-ben', type: 'game', targetId: 'hj-game', follow: true });
  await commitFollow(db.server, { uid: 'hj-ben', type: 'user', targetId: 'hj-ana', follow: true });
  await commitFollow(db.server, { uid: 'hj-ana', type: 'game', targetId: 'hj-game', follow: true });
  await commitFollow(db.server, { uid: 'hj-ana', type: 'game', targetId: 'hj-game', follow: false });
});
afterAll(() => db.close());

describe('the home-feeds job', () => {
  it('fills home feeds from what members follow, once', async () => {
    // Written straight into the database, as before the queue: nobody's home feed has them.
    const onGame = await commitNewPost(db.server, 'hj-ana', {
      targetType: 'game',
      targetId: 'hj-game',
      content: 'On the game.',
      type: 'text',
    });
    const onWall = await commitNewPost(db.server, 'hj-ana', {
      targetType: 'user',
      targetId: 'hj-ana',
      content: 'On my page.',
      type: 'text',
    });
    expect((await buildHomeFeedPage(db.server, 'hj-ben', { limit: 10 })).posts).toEqual([]);

    expect(await run()).toBe('1 members, 2 followed feeds, 2 home-feed paths written');
    const page = await buildHomeFeedPage(db.server, 'hj-ben', { limit: 10 });
    expect(page.posts.map((post) => post.uuid).sort()).toEqual([onGame, onWall].sort());
    // Ana unfollowed the game: nothing of it comes into her home feed.
    expect(await db.server.get(homeFeedInboxPath('hj-ana'))).toBeNull();

    const before = await db.server.get(homeFeedInboxPath('hj-ben'));
    await run();
    expect(await db.server.get(homeFeedInboxPath('hj-ben'))).toEqual(before);
  });
});
