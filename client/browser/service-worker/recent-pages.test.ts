import { describe, expect, it } from 'vitest';
import { oldestBeyond } from './recent-pages.ts';

describe('keeping the most recent pages', () => {
  it('evicts the pages stored longest ago, as many as are past the limit', () => {
    const entries = [
      { key: '/game/b', storedAt: 30 },
      { key: '/game/a', storedAt: 10 },
      { key: '/game/c', storedAt: 20 },
      { key: '/game/d', storedAt: 40 },
    ];
    expect(oldestBeyond(entries, 2)).toEqual(['/game/a', '/game/c']);
  });

  it('evicts nothing up to the limit', () => {
    expect(oldestBeyond([{ key: '/', storedAt: 1 }], 50)).toEqual([]);
    expect(oldestBeyond([], 50)).toEqual([]);
  });
});
