import { describe, expect, it } from 'vitest';
import { feedKey, feedKeyRange, parseFeedKey } from './feed-key.ts';

describe('feed keys', () => {
  it('sort a feed’s posts by time, then id, and keep other feeds out of its range', () => {
    const keys = [
      feedKey('hades', 20, 'b'),
      feedKey('hades', 3, 'z'),
      feedKey('hades', 20, 'a'),
      feedKey('hades-2', 1, 'x'),
      feedKey('hades_2', 1, 'y'),
    ].sort();
    const { startAt, endAt } = feedKeyRange('hades', null);
    const hades = keys.filter((key) => key >= startAt && key <= endAt);
    expect(hades).toEqual([feedKey('hades', 3, 'z'), feedKey('hades', 20, 'a'), feedKey('hades', 20, 'b')]);
    expect(parseFeedKey('hades|12|a')).toBeNull();
    expect(parseFeedKey('not a key')).toBeNull();
  });
});

describe('feedKeyRange', () => {
  it('from a cursor, ends at the cursor’s own key, so older posts and that one are in it and no newer one', () => {
    const { endAt } = feedKeyRange('hades', { timestamp: 20, id: 'b' });
    expect(feedKey('hades', 20, 'a') <= endAt).toBe(true);
    expect(feedKey('hades', 20, 'b') <= endAt).toBe(true);
    expect(feedKey('hades', 20, 'c') <= endAt).toBe(false);
    expect(feedKey('hades', 21, '-') <= endAt).toBe(false);
  });
});
