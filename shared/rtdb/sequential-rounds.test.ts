import { describe, expect, it } from 'vitest';
import type { RtdbRequestRecord } from './rest-client.ts';
import { sequentialRounds } from './sequential-rounds.ts';

const at = (startOrder: number, endOrder: number): RtdbRequestRecord => ({
  method: 'GET',
  path: 'x',
  status: 200,
  startedAt: 0,
  endedAt: 0,
  startOrder,
  endOrder,
});

describe('sequentialRounds', () => {
  it('counts requests in flight together as one round', () => {
    expect(sequentialRounds([at(1, 4), at(2, 5), at(3, 6)])).toBe(1);
  });
  it('counts a request started after another finished as a further round', () => {
    expect(sequentialRounds([at(1, 2), at(3, 4), at(5, 6)])).toBe(3);
    expect(sequentialRounds([at(1, 3), at(2, 4), at(5, 7), at(6, 8)])).toBe(2);
  });
  it('is zero without requests', () => {
    expect(sequentialRounds([])).toBe(0);
  });
});
