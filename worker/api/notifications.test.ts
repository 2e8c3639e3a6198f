import { beforeAll, describe, expect, it } from 'vitest';
import type {
  MemberNotificationItem,
  NotificationsPage,
} from '../../shared/notifications/read-notifications.ts';
import { commitNewPost } from '../../shared/transitions/post.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv } from '../test-support/test-database.ts';

// Notifications in workerd against the database emulator: what a member is told when others follow
// them and like or comment on their posts, and what nobody else can read, forge or mark.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();

const call = apiCaller(env, app);

// Only what members do is told in this file (reports' outcomes are in reports.test.ts).
type Listing = Omit<NotificationsPage, 'notifications'> & {
  notifications: MemberNotificationItem[];
  unread: number;
};
const list = async (uid: string, query = ''): Promise<Listing> => {
  const response = await call(`/api/notifications${query}`, { uid });
  expect(response.status).toBe(200);
  return response.json<Listing>();
};
const unread = async (uid: string) =>
  (await (await call('/api/notifications/unread', { uid })).json<{ unread: number }>()).unread;

// Members of this file only, so that other files' data cannot show up in the counts.
const NIA = 'notif-nia';
const OMAR = 'notif-omar';
const PIA = 'notif-pia';
let niaPost: string;

beforeAll(async () => {
  await db.patch('', {
    [`users/${NIA}/public`]: { uuid: NIA, username: 'nia_notified', follows: 0 },
    [`users/${OMAR}/public`]: { uuid: OMAR, username: 'omar_follows', follows: 0 },
    [`users/${PIA}/public`]: { uuid: PIA, username: 'pia_likes', follows: 0 },
  });
  niaPost = await commitNewPost(db, NIA, {
    targetType: 'user',
    targetId: NIA,
    content: 'Finally beat the\nfinal boss!',
    type: 'text',
  });
});

