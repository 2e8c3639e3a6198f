import { describe, expect, it } from 'vitest';
import { planFollow } from '../transitions/follow.ts';
import { TransitionRefused } from '../transitions/transition-refused.ts';

// Following a curated list is the follow transition with one more kind: the member's map gains
// `follows/lists`, the count moves on the list's public summary, and nobody is notified (a list reads no
// notifications).

const change = { uid: 'ana', type: 'list' as const, targetId: 'indie-essentials', follow: true };

describe('planFollow for a list', () => {
  it('writes the record, both indexes, the member’s lists map and the list’s count, in one plan', () => {
    const plan = planFollow(null, change, { exists: true, followers: 4 }, () => 'follow-1', 0);
    if (plan.kind !== 'write') throw new Error('expected a write');
    const paths = Object.keys(plan.updates).sort();
    expect(paths).toEqual(
      [
        'follows/follow-1',
        'follows_by_targetid/list:indie-essentials/ana',
        'follows_by_userid/ana/list:indie-essentials',
        'lists-public/indie-essentials/follows',
        'users/ana/private/follows/lists/indie-essentials',
        // A follow takes back a pending unfollow's marker, so the list's events show again at once.
        'users/ana/private/home-feed-follows/unfollowed/list:indie-essentials',
      ].sort(),
    );
    expect(plan.updates['lists-public/indie-essentials/follows']).toEqual({ '.sv': { increment: 1 } });
    expect(plan.updates['users/ana/private/home-feed-follows/unfollowed/list:indie-essentials']).toBeNull();
    expect(plan.result).toEqual({ changed: true, following: true, followId: 'follow-1' });
  });

  it('unfollowing takes one off and empties the map entry; a repeat changes nothing', () => {
    const entry = { followId: 'follow-1', type: 'list' as const, disabled: false };
    const plan = planFollow(entry, { ...change, follow: false }, { exists: true, followers: 5 });
    if (plan.kind !== 'write') throw new Error('expected a write');
    expect(plan.updates['lists-public/indie-essentials/follows']).toEqual({ '.sv': { increment: -1 } });
    expect(plan.updates['users/ana/private/follows/lists/indie-essentials']).toBeNull();
    // The home feed leaves the list's events out from the next page until their clean-up has run.
    expect(typeof plan.updates['users/ana/private/home-feed-follows/unfollowed/list:indie-essentials']).toBe(
      'number',
    );
    const again = planFollow(
      { ...entry, disabled: true },
      { ...change, follow: false },
      { exists: true, followers: 4 },
    );
    expect(again.kind).toBe('unchanged');
  });

  it('refuses a list that does not exist, writing nothing', () => {
    expect(() => planFollow(null, change, { exists: false, followers: null })).toThrow(TransitionRefused);
  });
});
