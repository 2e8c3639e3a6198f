import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countUnread, readNotificationsPage } from '../../shared/notifications/read-notifications.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { commitLike } from '../../shared/transitions/like.ts';
import { commitNewComment, planDeletePost } from '../../shared/transitions/post.ts';
import { startTestDatabase, type TestDatabase } from './emulator-db.ts';

// Notifications against the database emulator: the transitions write them in their one PATCH, racing
// and repeated requests leave exactly one per follow or like, and the member reads them (as themself,
// through the rules) newest first with the unread count.

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.server.put('', null);
  await db.server.patch('', {
    'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
    'users/ben/public': { uuid: 'ben', username: 'ben_pixels', follows: 0 },
    'posts/post1': {
      uuid: 'post1',
      targetUUID: 'ana',
      sourceUUID: 'ana',
      content: 'Who else plays Hades?',
      type: 'text',
      likes: 0,
      timestamp: 1,
    },
  });
});

const notificationKeys = async () => Object.keys((await db.server.get('notifications/ana')) ?? {});

describe('notifications written by the transitions', () => {
  it('stay exactly one per follow and like through racing follow, unfollow and like, unlike requests', async () => {
    const toggles = Array.from({ length: 20 }, (_, i) => i % 2 === 0);
    await Promise.all(
      toggles.flatMap((on) => [
        commitFollow(db.server, { uid: 'ben', type: 'user', targetId: 'ana', follow: on }),
        commitLike(db.server, { uid: 'ben', type: 'post', targetId: 'post1', like: on }),
      ]),
    );
    // Whatever order they landed in, one last follow and one last like: a notification exists exactly
    // while the follow (or like) does.
    await commitFollow(db.server, { uid: 'ben', type: 'user', targetId: 'ana', follow: true });
    await commitLike(db.server, { uid: 'ben', type: 'post', targetId: 'post1', like: true });
    const followId = ((await db.server.get('follows_history/ben/user:ana')) as { followId: string }).followId;
    const likeId = ((await db.server.get('likes_history/ben/post1')) as { likeId: string }).likeId;
    expect((await notificationKeys()).sort()).toEqual([followId, likeId].sort());

    await commitFollow(db.server, { uid: 'ben', type: 'user', targetId: 'ana', follow: false });
    await commitLike(db.server, { uid: 'ben', type: 'post', targetId: 'post1', like: false });
    expect(await notificationKeys()).toEqual([]);
  });

  it('are read by their member newest first, with names and the unread count, and go with a deleted post', async () => {
    await commitFollow(db.server, { uid: 'ben', type: 'user', targetId: 'ana', follow: true });
    await commitLike(db.server, { uid: 'ben', type: 'post', targetId: 'post1', like: true });
    const commentId = await commitNewComment(db.server, 'ben', 'post1', 'Every night!');
    const ana = db.asUser('ana');

    const page = await readNotificationsPage(ana, 'ana', null);
    expect(
      page.notifications.map((n) => [n.kind, 'actor' in n ? n.actor.username : null, n.excerpt]),
    ).toEqual([
      ['comment', 'ben_pixels', 'Every night!'],
      ['like', 'ben_pixels', 'Who else plays Hades?'],
      ['follow', 'ben_pixels', null],
    ]);
    expect(await countUnread(ana, 'ana')).toBe(3);
    // Ben cannot read Ana's.
    await expect(readNotificationsPage(db.asUser('ben'), 'ana', null)).rejects.toThrow();

    // Deleting the post takes its comment's notification with it; its like's is no longer shown.
    await db.server.patch(
      '',
      planDeletePost('post1', { targetUUID: 'ana', sourceUUID: 'ana', comments: { [commentId]: 1 } }),
    );
    expect(await db.server.get(`notifications/ana/${commentId}`)).toBeNull();
    const after = await readNotificationsPage(ana, 'ana', null);
    expect(after.notifications.map((n) => n.kind)).toEqual(['follow']);
    // The like's notification is left behind, but no longer counts; opening the list marks up to the newest read.
    expect(await countUnread(ana, 'ana')).toBe(1);
    expect(after.newest).toBeGreaterThanOrEqual(after.notifications[0]?.timestamp ?? Infinity);
  });
});
