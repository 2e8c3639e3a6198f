import { RTDB_LIMITS, scaleFigures, simulatePopulation } from './scale-model.ts';

// `npm run bench:scale`: the figures of scripts/scale/scale-model.ts for growing memberships, against one
// Realtime Database instance's published limits. The README's "At scale" quotes this table.

const SIZES = [10_000, 100_000, 1_000_000];
const format = (value: number) => Math.round(value).toLocaleString('en-US');
const share = (value: number, limit: number) => `${((100 * value) / limit).toFixed(1)} %`;

const rows = SIZES.map((members) => {
  const started = performance.now();
  const figures = scaleFigures(simulatePopulation(members));
  return { figures, seconds: (performance.now() - started) / 1000 };
});

console.log(
  '| members | follows | following >1,000 | largest feed | feeds pulled | posts a day | inbox entries a day | peak writes/s (of 1,000) | inbox paths/s | peak reads/s (of 100,000) | peak connections (of 200,000) | inboxes kept |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { figures } of rows)
  console.log(
    `| ${format(figures.members)} | ${format(figures.follows)} | ${format(figures.heavyFollowers)} | ${format(figures.largestFeed)} | ${format(figures.feedsPulled)} | ${format(figures.postsPerDay)} | ${format(figures.inboxEntriesPerDay)} | ${format(figures.peakWritesPerSecond)} (${share(figures.peakWritesPerSecond, RTDB_LIMITS.writesPerSecond)}) | ${format(figures.peakInboxPathsPerSecond)} | ${format(figures.peakReadsPerSecond)} (${share(figures.peakReadsPerSecond, RTDB_LIMITS.responsesPerSecond)}) | ${format(figures.peakConnections)} (${share(figures.peakConnections, RTDB_LIMITS.connections)}) | ${(figures.inboxBytes / 1e9).toFixed(2)} GB |`,
  );
console.log(`\nsimulated in ${rows.map((row) => `${row.seconds.toFixed(1)} s`).join(', ')}`);
