import { describe, expect, it } from 'vitest';
import { feedKey, parseFeedKey } from '../feed/feed-key.ts';
import { planDeletePost, planNewComment, planNewPost } from './post.ts';

// What the post and comment plans store besides what the member wrote: the author's name when the
// server found one, and the post's place in its feed.

const REQUEST = { targetType: 'game', targetId: 'portal-2', content: 'Hi', type: 'text' } as const;

describe('planNewPost', () => {
  it('stores the author’s name and the feed key of its time and id', () => {
    const plan = planNewPost('ana', REQUEST, 'p1', false, {
      authorName: 'ana_roguelites',
      now: 1_900_000_000_123,
    });
    expect(plan['posts/p1']).toMatchObject({
      authorName: 'ana_roguelites',
      feed_key: feedKey('game:portal-2', 1_900_000_000_123, 'p1'),
    });
    expect(parseFeedKey(feedKey('game:portal-2', 1_900_000_000_123, 'p1'))).toEqual({
      feedId: 'game:portal-2',
      position: { timestamp: 1_900_000_000_123, id: 'p1' },
    });
  });

  it('stores no name when there is none to store (a guest)', () => {
    expect(
      planNewPost('guest', REQUEST, 'p2', false, { authorName: null, now: 5 })['posts/p2'],
    ).not.toHaveProperty('authorName');
  });
});

describe('planNewComment', () => {
  it('stores the author’s name when given, and none otherwise', () => {
    expect(
      planNewComment('ben', 'p1', 'Nice', 'c1', 'ana', 'game:portal-2', 'ben_pixels')['comments/c1'],
    ).toMatchObject({
      authorName: 'ben_pixels',
    });
    expect(planNewComment('ben', 'p1', 'Nice', 'c2')['comments/c2']).not.toHaveProperty('authorName');
  });
});

describe('a post’s feed', () => {
  it('is named by the kind of its target as well as its id: a post on an event never indexes a member’s or game’s feed', () => {
    const plan = planNewPost(
      'mallory',
      { targetType: 'event', targetId: 'questline', content: 'Hi all', type: 'text' },
      'p9',
      false,
      { now: 7 },
    );
    const paths = Object.keys(plan);
    expect(paths).toContain('posts_by_id/event:questline/p9');
    expect(paths).toContain('feed_activity/event:questline');
    // The event's own record keeps its feed's time; nothing of a member or a game named `questline`.
    expect(paths.filter((path) => /\/questline(\/|$)/.test(path))).toEqual(['events/questline/feedActivity']);
    expect(plan['posts/p9']).toMatchObject({ feed_key: feedKey('event:questline', 7, 'p9') });
  });

  it('is what a deletion removes the post from', () => {
    const plan = planDeletePost('p9', {
      targetUUID: 'questline',
      targetType: 'event',
      sourceUUID: 'mallory',
      comments: {},
    });
    expect(plan).toHaveProperty(['posts_by_id/event:questline/p9'], null);
    expect(Object.keys(plan).some((path) => path.startsWith('posts_by_id/questline'))).toBe(false);
  });
});
