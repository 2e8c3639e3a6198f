// The home feed built on read against kept on write (scripts/bench/feed-figures.ts). Not a test: it
// prints figures (the README's "Home feed" holds this machine's).
//
//   npm run bench:feed [-- --runs 20]
import { parseArgs } from 'node:util';
import { measureHomeFeed, type HomeFeedFigures } from './feed-figures.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const result = await measureHomeFeed(Number(values.runs));

const line = (name: string, figures: HomeFeedFigures) =>
  `${name}: ${figures.requests.toFixed(0)} database requests in ${String(figures.rounds)} rounds a page; ` +
  `p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms a page ` +
  `(${String(figures.pages)} pages of 10)`;
console.log(`A member following ${String(result.feeds)} feeds; ${String(result.posts)} posts.`);
console.log(line('Built on read (fan-out on read)', result.builtOnRead));
console.log(line('Kept on write (fan-out on write)', result.keptOnWrite));
console.log(
  `Both ways give the same ${String(result.postsCompared)} posts in the same order: ${String(result.sameOrder)}`,
);
console.log(
  'Writing a post: built on read, 1 PATCH of 3 paths whatever the following; kept on write, 1 PATCH of 3 + ' +
    'one path per follower of its feed (a game followed by 100,000 members: 100,003 paths in one write).',
);
