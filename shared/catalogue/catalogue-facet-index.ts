// Keeping the browse index of genres and tags (catalogue-facets.ts) exact. Every writer of game records
// adds `facetIndexUpdates` to the same multi-path PATCH as the games, so the index and the games change
// together or not at all. Counts move by server increments computed from what each game had before and
// has now: re-writing a game with the same genres and tags changes no count (imports are idempotent), a
// genre a game loses is taken off it and counted down, and two writers counting the same genre at once
// both land. A writer therefore reads the games' current genres and tags first (readGameFacets).
// `rebuildCatalogueFacets` recomputes the whole index from the games, for databases filled before the
// index existed.

import { z } from 'zod';
import { compareKeys } from '../rtdb/key-order.ts';
import { combineUpdates, type MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { facetEntryNode, gamePath, gamesByFacetPath, gamesInFacetPath, ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { serverIncrement } from '../rtdb/server-values.ts';
import { CATALOGUE_FACETS, type CatalogueFacet } from '../schemas/catalogue-facet.ts';
import { facetSlug, facetSortValue } from './catalogue-facets.ts';

/** What the index knows of a game: its genres and tags as the catalogue names them, and its ranking. */
export interface GameFacets {
  genres: readonly string[];
  tags: readonly string[];
  weightedIndex?: number | undefined;
}

/** One game written: what it had before (null when new) and what it has after (null when removed). */
export interface GameFacetChange {
  gameId: string;
  before: GameFacets | null;
  after: GameFacets | null;
}

const NAMES_OF: Record<CatalogueFacet, 'genres' | 'tags'> = { genre: 'genres', tag: 'tags' };

/** Names seen → their slug: an import names the same few hundred genres and tags 140,000 times. */
const slugCache = new Map<string, string | null>();
const SLUG_CACHE_LIMIT = 10_000;

function cachedFacetSlug(name: string): string | null {
  let slug = slugCache.get(name);
  if (slug === undefined) {
    if (slugCache.size >= SLUG_CACHE_LIMIT) slugCache.clear();
    slug = facetSlug(name);
    slugCache.set(name, slug);
  }
  return slug;
}

/**
 * A game's values of one facet, slug → name as first spelled. Names that differ only in case or
 * punctuation ("Online Co-op", "Online Co-Op") are one value; names with no usable slug are left out.
 */
function valuesOf(game: GameFacets | null, facet: CatalogueFacet): Map<string, string> {
  const values = new Map<string, string>();
  for (const name of game?.[NAMES_OF[facet]] ?? []) {
    const slug = cachedFacetSlug(name);
    if (slug !== null && !values.has(slug)) values.set(slug, name.trim());
  }
  return values;
}

/**
 * The index writes for a batch of game changes, as one multi-path update: each game's entry in every
 * genre and tag it has (its sort value, rewritten so a new ranking moves it), removed from those it lost,
 * and one increment per genre or tag whose count changed (a batch may move one count by many games).
 * Each game must appear at most once.
 */
export function facetIndexUpdates(changes: readonly GameFacetChange[]): MultiPathUpdate {
  // Game entries are written at their path directly (a sort value or null, as gamesInFacetNode holds):
  // a full import writes 140,000 of them, and a typed node per entry doubled the planning time.
  const entries: Record<string, string | null> = {};
  const directory: MultiPathUpdate[] = [];
  for (const facet of CATALOGUE_FACETS) {
    const countChanges = new Map<string, number>();
    const names = new Map<string, string>();
    for (const { gameId, before, after } of changes) {
      const had = valuesOf(before, facet);
      const has = valuesOf(after, facet);
      for (const slug of had.keys()) {
        if (has.has(slug)) continue;
        entries[`${gamesInFacetPath(facet, slug)}/${gameId}`] = null;
        countChanges.set(slug, (countChanges.get(slug) ?? 0) - 1);
      }
      const sortValue = facetSortValue(after?.weightedIndex, gameId);
      for (const [slug, name] of has) {
        entries[`${gamesInFacetPath(facet, slug)}/${gameId}`] = sortValue;
        if (had.has(slug)) continue;
        countChanges.set(slug, (countChanges.get(slug) ?? 0) + 1);
        if (!names.has(slug)) names.set(slug, name);
      }
    }
    for (const [slug, change] of countChanges)
      if (change !== 0)
        directory.push(facetEntryNode(facet, slug).child('count').set(serverIncrement(change)));
    for (const [slug, name] of names) directory.push(facetEntryNode(facet, slug).child('name').set(name));
  }
  return combineUpdates([entries, ...directory]);
}

/** The part of a stored game the index reads; a malformed field reads as absent. */
const storedGameFacetsSchema = z.object({
  genres: z.array(z.string()).catch([]).default([]),
  tags: z.array(z.string()).catch([]).default([]),
  weighted_index: z.number().optional().catch(undefined),
});

function gameFacetsOf(value: unknown): GameFacets | null {
  const parsed = storedGameFacetsSchema.safeParse(value);
  if (!parsed.success) return null;
  const { genres, tags, weighted_index: weightedIndex } = parsed.data;
  return { genres, tags, weightedIndex };
}

/**
 * The current genres, tags and ranking of the games `gameIds` (those that exist), for a writer about to
 * change them. One read of the key range from the first to the last id (sort a batch with compareKeys so
 * that it is dense), limited to twice the ids so a sparse batch among many other games stays cheap; the
 * ids past what that read covered are read one by one, in parallel.
 */
export async function readGameFacets(
  db: RtdbClient,
  gameIds: readonly string[],
): Promise<Map<string, GameFacets>> {
  const found = new Map<string, GameFacets>();
  const ids = [...new Set(gameIds)].sort(compareKeys);
  const first = ids[0];
  const last = ids.at(-1);
  if (first === undefined || last === undefined) return found;
  const limit = ids.length * 2;
  const range = await db.get(ROOTS.games, {
    orderBy: '$key',
    startAt: first,
    endAt: last,
    limitToFirst: limit,
  });
  const children = range !== null && typeof range === 'object' ? Object.entries(range) : [];
  const wanted = new Set(ids);
  let lastCovered = last;
  if (children.length >= limit)
    lastCovered = children.map(([key]) => key).reduce((a, b) => (compareKeys(a, b) >= 0 ? a : b));
  for (const [key, value] of children) {
    const facets = wanted.has(key) ? gameFacetsOf(value) : null;
    if (facets) found.set(key, facets);
  }
  const rest = ids.filter((id) => compareKeys(id, lastCovered) > 0);
  const records = await Promise.all(rest.map((id) => db.get(gamePath(id))));
  rest.forEach((id, index) => {
    const facets = records[index] === null ? null : gameFacetsOf(records[index]);
    if (facets) found.set(id, facets);
  });
  return found;
}

/** Games read per request while rebuilding (in key order). */
const REBUILD_PAGE = 1000;

/** What a rebuild wrote. */
export interface FacetRebuild {
  games: number;
  genres: number;
  tags: number;
}

/**
 * Recomputes the whole index from the game records and replaces it in one atomic update (the directory
 * and both `games_by_*` nodes, each set whole). For a database whose games were written before the index
 * existed, or to repair it; not to run while an import writes games.
 */
export async function rebuildCatalogueFacets(db: RtdbClient): Promise<FacetRebuild> {
  const directory: Record<CatalogueFacet, Record<string, { name: string; count: number }>> = {
    genre: {},
    tag: {},
  };
  const gamesBy: Record<CatalogueFacet, Record<string, Record<string, string>>> = { genre: {}, tag: {} };
  let games = 0;
  let startAt: string | undefined;
  for (;;) {
    // Pages in key order; each page after the first starts at (and drops) the last key of the one before.
    const page = await db.get(ROOTS.games, {
      orderBy: '$key',
      ...(startAt === undefined ? {} : { startAt }),
      limitToFirst: REBUILD_PAGE + (startAt === undefined ? 0 : 1),
    });
    const children = (page !== null && typeof page === 'object' ? Object.entries(page) : [])
      .filter(([key]) => key !== startAt)
      .sort(([a], [b]) => compareKeys(a, b));
    for (const [gameId, value] of children) {
      const game = gameFacetsOf(value);
      if (game === null) continue;
      games += 1;
      const sortValue = facetSortValue(game.weightedIndex, gameId);
      for (const facet of CATALOGUE_FACETS)
        for (const [slug, name] of valuesOf(game, facet)) {
          (gamesBy[facet][slug] ??= {})[gameId] = sortValue;
          const entry = (directory[facet][slug] ??= { name, count: 0 });
          entry.count += 1;
        }
    }
    const lastKey = children.at(-1)?.[0];
    if (lastKey === undefined || children.length < REBUILD_PAGE) break;
    startAt = lastKey;
  }
  const orNull = (node: Record<string, unknown>) => (Object.keys(node).length > 0 ? node : null);
  await db.patch('', {
    [ROOTS.catalogueFacets]: orNull({ genre: orNull(directory.genre), tag: orNull(directory.tag) }),
    ...Object.fromEntries(CATALOGUE_FACETS.map((facet) => [gamesByFacetPath(facet), orNull(gamesBy[facet])])),
  });
  return { games, genres: Object.keys(directory.genre).length, tags: Object.keys(directory.tag).length };
}
