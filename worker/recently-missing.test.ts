import { describe, expect, it } from 'vitest';
import { RecentlyMissing } from './recently-missing.ts';

// The bounds of the memo of missing addresses (worker/edge-cache.ts): a client asking for any number of
// made-up addresses makes it hold no more than its bound, and none for longer than its age.

const T0 = Date.UTC(2030, 0, 1);

describe('addresses found missing', () => {
  it('are held at most `max` at a time, the least recently found missing going first', () => {
    const memo = new RecentlyMissing({ max: 3, maxAgeMs: 60_000 });
    for (let n = 0; n < 1000; n++) memo.remember(`/game/made-up-${String(n)}`, T0 + n);
    expect(memo.size).toBe(3);
    expect(memo.has('/game/made-up-999', T0 + 1000)).toBe(true);
    expect(memo.has('/game/made-up-996', T0 + 1000)).toBe(false);
  });

  it('found missing again move to the back of the line', () => {
    const memo = new RecentlyMissing({ max: 2, maxAgeMs: 60_000 });
    memo.remember('/game/a', T0);
    memo.remember('/game/b', T0 + 1);
    memo.remember('/game/a', T0 + 2);
    memo.remember('/game/c', T0 + 3);
    expect(memo.has('/game/a', T0 + 4)).toBe(true);
    expect(memo.has('/game/b', T0 + 4)).toBe(false);
  });

  it('are forgotten after `maxAgeMs`, or when told', () => {
    const memo = new RecentlyMissing({ max: 10, maxAgeMs: 60_000 });
    memo.remember('/game/a', T0);
    memo.remember('/game/b', T0);
    expect(memo.has('/game/a', T0 + 60_000)).toBe(true);
    expect(memo.has('/game/a', T0 + 60_001)).toBe(false);
    expect(memo.size).toBe(1);
    memo.forget('/game/b');
    expect(memo.has('/game/b', T0)).toBe(false);
  });

  it('are not trusted from a clock that went back', () => {
    const memo = new RecentlyMissing({ max: 10, maxAgeMs: 60_000 });
    memo.remember('/game/a', T0);
    expect(memo.has('/game/a', T0 - 1)).toBe(false);
  });
});
