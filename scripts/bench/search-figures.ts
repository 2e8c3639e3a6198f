// Search as the function runs it, measured: the index (shared/search/search-index.ts) built from the real
// catalogue (seed/catalogue/games.jsonl.gz, 20,000 games) and generated members, and a realistic mix of
// queries each timed on its own. Used by `npm run bench:search` and `npm run bench`.
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
import { readEmbeddedCatalogue } from '../../seed/embedded-catalogue.ts';

/** The heap in use once garbage is collected. */
function settledHeap(): number {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
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
export function catalogueGames(): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const line of readEmbeddedCatalogue().games.split('\n')) {
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
export function generatedMembers(count: number): SearchDocument[] {
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
export function tenTimes(games: readonly SearchDocument[]): SearchDocument[] {
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

export function buildIndex(documents: { games: SearchDocument[]; members: SearchDocument[] }) {
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

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const ms = (value: number) => `${value.toFixed(2)} ms`;

export const QUERIES: { kind: string; text: string }[] = [
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

/** Each query timed `runs` times on its own (after 5 warm-ups): p50 and p95 per query and over all. */
export function timeQueries(index: ReturnType<typeof createSearchIndex>, runs: number) {
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
