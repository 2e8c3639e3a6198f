import { describe, expect, it } from 'vitest';
import { feedKey, feedKeyRange, parseFeedKey } from './feed-key.ts';

describe('feed keys', () => {
  it('sort a feed’s posts by time, then id, and keep other feeds out of its range', () => {
    const keys = [
      feedKey('game:hades', 20, 'b'),
      feedKey('game:hades', 3, 'z'),
      feedKey('game:hades', 20, 'a'),
      feedKey('game:hades-2', 1, 'x'),
      feedKey('game:hades_2', 1, 'y'),
    ].sort();
    const { startAt, endAt } = feedKeyRange('game:hades', null);
    const hades = keys.filter((key) => key >= startAt && key <= endAt);
    expect(hades).toEqual([
      feedKey('game:hades', 3, 'z'),
      feedKey('game:hades', 20, 'a'),
      feedKey('game:hades', 20, 'b'),
    ]);
    expect(parseFeedKey('game:hades|12|a')).toBeNull();
    expect(parseFeedKey('not a key')).toBeNull();
  });

  it('keep an event’s posts out of the feed of the member or game that shares its id', () => {
    const onEvent = feedKey('event:questline', 5, 'p1');
    for (const other of ['user:questline', 'game:questline'] as const) {
      const { startAt, endAt } = feedKeyRange(other, null);
      expect(onEvent >= startAt && onEvent <= endAt).toBe(false);
    }
    expect(parseFeedKey(onEvent)).toEqual({
      feedId: 'event:questline',
      position: { timestamp: 5, id: 'p1' },
    });
  });

  it('are not keys when they name a feed by its id alone, as they were written before', () => {
    expect(parseFeedKey('questline|0000000000000005|p1')).toBeNull();
    expect(parseFeedKey('list:indie|0000000000000005|p1')).toBeNull();
  });
});

describe('feedKeyRange', () => {
  it('from a cursor, ends at the cursor’s own key, so older posts and that one are in it and no newer one', () => {
    const { endAt } = feedKeyRange('game:hades', { timestamp: 20, id: 'b' });
    expect(feedKey('game:hades', 20, 'a') <= endAt).toBe(true);
    expect(feedKey('game:hades', 20, 'b') <= endAt).toBe(true);
    expect(feedKey('game:hades', 20, 'c') <= endAt).toBe(false);
    expect(feedKey('game:hades', 21, '-') <= endAt).toBe(false);
  });
});
