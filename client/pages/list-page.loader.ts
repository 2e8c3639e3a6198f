// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import { data, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../../shared/constants.ts';
import { toGameSummary, type GameSummary } from '../../shared/page-data.ts';
import { followCountNode } from '../../shared/rtdb/paths.ts';
import { GAME, LIST } from '../../shared/records/record-kinds.ts';
import { readRecord } from '../../shared/records/read-records.ts';
import type { Game } from '../../shared/schemas/game.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import type { GameList } from '../../shared/schemas/list.ts';
import { summaryForPage } from '../../shared/schemas/game-summary.ts';
import { publicDatabaseContext } from '../page-data-context.ts';
import { notFoundPageData } from './not-found-page.loader.ts';

/** One collection of a list as the page shows it: its name, its game ids in position order, and those games. */
export interface ListCollection {
  name: string;
  ids: string[];
  games: GameSummary[];
  /** The position in the collection of its first game on this page (1 on the first page). */
  start: number;
}

/**
 * The list page's bundle (spec section 3): the list, the lookup of its games by uuid, and its collections
 * with their games resolved.
 */
export interface ListPageData {
  /** The list as stored, without the summaries of its games (`listGames` carries this page's). */
  list: Omit<GameList, 'game_summaries'>;
  /** The games of this page of the list, by uuid. */
  listGames: Record<string, GameSummary>;
  /** The collections with games on this page, each with this page's games only. */
  collections: ListCollection[];
  /** Which page of the list this is (`?page=`, from 1), of how many, and how many games the list names. */
  page: { number: number; count: number; games: number };
  /** How many members follow the list (its public summary's count). */
  followers: number;
}

/** The page asked for with `?page=`: a whole number from 1, anything else is the first page. */
function pageNumber(request: Request): number {
  const asked = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(asked) && asked >= 1 ? asked : 1;
}

/** A collection's game ids, first position first (ties by id, so the order never depends on the database). */
function idsInPositionOrder(games: Record<string, number>): string[] {
  return Object.entries(games)
    .sort(([idA, a], [idB, b]) => a - b || idA.localeCompare(idB))
    .map(([id]) => id);
}

/**
 * The list page's bundle in two rounds of database reads: the list by its code, which keeps its games'
 * summaries (shared/lists/list-game-summaries.ts), then its follower count, with the games of the page
 * asked for (LIST_PAGE_SIZE at most) whose summary the list lacks (written before lists kept them, until
 * `npm run job -- game-summaries`), each read whole, in parallel. A page past the
 * end answers 404 like a missing list. A list that is missing, invalid or fails to load gives the not-found page with top games at
 * the requested URL, as an unknown game does (spec sections 2 and 8). A game the list names that does not
 * exist is left out of its collection.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<ListPageData> {
  const db = context.get(publicDatabaseContext);
  const code = params.deepLink ?? '';
  const list = deepLinkSchema.safeParse(code).success
    ? await readRecord(db, LIST, code).catch((error: unknown) => {
        console.error(`Loading list ${code} failed`, error);
        return null;
      })
    : null;
  if (!list) throw data(await notFoundPageData(db), { status: 404 });

  // Collections in the order of their keys: the schema gives collections no position, and the database
  // answers an object's keys sorted, so this is the order every reader sees.
  const collectionEntries = Object.entries(list.games).sort(([a], [b]) => a.localeCompare(b));
  const ordered = collectionEntries.map(([, collection]) => ({
    name: collection.name,
    ids: idsInPositionOrder(collection.games),
  }));
  const allIds = [...new Set(ordered.flatMap((collection) => collection.ids))];
  const pageCount = Math.max(1, Math.ceil(allIds.length / LIST_PAGE_SIZE));
  const number = pageNumber(request);
  if (number > pageCount) throw data(await notFoundPageData(db), { status: 404 });
  const pageIds = allIds.slice((number - 1) * LIST_PAGE_SIZE, number * LIST_PAGE_SIZE);
  const kept = list.game_summaries ?? {};
  let games: (Game | null)[];
  // The follower count is read with the games; a count that cannot be read shows as none.
  const followers = db.read(followCountNode('list', code).path, z.number()).catch(() => null);
  try {
    games = await Promise.all(pageIds.flatMap((id) => (kept[id] ? [] : [readRecord(db, GAME, id)])));
  } catch (error) {
    // Spec section 8: "A failed list game load goes to 404 with null data." A list shown with games silently
    // missing would misrepresent it, so the page is the not-found page, with no top games to offer (the
    // data is null, not the not-found bundle, and nothing more is read).
    console.error(`Loading the games of list ${code} failed`, error);
    throw data(null, { status: 404 });
  }

  const listGames: Record<string, GameSummary> = {};
  for (const id of pageIds) {
    const summary = kept[id];
    if (summary) listGames[id] = summaryForPage(id, summary);
  }
  for (const game of games) if (game) listGames[game.uuid] = toGameSummary(game);
  const collections = ordered.flatMap(({ name, ids }): ListCollection[] => {
    const present = ids.filter((id) => id in listGames);
    const first = present[0];
    if (first === undefined) return [];
    const games = present.flatMap((id) => listGames[id] ?? []);
    return [{ name, ids: present, games, start: ids.indexOf(first) + 1 }];
  });
  const { game_summaries: _summaries, ...shown } = list;
  return {
    list: shown,
    listGames,
    collections,
    page: { number, count: pageCount, games: allIds.length },
    followers: (await followers) ?? 0,
  };
}