describe('notifications API', () => {
  it('answers 401 without a token and tells nothing', async () => {
    expect((await call('/api/notifications')).status).toBe(401);
    expect((await call('/api/notifications/unread')).status).toBe(401);
    expect((await call('/api/notifications/seen', { method: 'PUT', json: { upTo: 1 } })).status).toBe(401);
  });

  it('tells a member who followed them, once however often they unfollow and follow again', async () => {
    expect(await list(NIA)).toMatchObject({ notifications: [], unread: 0, next: null });
    expect((await call(`/api/follows/user/${NIA}`, { method: 'PUT', uid: OMAR })).status).toBe(200);
    const first = await list(NIA);
    expect(first.unread).toBe(1);
    expect(first.notifications).toEqual([
      expect.objectContaining({
        kind: 'follow',
        actor: { uid: OMAR, username: 'omar_follows' },
        unread: true,
      }),
    ]);

    // An unfollow takes it back; following again brings back the same one, not a second.
    await call(`/api/follows/user/${NIA}`, { method: 'DELETE', uid: OMAR });
    expect((await list(NIA)).notifications).toEqual([]);
    expect(await unread(NIA)).toBe(0);
    await call(`/api/follows/user/${NIA}`, { method: 'PUT', uid: OMAR });
    await call(`/api/follows/user/${NIA}`, { method: 'PUT', uid: OMAR });
    const again = await list(NIA);
    expect(again.notifications.map((n) => n.kind)).toEqual(['follow']);
    expect(again.notifications[0]?.id).toBe(first.notifications[0]?.id);
  });

  it('tells the author of a post who liked and commented on it, newest first, and never themself', async () => {
    expect((await call(`/api/likes/post/${niaPost}`, { method: 'PUT', uid: PIA })).status).toBe(200);
    expect(
      (
        await call(`/api/comments/posts/${niaPost}`, {
          method: 'POST',
          uid: PIA,
          json: { content: 'Well played!' },
        })
      ).status,
    ).toBe(201);
    // Liking or commenting on one's own post tells nobody.
    await call(`/api/likes/post/${niaPost}`, { method: 'PUT', uid: NIA });
    await call(`/api/comments/posts/${niaPost}`, { method: 'POST', uid: NIA, json: { content: 'Thanks!' } });

    const { notifications, unread: count } = await list(NIA);
    expect(notifications.map((n) => [n.kind, n.actor.username, n.excerpt])).toEqual([
      ['comment', 'pia_likes', 'Well played!'],
      ['like', 'pia_likes', 'Finally beat the final boss!'],
      ['follow', 'omar_follows', null],
    ]);
    expect(count).toBe(3);
    // A like or comment links to the post on its feed's page; a follow to nothing beyond the member.
    expect(notifications.map((n) => n.postLink)).toEqual([
      `/user/nia_notified#post-${niaPost}`,
      `/user/nia_notified#post-${niaPost}`,
      null,
    ]);
    const times = notifications.map((n) => n.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Pia's own list holds nothing of this.
    expect((await list(PIA)).notifications).toEqual([]);
  });

  it('takes a notification back when the like is undone or the comment deleted', async () => {
    await call(`/api/likes/post/${niaPost}`, { method: 'DELETE', uid: PIA });
    const comment = (await list(NIA)).notifications.find((n) => n.kind === 'comment');
    expect(comment).toBeDefined();
    expect((await call(`/api/comments/${comment?.id ?? ''}`, { method: 'DELETE', uid: PIA })).status).toBe(
      204,
    );
    expect((await list(NIA)).notifications.map((n) => n.kind)).toEqual(['follow']);
    // Liking again brings the like back as one notification.
    await call(`/api/likes/post/${niaPost}`, { method: 'PUT', uid: PIA });
    expect((await list(NIA)).notifications.map((n) => n.kind)).toEqual(['like', 'follow']);
  });

  it('marks as seen up to the newest notification, never further and never back', async () => {
    const { notifications } = await list(NIA);
    const newest = notifications[0]?.timestamp ?? 0;
    // A time in the far future is held to the newest notification there is.
    const marked = await call('/api/notifications/seen', {
      method: 'PUT',
      uid: NIA,
      json: { upTo: newest + 10 ** 12 },
    });
    expect(await marked.json()).toEqual({ seenUpTo: newest, unread: 0 });
    expect((await list(NIA)).notifications.every((n) => !n.unread)).toBe(true);
    // An older mark does not bring them back.
    await call('/api/notifications/seen', { method: 'PUT', uid: NIA, json: { upTo: 0 } });
    expect(await unread(NIA)).toBe(0);

    // What comes after the mark counts again.
    await call(`/api/comments/posts/${niaPost}`, { method: 'POST', uid: OMAR, json: { content: 'GG' } });
    expect(await unread(NIA)).toBe(1);
    expect((await list(NIA)).notifications[0]).toMatchObject({ kind: 'comment', unread: true });
  });

  it('lets nobody read, forge or mark another member’s notifications', async () => {
    // No route names a member: a uid in the query is ignored, and Omar sees only his own.
    const omars = await list(OMAR, `?uid=${NIA}`);
    expect(omars.notifications).toEqual([]);
    // Notifications are written only by the follow, like and comment transitions: there is no route.
    const forged = await call('/api/notifications', {
      method: 'POST',
      uid: OMAR,
      json: { kind: 'follow', actorUUID: PIA, recipient: NIA },
    });
    expect(forged.status).toBe(404);
    const putOne = await call(`/api/notifications/${NIA}`, { method: 'PUT', uid: OMAR, json: {} });
    expect(putOne.status).toBe(404);
    // Omar marking "his" notifications seen moves only his own mark.
    const before = await unread(NIA);
    await call('/api/notifications/seen', { method: 'PUT', uid: OMAR, json: { upTo: 10 ** 13 } });
    expect(await unread(NIA)).toBe(before);
    expect(await db.get(`notifications_seen/${OMAR}`)).toBeNull();
  });

  it('refuses a malformed mark or cursor with 400, changing nothing', async () => {
    for (const json of [{ upTo: -1 }, { upTo: 'all' }, {}, { upTo: 1.5 }]) {
      expect((await call('/api/notifications/seen', { method: 'PUT', uid: NIA, json })).status).toBe(400);
    }
    for (const cursor of ['x', '12_', '_abc', '1_a/b', `${'9'.repeat(20)}_a`]) {
      const response = await call(`/api/notifications?cursor=${encodeURIComponent(cursor)}`, { uid: NIA });
      expect(response.status).toBe(400);
    }
  });

  it('links to a post on a game’s page by the game’s address', async () => {
    const gamePost = await commitNewPost(db, NIA, {
      targetType: 'game',
      targetId: 'hades',
      content: 'One more run',
      type: 'text',
    });
    await call(`/api/likes/post/${gamePost}`, { method: 'PUT', uid: PIA });
    const like = (await list(NIA)).notifications.find((n) => n.excerpt === 'One more run');
    expect(like?.postLink).toBe(`/game/hades#post-${gamePost}`);
    await call(`/api/likes/post/${gamePost}`, { method: 'DELETE', uid: PIA });
  });

  it('stops counting the likes of a deleted post, and of its comments, as unread', async () => {
    const uid = 'notif-rosa';
    const fan = 'notif-sol';
    await db.patch('', {
      [`users/${uid}/public`]: { uuid: uid, username: 'rosa_deletes', follows: 0 },
      [`users/${fan}/public`]: { uuid: fan, username: 'sol_likes', follows: 0 },
    });
    const postId = await commitNewPost(db, uid, {
      targetType: 'user',
      targetId: uid,
      content: 'Soon gone',
      type: 'text',
    });
    expect((await call(`/api/likes/post/${postId}`, { method: 'PUT', uid: fan })).status).toBe(200);
    const commented = await call(`/api/comments/posts/${postId}`, {
      method: 'POST',
      uid: fan,
      json: { content: 'Nice one' },
    });
    const commentId = (await commented.json<{ comment: { uuid: string } }>()).comment.uuid;
    // Rosa likes Sol's comment: Sol is told.
    await call(`/api/likes/comment/${commentId}`, { method: 'PUT', uid });
    expect(await unread(uid)).toBe(2);
    expect(await unread(fan)).toBe(1);

    expect((await call(`/api/posts/${postId}`, { method: 'DELETE', uid })).status).toBe(204);
    // Neither the post's like nor the comment's like counts any more, and neither list shows them.
    expect(await unread(uid)).toBe(0);
    expect(await unread(fan)).toBe(0);
    expect((await list(uid)).notifications).toEqual([]);
    expect((await list(fan)).notifications).toEqual([]);
  });

  it('pages newest first with a cursor, without repeats or gaps', async () => {
    const uid = 'notif-quinn';
    const followers = Array.from({ length: 23 }, (_, i) => `notif-fan${String(i).padStart(2, '0')}`);
    await db.patch('', {
      [`users/${uid}/public`]: { uuid: uid, username: 'quinn_popular', follows: 0 },
      ...Object.fromEntries(
        followers.map((fan) => [`users/${fan}/public`, { uuid: fan, username: `fan_${fan.slice(-2)}` }]),
      ),
      // Some share a time: the cursor orders them by id.
      ...Object.fromEntries(
        followers.map((fan, i) => [
          `notifications/${uid}/f${String(i).padStart(2, '0')}`,
          { kind: 'follow', actorUUID: fan, timestamp: 1_000 + Math.floor(i / 3) },
        ]),
      ),
    });
    const first = await list(uid);
    expect(first.notifications).toHaveLength(20);
    expect(first.unread).toBe(23);
    expect(first.next).not.toBeNull();
    const second = await list(uid, `?cursor=${encodeURIComponent(first.next ?? '')}`);
    const ids = [...first.notifications, ...second.notifications].map((n) => n.id);
    expect(ids).toEqual(followers.map((_, i) => `f${String(i).padStart(2, '0')}`).reverse());
    expect(second.next).toBeNull();
  });
});

describe('notifications of a member one blocked', () => {
  it('stops showing and counting what they did, old and new, and keeps the others', async () => {
    const uid = 'notif-tara';
    const pest = 'notif-uri';
    const friend = 'notif-vic';
    await db.patch('', {
      [`users/${uid}/public`]: { uuid: uid, username: 'tara_blocks', follows: 0 },
      [`users/${pest}/public`]: { uuid: pest, username: 'uri_pesters', follows: 0 },
      [`users/${friend}/public`]: { uuid: friend, username: 'vic_friendly', follows: 0 },
    });
    const postId = await commitNewPost(db, uid, {
      targetType: 'user',
      targetId: uid,
      content: 'Speedrun tonight',
      type: 'text',
    });
    await call(`/api/follows/user/${uid}`, { method: 'PUT', uid: pest });
    await call(`/api/likes/post/${postId}`, { method: 'PUT', uid: pest });
    await call(`/api/comments/posts/${postId}`, { method: 'POST', uid: pest, json: { content: 'Boring.' } });
    await call(`/api/likes/post/${postId}`, { method: 'PUT', uid: friend });
    expect(await unread(uid)).toBe(4);

    await call('/api/blocks', { method: 'POST', uid, json: { kind: 'users', ids: [pest] } });
    // The like and the comment written before the block are still stored, but Tara is not shown them.
    const after = await list(uid);
    expect(after.notifications.map((n) => [n.kind, n.actor.username])).toEqual([['like', 'vic_friendly']]);
    expect(after.unread).toBe(1);
    expect(await unread(uid)).toBe(1);
    // And nothing new from him reaches her: his follow and like are refused.
    expect((await call(`/api/follows/user/${uid}`, { method: 'PUT', uid: pest })).status).toBe(403);
    expect((await call(`/api/likes/post/${postId}`, { method: 'DELETE', uid: pest })).status).toBe(200);
    expect((await call(`/api/likes/post/${postId}`, { method: 'PUT', uid: pest })).status).toBe(403);
    expect(await unread(uid)).toBe(1);

    // Taken back, the block hides nothing: the comment shows again (the follow ended with the block).
    await call('/api/blocks', { method: 'DELETE', uid, json: { kind: 'users', ids: [pest] } });
    expect((await list(uid)).notifications.map((n) => [n.kind, n.actor.username])).toEqual([
      ['like', 'vic_friendly'],
      ['comment', 'uri_pesters'],
    ]);
  });

  it('still pages past a full page of a blocked member’s notifications to the older ones', async () => {
    const uid = 'notif-wes';
    const pest = 'notif-xan';
    const friend = 'notif-yul';
    await db.patch('', {
      [`users/${uid}/public`]: { uuid: uid, username: 'wes_blocks', follows: 0 },
      [`users/${pest}/public`]: { uuid: pest, username: 'xan_floods', follows: 0 },
      [`users/${friend}/public`]: { uuid: friend, username: 'yul_follows', follows: 0 },
      [`users/${uid}/private/blocks/users/${pest}`]: 5_000,
      [`notifications/${uid}/f-friend`]: { kind: 'follow', actorUUID: friend, timestamp: 1_000 },
      // Newer than the friend's, more than a page of them.
      ...Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [
          `notifications/${uid}/f-pest${String(i).padStart(2, '0')}`,
          { kind: 'follow', actorUUID: pest, timestamp: 2_000 + i },
        ]),
      ),
    });
    expect(await unread(uid)).toBe(1);
    const shown: string[] = [];
    let query = '';
    for (let page = 0; page < 5; page++) {
      const read = await list(uid, query);
      shown.push(...read.notifications.map((n) => n.actor.username));
      if (read.next === null) break;
      query = `?cursor=${encodeURIComponent(read.next)}`;
    }
    expect(shown).toEqual(['yul_follows']);
  });
});
