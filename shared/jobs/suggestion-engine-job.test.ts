import { describe, expect, it } from 'vitest';
import { byDatabaseKey, rowShardOf } from './suggestion-engine-job.ts';

describe('the suggestion engine job’s paging', () => {
  it('orders member keys as the database orders $key: integer-like keys by value first, then strings', () => {
    expect(['b', '10', 'A', '9', 'a', '-1'].sort(byDatabaseKey)).toEqual(['-1', '9', '10', 'A', 'a', 'b']);
  });

  it('puts every game in one pass, the same one every run, and spreads games over the passes', () => {
    const games = Array.from({ length: 1000 }, (_, n) => `game-${String(n)}`);
    const perPass = [0, 0, 0, 0];
    for (const id of games) {
      const shard = rowShardOf(id, 4);
      expect(rowShardOf(id, 4)).toBe(shard);
      perPass[shard] = (perPass[shard] ?? 0) + 1;
    }
    for (const count of perPass) expect(count).toBeGreaterThan(200);
  });
});
