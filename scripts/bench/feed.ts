// The home feed kept on write (scripts/bench/feed-figures.ts). Not a test: it prints figures (the README's
// "Home feed" holds this machine's).
//
//   npm run bench:feed [-- --runs 20]
import { parseArgs } from 'node:util';
import { measureHomeFeed } from './feed-figures.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const result = await measureHomeFeed(Number(values.runs));

console.log(`${String(result.posts)} posts, each fanned out as the home-feed queue's consumer does.`);
for (const figures of result.reading)
  console.log(
    `A member following ${figures.follows.toLocaleString('en')} feeds: ${figures.requests.toFixed(1)} database ` +
      `requests a page (at most ${String(figures.maxRequests)}) in at most ${String(figures.rounds)} rounds; ` +
      `p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms a page (${String(figures.pages)} pages of 10)`,
  );
const fanOut = result.fanOut;
if (fanOut)
  console.log(
    `One post fanned out to ${String(fanOut.followers)} followers: ${String(fanOut.messages)} message(s), ` +
      `${String(fanOut.paths)} paths written, ${String(fanOut.requests)} database requests, ${fanOut.ms.toFixed(1)} ms (median)`,
  );
