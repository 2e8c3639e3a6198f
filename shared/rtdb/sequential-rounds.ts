import type { RtdbRequestRecord } from './rest-client.ts';

/**
 * How many database round trips had to wait for one another: a request's round is one more than the
 * latest round among the requests that had finished before it started. Requests in flight together
 * share a round.
 */
export function sequentialRounds(records: RtdbRequestRecord[]): number {
  const rounds = new Map<RtdbRequestRecord, number>();
  const byStart = [...records].sort((a, b) => a.startOrder - b.startOrder);
  for (const request of byStart) {
    let before = 0;
    for (const [earlier, round] of rounds)
      if (earlier.endOrder < request.startOrder) before = Math.max(before, round);
    rounds.set(request, before + 1);
  }
  return Math.max(0, ...rounds.values());
}
