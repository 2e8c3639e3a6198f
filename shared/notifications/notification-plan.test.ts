import { describe, expect, it } from 'vitest';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { planFollow, type FollowHistoryEntry } from '../transitions/follow.ts';
import { planLike } from '../transitions/like.ts';
import { planDeleteComment, planDeletePost, planNewComment } from '../transitions/post.ts';
import { planNotification } from './notification-plan.ts';

// The notification's part of each transition's plan: written with the follow, like or comment, taken back
// with it, keyed by its record so repeats never make a second one, and never sent to oneself.

const updatesOf = (plan: { kind: string; updates?: Record<string, unknown> }) =>
  plan.kind === 'write' ? (plan.updates ?? {}) : {};

describe('planNotification', () => {
  it('writes the notification under the recipient, keyed by the record it tells about', () => {
    expect(
      planNotification(
        { kind: 'comment', recipient: 'ana', actor: 'ben', recordId: 'c1', postId: 'p1', commentId: 'c1' },
        true,
      ),
    ).toEqual({
      'notifications/ana/c1': {
        kind: 'comment',
        actorUUID: 'ben',
        postUUID: 'p1',
        commentUUID: 'c1',
        timestamp: SERVER_TIMESTAMP,
      },
    });
  });

  it('removes it when the follow, like or comment goes', () => {
    expect(
      planNotification({ kind: 'follow', recipient: 'ana', actor: 'ben', recordId: 'f1' }, false),
    ).toEqual({ 'notifications/ana/f1': null });
  });

  it('tells nobody of their own doings, nor an unknown recipient', () => {
    expect(planNotification({ kind: 'like', recipient: 'ana', actor: 'ana', recordId: 'l1' }, true)).toEqual(
      {},
    );
    expect(planNotification({ kind: 'like', recipient: null, actor: 'ana', recordId: 'l1' }, true)).toEqual(
      {},
    );
  });
});

describe('follows', () => {
  const followAna = { uid: 'ben', type: 'user' as const, targetId: 'ana', follow: true };
  const target = { exists: true, followers: 0 };

  it('tell the member followed, in the same plan as the follow', () => {
    const updates = updatesOf(planFollow(null, followAna, target, () => 'f1'));
    expect(updates['follows/f1']).toBeDefined();
    expect(updates['notifications/ana/f1']).toMatchObject({ kind: 'follow', actorUUID: 'ben' });
  });

  it('take it back on unfollow and write the same one again on a new follow', () => {
    const active: FollowHistoryEntry = { followId: 'f1', type: 'user', disabled: false };
    expect(updatesOf(planFollow(active, { ...followAna, follow: false }, target))).toMatchObject({
      'notifications/ana/f1': null,
    });
    const again = updatesOf(planFollow({ ...active, disabled: true }, followAna, target, () => 'f2'));
    expect(Object.keys(again).filter((path) => path.startsWith('notifications/'))).toEqual([
      'notifications/ana/f1',
    ]);
  });

  it('of a game tell nobody', () => {
    const updates = updatesOf(planFollow(null, { ...followAna, type: 'game', targetId: 'hades' }, target));
    expect(Object.keys(updates).some((path) => path.startsWith('notifications/'))).toBe(false);
  });
});

describe('likes', () => {
  it('tell the author of the post, and of a comment with its post', () => {
    const onPost = updatesOf(
      planLike(
        null,
        { uid: 'ben', type: 'post', targetId: 'p1', like: true },
        { exists: true, likes: 0, author: 'ana' },
        () => 'l1',
      ),
    );
    expect(onPost['notifications/ana/l1']).toMatchObject({ kind: 'like', actorUUID: 'ben', postUUID: 'p1' });
    const onComment = updatesOf(
      planLike(
        null,
        { uid: 'ben', type: 'comment', targetId: 'c1', like: true },
        { exists: true, likes: 0, author: 'cleo', postId: 'p1' },
        () => 'l2',
      ),
    );
    expect(onComment['notifications/cleo/l2']).toMatchObject({ commentUUID: 'c1', postUUID: 'p1' });
  });

  it('of one’s own post tell nobody; an unlike takes it back', () => {
    const own = updatesOf(
      planLike(
        null,
        { uid: 'ana', type: 'post', targetId: 'p1', like: true },
        { exists: true, likes: 0, author: 'ana' },
      ),
    );
    expect(Object.keys(own).some((path) => path.startsWith('notifications/'))).toBe(false);
    const undone = updatesOf(
      planLike(
        { likeId: 'l1', targetType: 'post', disabled: false },
        { uid: 'ben', type: 'post', targetId: 'p1', like: false },
        { exists: true, likes: 1, author: 'ana' },
      ),
    );
    expect(undone['notifications/ana/l1']).toBeNull();
  });
});

describe('comments', () => {
  it('tell the post’s author when written and take it back when deleted', () => {
    expect(planNewComment('ben', 'p1', 'Nice', 'c1', 'ana')['notifications/ana/c1']).toMatchObject({
      kind: 'comment',
      actorUUID: 'ben',
    });
    expect(planDeleteComment('c1', { postUUID: 'p1', sourceUUID: 'ben' }, 'ana')).toMatchObject({
      'notifications/ana/c1': null,
    });
  });

  it('on one’s own post tell nobody', () => {
    const updates = planNewComment('ana', 'p1', 'Thanks', 'c1', 'ana');
    expect(Object.keys(updates).some((path) => path.startsWith('notifications/'))).toBe(false);
  });

  it('go with their post, notifications included', () => {
    const updates = planDeletePost('p1', {
      targetUUID: 'ana',
      sourceUUID: 'ana',
      comments: { c1: 1, c2: 2 },
    });
    expect(updates).toMatchObject({ 'notifications/ana/c1': null, 'notifications/ana/c2': null });
  });
});
