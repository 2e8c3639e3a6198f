// Browsing the whole catalogue by genre and by tag (issue 10, browse). Two kinds of index nodes, kept by
// every writer of game records in the same atomic update as the game (see catalogue-facet-index.ts):
//
//   indices_public/facets/{genre|tag}/{slug}          = { name, count }   the directory, read whole
//   indices_public/games_by_{genre|tag}/{slug}/{game} = sort value         read a page at a time
//
// The sort value is a string, `<ranking as 16 hex digits>_<game id>`, unique per game and ordered as the
// top games are (higher `weighted_index` first). Why a string and not the number: the REST API's `endAt`
// takes a value only ("Filtering Data" in https://firebase.google.com/docs/database/rest/retrieve-data;
// the SDKs' second, key argument does not exist there), so with numbers a page could not start inside a
// run of equal rankings, and the catalogue has runs of hundreds (470 games with popularity 10). With
// unique values, `endAt=<value>` is an exact position: a page asks for `limitToLast = pageSize + 1`
// ending at the cursor, shows the highest pageSize and hands over the extra one's value as the next
// cursor, so no game is shown twice or skipped, whatever the ties.
//
// The directory is read whole, unlike every other public collection: it holds names and counts, not
// records, and is bounded by Steam's vocabularies (the 20,000-game catalogue has 10 genres and 353 tags:
// 17 KB), so one read serves the browse page; a capped top-25 would hide most tags.

import { z } from 'zod';
import { facetEntryPath, gamesInFacetPath, ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import {
  CATALOGUE_FACETS,
  facetCursorSchema,
  facetEntrySchema,
  facetPageRequestSchema,
  facetSlugSchema,
  type CatalogueFacet,
  type FacetCursor,
  type FacetPageRequest,
} from '../schemas/catalogue-facet.ts';
import { slugFromName } from './slug.ts';

/** One genre or tag of the directory. */
export interface FacetEntry {
  slug: string;
  name: string;
  /** How many games of the catalogue have it. */
  count: number;
}

/** Every genre and every tag with games, most games first. */
export interface FacetDirectory {
  genres: FacetEntry[];
  tags: FacetEntry[];
}

/** A page of one genre or tag: game ids best first, and where the next page starts (null on the last). */
export interface FacetPage {
  gameIds: string[];
  nextCursor: FacetCursor | null;
}

/** A page request that fails its schema (a hostile or stale link): the caller answers invalid-input. */
export class InvalidFacetPageError extends Error {
  override readonly name = 'InvalidFacetPageError';
  readonly code = 'invalid-input';
  /** Field → message, safe to show. */
  readonly fields: Record<string, string>;
  constructor(fields: Record<string, string>) {
    super('invalid-input');
    this.fields = fields;
  }
}

/** The key of a genre or tag name, or null when nothing of it can be a key (it is then not indexed). */
export function facetSlug(name: string): string | null {
  const parsed = facetSlugSchema.safeParse(slugFromName(name));
  return parsed.success ? parsed.data : null;
}

/** Sorts below every ranking: games without a `weighted_index` come last, as in top games (spec 9). */
const UNRANKED = '0000000000000000';

/**
 * The ranking as 16 hex digits whose string order is the numbers' order: the IEEE 754 bits, with the
 * sign bit set for positives and every bit flipped for negatives (so larger magnitudes sort lower).
 * Any number `weighted_index` may hold (fractions, negatives, beyond 2^53) keeps its place.
 */
function rankingDigits(weightedIndex: number | undefined): string {
  if (weightedIndex === undefined || !Number.isFinite(weightedIndex)) return UNRANKED;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, weightedIndex === 0 ? 0 : weightedIndex); // -0 ranks as 0
  let high = view.getUint32(0);
  let low = view.getUint32(4);
  if (high >>> 31 === 1) {
    high = ~high >>> 0;
    low = ~low >>> 0;
  } else {
    high = (high | 0x80000000) >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

/** A game's value in the genres and tags it has: ordered by ranking, then by id; unique per game. */
export function facetSortValue(weightedIndex: number | undefined, gameId: string): string {
  return `${rankingDigits(weightedIndex)}_${gameId}`;
}

/** A directory entry as read; entries of another shape, or without games left, are not shown. */
const storedDirectorySchema = z.record(z.string(), z.record(z.string(), z.unknown()));
/** A page as read: game id → sort value. */
const storedPageSchema = z.record(z.string(), z.unknown());

/** Every genre and tag with games, most games first (ties by name), in one read of the directory. */
export async function facetDirectory(db: RtdbClient): Promise<FacetDirectory> {
  const stored = (await db.read(ROOTS.catalogueFacets, storedDirectorySchema)) ?? {};
  const entriesOf = (facet: CatalogueFacet): FacetEntry[] =>
    Object.entries(stored[facet] ?? {})
      .flatMap(([slug, value]) => {
        const entry = facetEntrySchema.safeParse(value);
        // A value whose last game left it keeps an entry with count 0 (counts move by increments).
        return entry.success && entry.data.count > 0 && facetSlugSchema.safeParse(slug).success
          ? [{ slug, name: entry.data.name, count: entry.data.count }]
          : [];
      })
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en'));
  return { genres: entriesOf('genre'), tags: entriesOf('tag') };
}

/** One genre's or tag's directory entry (its name and count), or null when it has no games. */
export async function facetEntry(
  db: RtdbClient,
  facet: CatalogueFacet,
  slug: string,
): Promise<FacetEntry | null> {
  if (!CATALOGUE_FACETS.includes(facet) || !facetSlugSchema.safeParse(slug).success) return null;
  const entry = await db.read(facetEntryPath(facet, slug), facetEntrySchema);
  return entry && entry.count > 0 ? { slug, name: entry.name, count: entry.count } : null;
}

/**
 * One page of a genre's or tag's games, best ranked first, in one bounded query; resolve the ids with
 * `gamesByIds` (suggested-games.ts). Pass the previous page's `nextCursor` for the next page. A request
 * that fails `facetPageRequestSchema` throws InvalidFacetPageError before anything is read.
 */
export async function gamesInFacet(db: RtdbClient, request: FacetPageRequest): Promise<FacetPage> {
  const parsed = facetPageRequestSchema.safeParse(request);
  if (!parsed.success)
    throw new InvalidFacetPageError(
      Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
    );
  const { facet, slug, cursor, pageSize } = parsed.data;
  const stored =
    (await db.query(
      gamesInFacetPath(facet, slug),
      { orderBy: '$value', limitToLast: pageSize + 1, ...(cursor === undefined ? {} : { endAt: cursor }) },
      storedPageSchema,
    )) ?? {};
  // Only well-formed values: the last one becomes the next page's cursor, which must pass its schema.
  const ranked = Object.entries(stored)
    .filter((entry): entry is [string, string] => facetCursorSchema.safeParse(entry[1]).success)
    .sort(([, a], [, b]) => (a < b ? 1 : a > b ? -1 : 0));
  const next = ranked[pageSize];
  return {
    gameIds: ranked.slice(0, pageSize).map(([gameId]) => gameId),
    nextCursor: next === undefined ? null : next[1],
  };
}
