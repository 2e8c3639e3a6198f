import { describe, expect, it } from 'vitest';
import { SERVER_TIMESTAMP, serverIncrement } from '../rtdb/server-values.ts';
import { planFeedActivity } from './feed-activity.ts';
import { planLike } from './like.ts';
import { planDeleteComment, planDeletePost, planNewComment, planNewPost } from './post.ts';

// Each plan that changes what a feed shows moves that feed's activity time in its own PATCH (so open
// pages never see a change without its time, nor a time without its change); nothing else's moves.

const ACTIVITY = { 'feed_activity/game:portal-2': SERVER_TIMESTAMP };
const updatesOf = (plan: { kind: string; updates?: Record<string, unknown> }) =>
  plan.kind === 'write' ? (plan.updates ?? {}) : {};
const activityKeys = (updates: Record<string, unknown>) =>
  Object.keys(updates).filter((key) => key.startsWith('feed_activity/'));

describe('feed activity in the plans', () => {
  it('moves with a new post and a deleted one, on the post’s own feed', () => {
    const post = planNewPost(
      'ana',
      { targetType: 'game', targetId: 'portal-2', content: 'Hi', type: 'text' },
      'p1',
    );
    expect(post).toMatchObject(ACTIVITY);
    expect(activityKeys(post)).toEqual(['feed_activity/game:portal-2']);
    expect(
      planDeletePost('p1', { targetUUID: 'portal-2', targetType: 'game', sourceUUID: 'ana', comments: {} }),
    ).toMatchObject(ACTIVITY);
  });

  it('moves with a comment and its deletion when the post’s feed is known, and not otherwise', () => {
    expect(planNewComment('ben', 'p1', 'Nice', 'c1', 'ana', 'game:portal-2')).toMatchObject(ACTIVITY);
    expect(
      planDeleteComment('c1', { postUUID: 'p1', sourceUUID: 'ben' }, 'ana', 'game:portal-2'),
    ).toMatchObject(ACTIVITY);
    expect(activityKeys(planNewComment('ben', 'p1', 'Nice', 'c1', 'ana'))).toEqual([]);
    expect(planFeedActivity(null)).toEqual({});
  });

  it('moves with a like or an unlike that changes a count, not with one that changes nothing', () => {
    const like = updatesOf(
      planLike(
        null,
        { uid: 'ben', type: 'comment', targetId: 'c1', like: true },
        { exists: true, likes: 0, author: 'ana', postId: 'p1', feedId: 'game:portal-2' },
        () => 'l1',
      ),
    );
    expect(like).toMatchObject({ ...ACTIVITY, 'comments/c1/likes': serverIncrement(1) });
    const unlike = updatesOf(
      planLike(
        { likeId: 'l1', targetType: 'comment', disabled: false },
        { uid: 'ben', type: 'comment', targetId: 'c1', like: false },
        { exists: true, likes: 1, feedId: 'game:portal-2' },
      ),
    );
    expect(unlike).toMatchObject({ ...ACTIVITY, 'comments/c1/likes': serverIncrement(-1) });
    const repeated = planLike(
      { likeId: 'l1', targetType: 'post', disabled: false },
      { uid: 'ben', type: 'post', targetId: 'p1', like: true },
      { exists: true, likes: 1, feedId: 'game:portal-2' },
    );
    expect(repeated.kind).toBe('unchanged');
  });

  it('also moves the copy a member’s public section keeps of their own feed’s time, and no one else’s', () => {
    const onPage = planNewPost(
      'ben',
      { targetType: 'user', targetId: 'ana', content: 'Hi', type: 'text' },
      'p2',
    );
    expect(onPage).toMatchObject({
      'feed_activity/user:ana': SERVER_TIMESTAMP,
      'users/ana/public/feedActivity': SERVER_TIMESTAMP,
    });
    expect(Object.keys(onPage).filter((key) => key.startsWith('users/'))).toEqual([
      'users/ana/public/feedActivity',
    ]);
    // The event `ana`'s feed is no member's.
    expect(Object.keys(planFeedActivity('event:ana')).filter((key) => key.startsWith('users/'))).toEqual([]);
  });

  it('also moves the copy a game’s or an event’s record keeps of its feed’s time, which its page reads', () => {
    const onGame = planNewPost(
      'ben',
      { targetType: 'game', targetId: 'portal-2', content: 'Hi', type: 'text' },
      'p3',
    );
    expect(onGame).toMatchObject({ ...ACTIVITY, 'games/portal-2/feedActivity': SERVER_TIMESTAMP });
    expect(
      Object.keys(onGame).filter((key) => key.startsWith('games/') || key.startsWith('events/')),
    ).toEqual(['games/portal-2/feedActivity']);
    expect(planFeedActivity('event:fest')).toEqual({
      'feed_activity/event:fest': SERVER_TIMESTAMP,
      'events/fest/feedActivity': SERVER_TIMESTAMP,
    });
    // A comment's like on an event's feed moves the event's copy too, not a game's of the same id.
    const like = updatesOf(
      planLike(
        null,
        { uid: 'ben', type: 'comment', targetId: 'c1', like: true },
        { exists: true, likes: 0, author: 'ana', postId: 'p1', feedId: 'event:fest' },
        () => 'l2',
      ),
    );
    expect(like).toMatchObject({ 'events/fest/feedActivity': SERVER_TIMESTAMP });
    expect(Object.keys(like).filter((key) => key.startsWith('games/'))).toEqual([]);
  });
});
