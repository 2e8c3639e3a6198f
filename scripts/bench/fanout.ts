// One post fanned out to 1,000 and 100,000 followers, pulled and forced (scripts/bench/fanout-figures.ts).
// Not a test: it prints figures (the README's "Home feed" holds this machine's). The forced fan-out to
// 100,000 takes minutes on a small machine; --crowd 20000 measures a smaller crowd.
//
//   npm run bench:fanout [-- --runs 3 --crowd 100000]
import { parseArgs } from 'node:util';
import { PULLED_FEED_FOLLOWERS } from '../../shared/feed/home-feed-fanout.ts';
import { measureFanOut } from './fanout-figures.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, crowd: { type: 'string', default: '100000' } },
});
const rows = await measureFanOut({
  runs: Number(values.runs),
  crowd: Number(values.crowd),
  log: (line) => {
    console.error(line);
  },
});

console.log(`Pull threshold: more than ${PULLED_FEED_FOLLOWERS.toLocaleString('en')} followers.`);
console.log(
  '| one post to | how | messages | writes (paths) | other requests | consumer time to the last inbox | chained messages |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows)
  console.log(
    `| ${row.followers.toLocaleString('en')} | ${row.label} | ${String(row.messages)} | ${String(row.writes)} (${row.paths.toLocaleString('en')}) | ` +
      `${row.reads.toLocaleString('en')} | ${row.ms < 1000 ? `${row.ms.toFixed(0)} ms` : `${(row.ms / 1000).toFixed(1)} s`} | ${String(row.hops)} |` +
      (row.lastHolds ? '' : ' (the last follower’s home feed does NOT hold it)'),
  );
