import { describe, expect, it } from 'vitest';
import { TASTE_MIN_IN_COMMON, tasteInCommon } from './taste-in-common.ts';

const scores = (entries: [string, number][]) => Object.fromEntries(entries);

describe('taste in common', () => {
  it('shows no agreement below five games in common, but says how many there are', () => {
    const four = scores([
      ['a', 8],
      ['b', 7],
      ['c', 6],
      ['d', 5],
    ]);
    expect(tasteInCommon(four, { ...four, e: 9 })).toEqual({
      inCommon: 4,
      agreement: null,
      agreeing: [],
      disagreeing: [],
    });
    expect(TASTE_MIN_IN_COMMON).toBe(5);
  });

  it('is 100 % for identical scores and 0 % when every 10 is the other one’s 1', () => {
    const same = scores([
      ['a', 10],
      ['b', 9],
      ['c', 3],
      ['d', 1],
      ['e', 7],
    ]);
    expect(tasteInCommon(same, same).agreement).toBe(100);
    const high = scores(['a', 'b', 'c', 'd', 'e'].map((id) => [id, 10]));
    const low = scores(['a', 'b', 'c', 'd', 'e'].map((id) => [id, 1]));
    const opposite = tasteInCommon(high, low);
    expect(opposite.agreement).toBe(0);
    expect(opposite.agreeing).toEqual([]);
    expect(opposite.disagreeing).toHaveLength(3);
  });

  it('is 1 − mean difference / 9 over the games both rated only, and names the extremes', () => {
    const yours = scores([
      ['hades', 10],
      ['celeste', 9],
      ['fez', 6],
      ['braid', 8],
      ['limbo', 2],
      ['only-yours', 1],
    ]);
    const theirs = scores([
      ['hades', 10], // 0 apart, both loved it
      ['celeste', 8], // 1 apart
      ['fez', 6], // 0 apart, both lukewarm
      ['braid', 3], // 5 apart
      ['limbo', 6], // 4 apart
      ['only-theirs', 10],
    ]);
    const taste = tasteInCommon(yours, theirs);
    expect(taste.inCommon).toBe(5);
    // Mean difference (0 + 1 + 0 + 5 + 4) / 5 = 2 → 1 − 2/9 = 77.8 %.
    expect(taste.agreement).toBe(78);
    expect(taste.agreeing.map((game) => game.gameId)).toEqual(['hades', 'fez', 'celeste']);
    expect(taste.disagreeing.map((game) => game.gameId)).toEqual(['braid', 'limbo']);
    expect(taste.disagreeing[0]).toEqual({ gameId: 'braid', yours: 8, theirs: 3 });
  });

  it('ignores what is not a score (a hostile or damaged entry cannot skew it)', () => {
    const yours = { a: 5, b: 5, c: 5, d: 5, e: 5, f: 5, g: 5 };
    const theirs = { a: 5, b: 5, c: 5, d: 5, e: 5, f: 1e9, g: -3 } as Record<string, number>;
    const taste = tasteInCommon(yours, { ...theirs, h: Number.NaN });
    expect(taste.inCommon).toBe(5);
    expect(taste.agreement).toBe(100);
    expect(tasteInCommon(yours, { ...theirs, a: 5.5 }).inCommon).toBe(4);
  });

  it('names at most three each way, the same every time', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `g${String(i).padStart(2, '0')}`);
    const yours = scores(ids.map((id, i) => [id, i % 2 === 0 ? 10 : 1]));
    const theirs = scores(ids.map((id, i) => [id, i < 10 ? 10 : 1]));
    const taste = tasteInCommon(yours, theirs);
    expect(taste.agreeing.map((g) => g.gameId)).toEqual(['g00', 'g02', 'g04']);
    expect(taste.disagreeing.map((g) => g.gameId)).toEqual(['g01', 'g03', 'g05']);
    expect(taste.agreement).toBe(50);
  });
});
