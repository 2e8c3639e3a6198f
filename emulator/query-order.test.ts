import { describe, expect, it } from 'vitest';
import { runQuery, type Query } from './query.ts';
import type { Node, NodeObject } from './tree.ts';

// A small deterministic generator, so failures reproduce.
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('runQuery', () => {
  it('returns the same pages from a partial selection as from a full sort, from both ends', () => {
    const next = random(7);
    const values: Node[] = [null, false, true, 'a', 'b', 'zz', { o: 1 }];
    const node: NodeObject = {};
    for (let i = 0; i < 600; i++) {
      const pick = next();
      const v: Node =
        pick < 0.6 ? Math.floor(next() * 50) : (values[Math.floor(next() * values.length)] ?? null);
      node[`k${Math.floor(next() * 100000)}`] = v === null ? { other: 1 } : { score: v };
    }
    const full = runQuery(node, { orderBy: { kind: 'child', path: ['score'], raw: 'score' } }).map(
      ([k]) => k,
    );
    expect(full.length).toBe(Object.keys(node).length);
    for (const limit of [1, 2, 5, 17, 60]) {
      const first: Query = { orderBy: { kind: 'child', path: ['score'], raw: 'score' }, limitToFirst: limit };
      const last: Query = { orderBy: { kind: 'child', path: ['score'], raw: 'score' }, limitToLast: limit };
      expect(runQuery(node, first).map(([k]) => k)).toEqual(full.slice(0, limit));
      expect(runQuery(node, last).map(([k]) => k)).toEqual(full.slice(full.length - limit));
      const ranged: Query = { ...first, startAt: 10, endAt: 30 };
      const inRange = full.filter((k) => {
        const s = (node[k] as { score?: unknown }).score;
        return typeof s === 'number' && s >= 10 && s <= 30;
      });
      expect(runQuery(node, ranged).map(([k]) => k)).toEqual(inRange.slice(0, limit));
    }
  });
});
