// Writing catalogue rows as game records. Shared by `import games` and the demo seed, so both go through
// the same validation and the same record shape. Writes are multi-path PATCHes at field-level paths
// (`games/{id}/name`, …): re-running an import rewrites the same values (idempotent) and never touches
// `follows`, which belongs to the follow transitions. Each PATCH also carries the games' entries in the
// browse index of genres and tags (catalogue-facet-index.ts), so the index never lags the games.

import type { CatalogueRow } from './catalogue-row.ts';
import {
  facetIndexUpdates,
  readGameFacets,
  type GameFacetChange,
  type GameFacets,
} from './catalogue-facet-index.ts';
import { gameFromCatalogueRow } from './game-from-catalogue-row.ts';
import { gamesWithSummaryPlaces } from './game-summary-places.ts';
import { keepHomeTopGames } from './home-top-games.ts';
import { refreshKeptSummaries } from './game-summary-refresh.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { gamePath } from '../rtdb/paths.ts';
import type { GameRecord } from '../schemas/game.ts';

/**
 * Rows per atomic PATCH (about 12 paths each, ~60 KB). Measured against the local emulator, whose
 * multi-path check grows with the square of the paths in one PATCH: 100 rows loads the 20,000-game
 * catalogue several times faster than 500. Production Firebase is fine with either.
 */
export const DEFAULT_BATCH_SIZE = 100;

export interface GameRecordOptions {
  /** Where the record comes from; the Steam catalogue by default (its pages carry the attribution). */
  source?: NonNullable<GameRecord['source']>;
  /** Overrides the weighted index (the row's popularity by default); `undefined` leaves it as is. */
  weightedIndex?: (row: CatalogueRow, position: number) => number | undefined;
}

/**
 * The field-level updates (paths from the database root) that make the game of `row` current.
 * A field the row has no value for is not written, so a re-import never erases what is already known
 * (a demo description, a weighted index); lists (genres, tags…) are replaced as a whole.
 */
export function gameUpdates(
  row: CatalogueRow,
  position: number,
  options: GameRecordOptions = {},
): Record<string, unknown> {
  const { id, record } = gameFromCatalogueRow(row);
  const base = gamePath(id);
  const weightedIndex = weightedIndexOf(row, position, options);
  const updates: Record<string, unknown> = {
    [`${base}/name`]: record.name,
    [`${base}/deeplink_url_code`]: record.deeplink_url_code,
    [`${base}/genres`]: listOrNull(record.genres),
    [`${base}/tags`]: listOrNull(record.tags),
    [`${base}/platforms`]: listOrNull(record.platforms),
    [`${base}/developers`]: listOrNull(record.developers),
    [`${base}/publishers`]: listOrNull(record.publishers),
    [`${base}/source`]: options.source ?? record.source ?? 'steam-catalogue',
  };
  if (record.steam_appid !== undefined) updates[`${base}/steam_appid`] = record.steam_appid;
  if (record.content.description) updates[`${base}/content/description`] = record.content.description;
  if (record.icon) updates[`${base}/icon`] = record.icon;
  if (record.release_date) updates[`${base}/release_date`] = record.release_date;
  if (weightedIndex !== undefined) updates[`${base}/weighted_index`] = weightedIndex;
  return updates;
}

/** The weighted index a row writes, or undefined when it leaves the stored one as it is. */
function weightedIndexOf(
  row: CatalogueRow,
  position: number,
  options: GameRecordOptions,
): number | undefined {
  return options.weightedIndex
    ? options.weightedIndex(row, position)
    : gameFromCatalogueRow(row).record.weighted_index;
}

/** How writing `row` changes its game's genres, tags and ranking, given what the game had (null: new). */
function facetChangeOf(
  row: CatalogueRow,
  position: number,
  before: GameFacets | null,
  options: GameRecordOptions,
): GameFacetChange {
  const weightedIndex = weightedIndexOf(row, position, options) ?? before?.weightedIndex;
  return { gameId: row.slug, before, after: { genres: row.genres, tags: row.tags, weightedIndex } };
}

/**
 * Every write that adds `rows` as games the database does not hold yet (the demo seed, into an empty
 * catalogue): the records and their genre and tag index entries, counted from nothing.
 */
export function newGamesUpdates(
  rows: readonly CatalogueRow[],
  options: GameRecordOptions = {},
): Record<string, unknown> {
  const updates: Record<string, unknown> = {};
  rows.forEach((row, position) => Object.assign(updates, gameUpdates(row, position, options)));
  Object.assign(
    updates,
    facetIndexUpdates(rows.map((row, position) => facetChangeOf(row, position, null, options))),
  );
  return updates;
}

/** The database stores no empty lists: an empty one is written as a deletion. */
function listOrNull(values: readonly string[]): readonly string[] | null {
  return values.length > 0 ? values : null;
}

export interface WriteGamesOptions extends GameRecordOptions {
  batchSize?: number;
  /** Called after each batch lands, with the number of rows written so far. */
  onProgress?: (written: number, total: number) => void;
}

/**
 * Writes `rows` in batches, each one atomic multi-path PATCH of the games and their index entries;
 * answers the number of rows written. Before each batch, one read gets what those games have now (for
 * the index's counts): rows go in key order so that a batch is one dense key range. Rows keep their file
 * position for `weightedIndex`. Two writers of the same games at once could count a change twice; imports
 * are run one at a time. A game whose summary is kept beside what shows it (a list, an event, a suggestion
 * row: shared/catalogue/game-summary-places.ts) has those copies rewritten after its batch's PATCH, from
 * the game as written, as the queue's consumer does (game-summary-refresh.ts): one shallow read first says
 * which games are kept anywhere (none on a first import), then per such game one read of it and one query
 * and one PATCH per SUMMARY_COPIES_PER_WRITE places. Rows may move games in and out of top games: once
 * every batch landed, home's copy of them is kept (home-top-games.ts: one query, one read, a PATCH if it
 * changed), so that home shows the import's ranking without waiting for the trending job.
 */
export async function writeGames(
  client: RtdbClient,
  rows: readonly CatalogueRow[],
  options: WriteGamesOptions = {},
): Promise<number> {
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const inKeyOrder = rows
    .map((row, position) => ({ row, position }))
    .sort((a, b) => compareKeys(a.row.slug, b.row.slug));
  let written = 0;
  const kept = await gamesWithSummaryPlaces(client);
  for (let start = 0; start < inKeyOrder.length; start += batchSize) {
    const batch = inKeyOrder.slice(start, start + batchSize);
    const before = await readGameFacets(
      client,
      batch.map(({ row }) => row.slug),
    );
    const updates: Record<string, unknown> = {};
    for (const { row, position } of batch) Object.assign(updates, gameUpdates(row, position, options));
    Object.assign(
      updates,
      facetIndexUpdates(
        batch.map(({ row, position }) => facetChangeOf(row, position, before.get(row.slug) ?? null, options)),
      ),
    );
    await client.patch('', updates);
    // The copies of the batch's games kept beside what shows them, from the games as just written, by the
    // queue consumer's own code (no queue here): a page of places a PATCH, however many places a game has.
    for (const { row } of batch) if (kept.has(row.slug)) await refreshKeptSummaries(client, row.slug);
    written += batch.length;
    options.onProgress?.(written, rows.length);
  }
  if (rows.length > 0) await keepHomeTopGames(client);
  return written;
}
