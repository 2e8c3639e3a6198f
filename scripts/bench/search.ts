// Search inside the function: the index (shared/search/search-index.ts) built from the real
// catalogue (../shared/data/games.jsonl, 20,000 games) and 10,000 generated members, the way the
// function builds it from the database, then a realistic mix of queries — prefixes as someone types,
// full names, typos, words from inside names, accents and trademark signs — each timed on its own.
// Then the same at ten times the catalogue (200,000 games made from the real ones) for build time and
// memory. Not a test: it prints figures (the README's Search section holds this machine's).
//
//   npm run bench:search [-- --runs 200 --show --quick]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSearchIndex, type SearchDocument } from '../../shared/search/search-index.ts';
import {
  gameDocument,
  memberDocument,
  searchedGameFields,
  searchedMemberFields,
} from '../../shared/search/search-records.ts';
import { catalogueRowSchema } from '../../shared/catalogue/catalogue-row.ts';
import { gameFromCatalogueRow } from '../../shared/catalogue/game-from-catalogue-row.ts';
import { SEARCH_LIMIT } from '../../shared/constants.ts';

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
const root = path.resolve(import.meta.dirname, '../..');
const cataloguePath = path.resolve(root, '../shared/data/games.jsonl');

if (!existsSync(cataloguePath)) {
  console.log(`Skipped: the catalogue is not at ${cataloguePath} (the benchmark needs the real games).`);
  process.exit(0);
}
const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (!collectGarbage) {
  console.log('Run with --expose-gc (npm run bench:search does) to measure the index memory.');
  process.exit(1);
}

/** The heap in use once garbage is collected. */
function settledHeap(): number {
  collectGarbage?.();
  collectGarbage?.();
  return process.memoryUsage().heapUsed;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run indexes the same members. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The real games, as the function reads them: catalogue row → game record → what search keeps. */
function catalogueGames(): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const line of readFileSync(cataloguePath, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = catalogueRowSchema.safeParse(JSON.parse(line));
    if (!row.success) continue;
    const { id, record } = gameFromCatalogueRow(row.data);
    const document = gameDocument(id, searchedGameFields(record));
    if (document) documents.push(document);
  }
  return documents;
}

const FIRST = ['ana', 'leo', 'mia', 'kai', 'zoe', 'max', 'ivy', 'sam', 'eli', 'noa', 'raf', 'uma', 'tom'];
const SECOND = ['roguelites', 'speedruns', 'pixelart', 'farming', 'shooters', 'strategy', 'puzzles', 'rpg'];

/** 10,000 members with usernames like ana_roguelites, leo_pixelart42 (the last ones the queries use). */
function generatedMembers(count: number): SearchDocument[] {
  const random = randomFrom(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const members: SearchDocument[] = [];
  for (let n = 0; n < count; n++) {
    const username = `${pick(FIRST)}_${pick(SECOND)}${String(n)}`;
    const document = memberDocument(`uid${String(n).padStart(8, '0')}`, searchedMemberFields({ username }));
    if (document) members.push(document);
  }
  return members;
}

/** 200,000 games from the real 20,000: each name again with an edition or sequel word, its own id. */
function tenTimes(games: readonly SearchDocument[]): SearchDocument[] {
  const variants = [
    '',
    ' II',
    ' III',
    ' Remastered',
    ' Deluxe',
    ' Online',
    ' Origins',
    ' Legends',
    ' VR',
    ' Zero',
  ];
  return variants.flatMap((suffix, v) =>
    games.map((game) => ({ ...game, id: `${game.id}-v${String(v)}`, name: game.name + suffix })),
  );
}

function buildIndex(documents: { games: SearchDocument[]; members: SearchDocument[] }) {
  const before = settledHeap();
  const started = performance.now();
  const index = createSearchIndex({ clock: Date.now });
  index.replaceAll('game', documents.games);
  index.replaceAll('user', documents.members);
  const buildMs = performance.now() - started;
  const heapBytes = settledHeap() - before;
  return { index, buildMs, heapBytes };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

const QUERIES: { kind: string; text: string }[] = [
  { kind: 'prefix', text: 'p' },
  { kind: 'prefix', text: 'por' },
  { kind: 'prefix', text: 'the wi' },
  { kind: 'prefix', text: 'dark so' },
  { kind: 'prefix', text: 'stard' },
  { kind: 'prefix', text: 'civ' },
  { kind: 'full name', text: 'Portal 2' },
  { kind: 'full name', text: 'Counter-Strike: Global Offensive' },
  { kind: 'full name', text: 'The Elder Scrolls V: Skyrim' },
  { kind: 'full name', text: "Tom Clancy's Rainbow Six Siege" },
  { kind: 'typo', text: 'witchr' },
  { kind: 'typo', text: 'skyrm' },
  { kind: 'typo', text: 'bordrlands 2' },
  { kind: 'typo', text: 'stardew vallye' },
  { kind: 'word inside', text: 'souls' },
  { kind: 'word inside', text: 'wild hunt' },
  { kind: 'word inside', text: 'battlegrounds' },
  { kind: 'accents', text: 'Trüberbrook' },
  { kind: 'accents', text: 'sebastien loeb' },
  { kind: 'accents', text: 'memoires de la grande guerre' },
  { kind: 'trademark', text: 'DARK SOULS™ III' },
  { kind: 'member', text: 'ana_rog' },
  { kind: 'member', text: 'leo_pixelart42' },
  { kind: 'no match', text: 'qzxwvk' },
];

function timeQueries(index: ReturnType<typeof createSearchIndex>) {
  const all: number[] = [];
  const rows = QUERIES.map(({ kind, text }) => {
    for (let warm = 0; warm < 5; warm++) index.search(text, SEARCH_LIMIT);
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      index.search(text, SEARCH_LIMIT);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    const top = index
      .search(text, SEARCH_LIMIT)
      .slice(0, 3)
      .map((result) => result.name);
    return { kind, text, p50: percentile(times, 50), p95: percentile(times, 95), top };
  });
  all.sort((a, b) => a - b);
  return { rows, p50: percentile(all, 50), p95: percentile(all, 95) };
}

const games = catalogueGames();
const members = generatedMembers(10_000);
const real = buildIndex({ games, members });
console.log(
  `Index of ${String(games.length)} games and ${String(members.length)} members: built in ` +
    `${(real.buildMs / 1000).toFixed(2)} s, ${mb(real.heapBytes)} of heap`,
);
const timed = timeQueries(real.index);
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
const largeTimed = timeQueries(large.index);
console.log(
  `\nAt ten times the catalogue (${String(tenfold.length)} games, ${String(members.length)} members): built in ` +
    `${(large.buildMs / 1000).toFixed(2)} s, ${mb(large.heapBytes)} of heap; ` +
    `queries p50 ${ms(largeTimed.p50)}, p95 ${ms(largeTimed.p95)}`,
);
const slowest = [...largeTimed.rows].sort((a, b) => b.p95 - a.p95).slice(0, 3);
console.log(
  `slowest at ten times: ${slowest.map((row) => `${JSON.stringify(row.text)} p95 ${ms(row.p95)}`).join(', ')}`,
);
