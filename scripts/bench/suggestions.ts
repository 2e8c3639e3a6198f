// The suggestion engine at scale and its quality, in one run:
//   npm run bench:suggestions [-- --members 100000 --job-members 5000 --shards 4]
// 1. The algorithm in memory on a generated population of `--members` members in taste groups (the same
//    CoFollowCounts the job uses): time, heap, distinct pairs, and whether each group's games suggest each
//    other (group recovery), in one pass and in `--shards` passes.
// 2. The whole job against the project's database emulator at `--job-members`: members written as the
//    follow transition indexes them, then `runSuggestionEngine` reading them a page at a time; its matrix is
//    checked against the in-memory one.
// 3. Hit rate at 10 on the 83 real curated lists (seed/catalogue/), against popularity (suggestions-quality.ts).

import { parseArgs } from 'node:util';
import { DEFAULT_NAMESPACE, startEmulator } from '../../emulator/index.ts';
import {
  CoFollowCounts,
  matrixFromCounts,
  STORED_MATRIX_LIMITS,
  type MemberTaste,
} from '../../shared/catalogue/suggestion-matrix.ts';
import { rowShardOf, runSuggestionEngine } from '../../shared/jobs/suggestion-engine-job.ts';
import { createRtdbClient, type RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import {
  averageHitRate,
  curatedListMembers,
  groupRecovery,
  leaveOneOutHitRate,
  tasteGroupPopulation,
} from './suggestions-quality.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    'job-members': { type: 'string', default: '5000' },
    shards: { type: 'string', default: '4' },
  },
});
const members = Number(values.members);
const jobMembers = Number(values['job-members']);
const shards = Number(values.shards);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * 500 taste groups of 20 games (10,000 games): a member follows 15 games, 10 % of them outside their group,
 * and 30 % of members said no to a game of the next group.
 */
const population = (count: number) =>
  tasteGroupPopulation({
    members: count,
    groups: 500,
    gamesPerGroup: 20,
    followsPerMember: 15,
    stray: 0.1,
    noAnswers: 0.3,
  });

function inMemory(tastes: readonly MemberTaste[], passes: number) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  let peakHeap = 0;
  let pairs = 0;
  const matrix: Record<string, Record<string, number>> = {};
  for (let pass = 0; pass < passes; pass++) {
    const counts = new CoFollowCounts({ keepRow: (gameId) => rowShardOf(gameId, passes) === pass });
    for (const taste of tastes) counts.addMember(taste);
    pairs += counts.pairCount;
    // What the counts keep alive (garbage collected first: run with --expose-gc, as the npm script does).
    global.gc?.();
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - heapBefore);
    Object.assign(matrix, matrixFromCounts(counts, STORED_MATRIX_LIMITS));
  }
  return { matrix, ms: performance.now() - started, peakHeap, pairs };
}

console.log(
  `1. In memory: ${members.toLocaleString('en')} generated members, 500 taste groups, 10,000 games`,
);
const big = population(members);
const follows = big.tastes.reduce((sum, taste) => sum + taste.follows.length, 0);
console.log(`   ${follows.toLocaleString('en')} follows`);
for (const passes of [1, shards]) {
  const run = inMemory(big.tastes, passes);
  const rows = Object.keys(run.matrix).length;
  console.log(
    `   ${String(passes)} pass(es): ${seconds(run.ms)}, ${run.pairs.toLocaleString('en')} pairs counted, counts ≈ ${mb(run.peakHeap)} of heap at the largest pass, ${rows.toLocaleString('en')} rows, group recovery ${(groupRecovery(run.matrix, big.gameGroup) * 100).toFixed(1)} %`,
  );
}

console.log(`2. The job against the database emulator: ${jobMembers.toLocaleString('en')} members`);
const emulator = await startEmulator({ port: 0, rules: 'database.rules.json' });
const records: RtdbRequestRecord[] = [];
const server = createRtdbClient({
  databaseUrl: emulator.url,
  namespace: DEFAULT_NAMESPACE,
  credential: { kind: 'emulatorOwner' },
  onRequest: (record) => records.push(record),
});
try {
  const small = population(jobMembers);
  const writeStarted = performance.now();
  for (let start = 0; start < small.tastes.length; start += 1000) {
    const updates: Record<string, unknown> = {};
    for (const { uid, follows: games, no } of small.tastes.slice(start, start + 1000)) {
      updates[`follows_by_userid/${uid}`] = Object.fromEntries(
        games.map((gameId, n) => [
          `game:${gameId}`,
          { followId: `${uid}-${gameId}`, type: 'game', timestamp: n },
        ]),
      );
      if (no && no.length > 0)
        updates[`suggestions_by_userid/${uid}/no`] = Object.fromEntries(
          no.map((id) => [id, `s-${uid}-${id}`]),
        );
    }
    await server.patch('', updates);
  }
  console.log(`   population written in ${seconds(performance.now() - writeStarted)}`);
  records.length = 0;
  const started = performance.now();
  const run = await runSuggestionEngine({ db: server, log: () => {} }, { rowShards: 1 });
  const ms = performance.now() - started;
  const reads = records.filter((record) => record.method === 'GET').length;
  const patches = records.filter((record) => record.method === 'PATCH').length;
  const stored = (await server.get('se_matrix')) as Record<string, Record<string, number>>;
  const expected = inMemory(small.tastes, 1).matrix;
  const same = JSON.stringify(sortKeys(stored)) === JSON.stringify(sortKeys(expected));
  console.log(
    `   job: ${seconds(ms)}, ${String(run.pages)} pages of 500 members, ${String(reads)} reads, ${String(patches)} PATCHes, ${run.gamesWithRows.toLocaleString('en')} rows; same matrix as in memory: ${same ? 'yes' : 'NO'}`,
  );
  console.log(
    `   group recovery from the stored matrix: ${(groupRecovery(stored, small.gameGroup) * 100).toFixed(1)} %`,
  );
} finally {
  await emulator.close();
}

console.log('3. Hit rate at 10 on the real curated lists (one hidden game per list)');
const lists = curatedListMembers();
const rate = leaveOneOutHitRate(lists);
console.log(
  `   ${String(rate.members)} lists: engine ${String(rate.engineHits)} hits (${(rate.engine * 100).toFixed(1)} %), popularity ${String(rate.popularityHits)} hits (${(rate.popularity * 100).toFixed(1)} %)`,
);
const mean = averageHitRate(lists, 10);
console.log(
  `   mean of ${String(mean.draws)} draws of hidden games: engine ${(mean.engine * 100).toFixed(1)} %, popularity ${(mean.popularity * 100).toFixed(1)} % (× ${(mean.engine / mean.popularity).toFixed(2)})`,
);

function sortKeys(matrix: Record<string, Record<string, number>>): [string, [string, number][]][] {
  return Object.keys(matrix)
    .sort()
    .map((key) => [key, Object.entries(matrix[key] ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))]);
}
