// The home feed kept on write (scripts/bench/feed-figures.ts). Not a test: it prints figures (the README's
// "Home feed" holds this machine's).
//
//   npm run bench:feed [-- --runs 60]
import { parseArgs } from 'node:util';
import { measureHomeFeed } from './feed-figures.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '60' } } });
const result = await measureHomeFeed(Number(values.runs));

console.log(`${String(result.posts)} posts, each fanned out as the home-feed queue's consumer does.`);
console.log('');
console.log('| member follows | requests a page (max) | rounds | p50 | p95 |');
console.log('| --- | --- | --- | --- | --- |');
for (const figures of result.reading)
  console.log(
    `| ${(figures.follows - 1).toLocaleString('en')} and the default account | ${figures.requests.toFixed(1)} ` +
      `(${String(figures.maxRequests)}) | ${String(figures.rounds)} | ${figures.p50.toFixed(1)} ms | ` +
      `${figures.p95.toFixed(1)} ms |`,
  );
const [fewest, most] = [result.reading[0], result.reading.at(-1)];
if (fewest && most)
  console.log(
    `\np95 at ${(most.follows - 1).toLocaleString('en')} follows is ${(most.p95 / fewest.p95).toFixed(2)}× ` +
      `the p95 at ${(fewest.follows - 1).toLocaleString('en')} (${String(most.pages)} pages of 10 each)`,
  );
for (const [what, figures] of [
  ['One post fanned out', result.fanOut],
  ['A like on it (its card written again)', result.change],
] as const)
  if (figures)
    console.log(
      `${what} to ${String(figures.followers)} followers: ${String(figures.messages)} message(s), ` +
        `${String(figures.paths)} paths written, ${String(figures.requests)} database requests, ` +
        `${figures.ms.toFixed(1)} ms (median)`,
    );
