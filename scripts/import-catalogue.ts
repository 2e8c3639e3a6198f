// Importing a whole catalogue at once: every game (with its genre and tag index, through the importer's
// writeGames), then the curated lists that link to them (importCuratedLists). What `npm start` does once
// on a fresh data folder with the catalogue the repository carries (seed/catalogue/), what the bench
// loads, and `npm run import -- catalogue`.
//
// A catalogue game that is also a demo game (the same slug: the demo's slugs are the catalogue's) merges
// into the demo record as any import does: it takes the catalogue's fields and its Steam ranking, and
// keeps its demo description (the catalogue has none). A demo game the catalogue lacks (released after
// 2019, such as Hades) keeps its demo record and its demo ranking (85 down to 1: among the catalogue's
// games with as few Steam reviews, far from top games unless trending lifts it).

import { readCatalogueRows, type RowReject } from '../shared/catalogue/catalogue-rows.ts';
import type { CatalogueRow } from '../shared/catalogue/catalogue-row.ts';
import { writeGames } from '../shared/catalogue/game-updates.ts';
import { compareKeys } from '../shared/rtdb/key-order.ts';
import { gamePath, listPublicPath } from '../shared/rtdb/paths.ts';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';
import type { CatalogueTexts } from '../seed/embedded-catalogue.ts';
import { importCuratedLists, listCodeOf, readCuratedLists, type ListsImportResult } from './import-lists.ts';

/** A catalogue read and checked, ready to import. */
export interface Catalogue {
  games: CatalogueRow[];
  /** Rows of games.jsonl that failed validation (none in the embedded catalogue). */
  rejects: RowReject[];
  /** curated_lists.jsonl as text, for importCuratedLists. */
  lists: string;
  /**
   * What the import writes last of each kind, which tells whether an import finished: the game last in
   * key order (writeGames writes in key order) and the list that links a game last in file order
   * (lists are written after the games, in file order).
   */
  lastGame: string | undefined;
  lastList: string | undefined;
}

/** Reads and validates a catalogue's files. */
export function readCatalogue(texts: CatalogueTexts): Catalogue {
  const { rows, rejects } = readCatalogueRows(texts.games, 'jsonl');
  const games = rows.map(({ row }) => row);
  const appids = new Set(games.map((game) => game.id));
  const linking = readCuratedLists(texts.lists).lists.filter(({ list }) =>
    list.entries.some((entry) => entry.game_id && appids.has(entry.game_id)),
  );
  const lastLinking = linking.at(-1);
  return {
    games,
    rejects,
    lists: texts.lists,
    lastGame: games
      .map((game) => game.slug)
      .sort(compareKeys)
      .at(-1),
    lastList: lastLinking && listCodeOf(lastLinking.list.id),
  };
}

export interface CatalogueImport {
  games: number;
  lists: ListsImportResult;
  seconds: number;
}

/**
 * Writes every game of the catalogue (ranked by its popularity, `source: "steam-catalogue"`, filed
 * under its genres and tags), then its curated lists. Idempotent: an import run again, or after one
 * that stopped half-way, rewrites the same values and counts nothing twice.
 */
export async function importCatalogue(
  client: RtdbClient,
  catalogue: Catalogue,
  options: { now?: number; onProgress?: (written: number, total: number) => void } = {},
): Promise<CatalogueImport> {
  const started = performance.now();
  const games = await writeGames(client, catalogue.games, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const lists = await importCuratedLists(client, catalogue.lists, {
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return { games, lists, seconds: (performance.now() - started) / 1000 };
}

/**
 * Whether the database holds the whole catalogue: what an import writes last of the games and of the
 * lists is there. A data folder seeded before the catalogue was imported whole (the demo alone, or the
 * curated lists with only the games they name) answers false, and gets the rest on its next start.
 */
export async function catalogueImported(client: RtdbClient, catalogue: Catalogue): Promise<boolean> {
  const { lastGame, lastList } = catalogue;
  const [gameSource, listName] = await Promise.all([
    lastGame === undefined ? 'steam-catalogue' : client.get(`${gamePath(lastGame)}/source`),
    lastList === undefined ? '' : client.get(`${listPublicPath(lastList)}/name`),
  ]);
  return gameSource === 'steam-catalogue' && listName !== null;
}

/** Imports the catalogue unless the database already holds it whole; answers what it wrote, if anything. */
export async function importCatalogueOnce(
  client: RtdbClient,
  catalogue: Catalogue,
  options: { now?: number } = {},
): Promise<CatalogueImport | null> {
  if (await catalogueImported(client, catalogue)) return null;
  return importCatalogue(client, catalogue, options);
}
