// Search inside the function: the index (shared/search/search-index.ts) built from the real
// catalogue (seed/catalogue/games.jsonl.gz, 20,000 games) and 10,000 generated members, the way the
// function builds it from the database, then a realistic mix of queries — prefixes as someone types,
// full names, typos, words from inside names, accents and trademark signs — each timed on its own.
// Then the same at ten times the catalogue (200,000 games made from the real ones) for build time and
// memory. Not a test: it prints figures (the README's Search section holds this machine's).
//
//   npm run bench:search [-- --runs 200 --show --quick]
import { parseArgs } from 'node:util';
import { SEARCH_LIMIT } from '../../shared/constants.ts';
import {
  buildIndex,
  catalogueGames,
  generatedMembers,
  mb,
  ms,
  tenTimes,
  timeQueries,
} from './search-figures.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    /** Prints each query's first results, to judge the ranking by eye. */
    show: { type: 'boolean', default: false },
    /** Skips the index at ten times the catalogue. */
    quick: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);

if (!(globalThis as { gc?: () => void }).gc) {
  console.log('Run with --expose-gc (npm run bench:search does) to measure the index memory.');
  process.exit(1);
}

const games = catalogueGames();
const members = generatedMembers(10_000);
const real = buildIndex({ games, members });
console.log(
  `Index of ${String(games.length)} games and ${String(members.length)} members: built in ` +
    `${(real.buildMs / 1000).toFixed(2)} s, ${mb(real.heapBytes)} of heap`,
);
const timed = timeQueries(real.index, runs);
console.log(`\n${String(runs)} runs per query, ${String(SEARCH_LIMIT)} results each:`);
console.log(['kind'.padEnd(12), 'query'.padEnd(34), 'p50'.padStart(9), 'p95'.padStart(9)].join(' '));
for (const row of timed.rows) {
  console.log(
    [
      row.kind.padEnd(12),
      JSON.stringify(row.text).padEnd(34),
      ms(row.p50).padStart(9),
      ms(row.p95).padStart(9),
    ].join(' '),
  );
  if (values.show) console.log(`${' '.repeat(13)}→ ${row.top.join(' | ')}`);
}
console.log(`all queries: p50 ${ms(timed.p50)}, p95 ${ms(timed.p95)} (goal: p95 under 25 ms)`);

if (values.quick) process.exit(0);
const tenfold = tenTimes(games);
const large = buildIndex({ games: tenfold, members });
const largeTimed = timeQueries(large.index, runs);
console.log(
  `\nAt ten times the catalogue (${String(tenfold.length)} games, ${String(members.length)} members): built in ` +
    `${(large.buildMs / 1000).toFixed(2)} s, ${mb(large.heapBytes)} of heap; ` +
    `queries p50 ${ms(largeTimed.p50)}, p95 ${ms(largeTimed.p95)}`,
);
const slowest = [...largeTimed.rows].sort((a, b) => b.p95 - a.p95).slice(0, 3);
console.log(
  `slowest at ten times: ${slowest.map((row) => `${JSON.stringify(row.text)} p95 ${ms(row.p95)}`).join(', ')}`,
);
