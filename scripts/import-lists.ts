// Importing the curated "best games" lists (curated_lists.jsonl, Open Video Game Data, MIT). Each list
// becomes `lists/{code}` with one collection, "Ranking", holding the entries linked to a game of the
// database (entry.game_id is a Steam appid, resolved to the game's id with an `orderBy steam_appid`
// query); entries without a game are skipped and counted. `lists-public/{code}` gets the summary.

import { z } from 'zod';
import { CURATED_LISTS_SOURCE } from '../shared/constants.ts';
import { listSummaryOf } from '../shared/catalogue/list-summary.ts';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';
import { listPath, ROOTS } from '../shared/rtdb/paths.ts';
import { deepLinkSchema } from '../shared/schemas/keys.ts';
import { listSchema, type ListRecord } from '../shared/schemas/list.ts';
import { describeIssues, jsonlObjects, type RowReject } from '../shared/catalogue/catalogue-rows.ts';
import { gamesGained, planListGainedGames } from '../shared/lists/list-activity.ts';
import { deliverHomeFeedMessageFully } from '../shared/feed/home-feed-fanout.ts';
import { planListSummaryPlaces, withGameSummaries } from '../shared/lists/list-game-summaries.ts';
import { gameSchema } from '../shared/schemas/game.ts';
import { gameSummaryRecordOf, type GameSummaryRecord } from '../shared/schemas/game-summary.ts';

export const curatedListSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  source_lists: z.array(z.object({ name: z.string(), url: z.string().nullish() })).default([]),
  entries: z.array(
    z.object({
      position: z.number().int().positive(),
      title: z.string(),
      year: z.number().int().nullish(),
      total_score: z.number().nullish(),
      lists_appeared: z.number().int().nullish(),
      game_id: z.number().int().positive().nullish(),
    }),
  ),
});

export type CuratedList = z.infer<typeof curatedListSchema>;

/** The key of the one collection an imported list has. */
export const RANKING_COLLECTION = 'ranking';

/** A list's code from the file's id: `best_games_of_2010` → `best-games-of-2010`. */
export function listCodeOf(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface ListConversion {
  code: string;
  record: ListRecord;
  linked: number;
  unlinked: number;
}

/**
 * The list record of a curated list, its games resolved by `gameIdOf` (undefined: not in the
 * database). A game listed twice keeps its best position. Undefined when no entry has a game.
 */
export function listFromCurated(
  list: CuratedList,
  gameIdOf: (appid: number) => string | undefined,
): ListConversion | { code: string; record: undefined; linked: 0; unlinked: number } {
  const code = deepLinkSchema.parse(listCodeOf(list.id));
  const games: Record<string, number> = {};
  let linked = 0;
  let unlinked = 0;
  for (const entry of list.entries) {
    const gameId = entry.game_id ? gameIdOf(entry.game_id) : undefined;
    if (!gameId) {
      unlinked++;
      continue;
    }
    linked++;
    const known = games[gameId];
    games[gameId] = known === undefined ? entry.position : Math.min(known, entry.position);
  }
  if (linked === 0) return { code, record: undefined, linked: 0, unlinked };
  const sources = list.source_lists.length;
  const record = listSchema.parse({
    code,
    name: list.name,
    ...(sources > 0
      ? { description: `Ranked from ${sources} published "best games" list${sources === 1 ? '' : 's'}.` }
      : {}),
    games: { [RANKING_COLLECTION]: { name: 'Ranking', games } },
    source: CURATED_LISTS_SOURCE,
  });
  return { code, record, linked, unlinked };
}

/**
 * The multi-path updates writing a list (replaced as a whole) and its discovery summary's fields (one by
 * one: the summary also holds the list's follower count, which an import must keep).
 */
export function listUpdates(code: string, record: ListRecord): Record<string, unknown> {
  const summary = listSummaryOf(record);
  return {
    [listPath(code)]: record,
    [`${ROOTS.listsPublic}/${code}/name`]: summary.name,
    [`${ROOTS.listsPublic}/${code}/game_count`]: summary.game_count,
  };
}

/** Reads curated_lists.jsonl; invalid lines are rejects with their line number. */
export function readCuratedLists(text: string): {
  lists: { line: number; list: CuratedList }[];
  rejects: RowReject[];
} {
  const raw = jsonlObjects(text);
  const lists: { line: number; list: CuratedList }[] = [];
  const rejects = [...raw.rejects];
  for (const { line, row } of raw.rows) {
    const parsed = curatedListSchema.safeParse(row);
    if (!parsed.success) {
      rejects.push({ line, reason: describeIssues(parsed.error) });
      continue;
    }
    if (!deepLinkSchema.safeParse(listCodeOf(parsed.data.id)).success) {
      rejects.push({ line, reason: `id: "${parsed.data.id}" cannot become a list code` });
      continue;
    }
    lists.push({ line, list: parsed.data });
  }
  rejects.sort((a, b) => a.line - b.line);
  return { lists, rejects };
}

/**
 * The game id of every appid that a game of the database carries (`orderBy steam_appid` queries, a
 * few at a time). When several games share an appid (a demo game renamed since the catalogue), the
 * catalogue's own record wins. The queries answer the games' records: `summaries`, when given, gets the
 * summary of each game found, for the lists to keep (shared/schemas/game-summary.ts).
 */
export async function resolveAppids(
  client: RtdbClient,
  appids: Iterable<number>,
  concurrency = 6,
  summaries?: Map<string, GameSummaryRecord>,
): Promise<Map<number, string>> {
  const queue = [...new Set(appids)];
  const resolved = new Map<number, string>();
  async function worker(): Promise<void> {
    for (let appid = queue.pop(); appid !== undefined; appid = queue.pop()) {
      const found = (await client.get(ROOTS.games, { orderBy: 'steam_appid', equalTo: appid })) as Record<
        string,
        { source?: string }
      > | null;
      const ids = Object.keys(found ?? {}).sort();
      const best = ids.find((id) => found?.[id]?.source === 'steam-catalogue') ?? ids[0];
      if (best) resolved.set(appid, best);
      const game = best === undefined ? undefined : gameSchema.safeParse(found?.[best]);
      if (best !== undefined && game?.success) summaries?.set(best, gameSummaryRecordOf(game.data));
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return resolved;
}

export interface ListsImportResult {
  lists: number;
  listsWithoutGames: number;
  linkedEntries: number;
  unlinkedEntries: number;
  rejects: RowReject[];
}

/** Imports curated lists: resolves appids, then writes all lists in atomic batches. */
export async function importCuratedLists(
  client: RtdbClient,
  text: string,
  options: {
    batchSize?: number;
    onProgress?: (written: number, total: number) => void;
    /** The time of the import, for the events of lists it adds games to (tests inject it). */
    now?: number;
  } = {},
): Promise<ListsImportResult> {
  const { lists, rejects } = readCuratedLists(text);
  const appids = lists.flatMap(({ list }) =>
    list.entries.flatMap((entry) => (entry.game_id ? [entry.game_id] : [])),
  );
  const summaries = new Map<string, GameSummaryRecord>();
  const ids = await resolveAppids(client, appids, 6, summaries);
  const result: ListsImportResult = {
    lists: 0,
    listsWithoutGames: 0,
    linkedEntries: 0,
    unlinkedEntries: 0,
    rejects,
  };
  const converted: ListConversion[] = [];
  const seenCodes = new Map<string, number>();
  for (const { line, list } of lists) {
    const conversion = listFromCurated(list, (appid) => ids.get(appid));
    const earlier = seenCodes.get(conversion.code);
    if (earlier !== undefined) {
      rejects.push({ line, reason: `id: list code "${conversion.code}" is already used on line ${earlier}` });
      continue;
    }
    seenCodes.set(conversion.code, line);
    result.unlinkedEntries += conversion.unlinked;
    if (conversion.record === undefined) {
      result.listsWithoutGames++;
      continue;
    }
    result.linkedEntries += conversion.linked;
    converted.push(conversion);
  }
  rejects.sort((a, b) => a.line - b.line);
  const batchSize = Math.max(1, options.batchSize ?? 20);
  const now = options.now ?? Date.now();
  for (let start = 0; start < converted.length; start += batchSize) {
    const updates: Record<string, unknown> = {};
    const batch = converted.slice(start, start + batchSize);
    // A list imported again that gains games tells its followers, in the same PATCH (a new list has none).
    const previous = await Promise.all(batch.map(({ code }) => client.read(listPath(code), listSchema)));
    const gainedGames: string[] = [];
    batch.forEach(({ code, record }, index) => {
      const before = previous[index];
      // The list keeps its games' summaries, and the index where they are kept moves with it.
      const kept = withGameSummaries(record, summaries);
      Object.assign(updates, listUpdates(code, kept), planListSummaryPlaces(code, before ?? null, kept));
      const gained = before ? planListGainedGames(code, gamesGained(before, record), now) : {};
      if (Object.keys(gained).length > 0) gainedGames.push(code);
      Object.assign(updates, gained);
    });
    await client.patch('', updates);
    // The events join the lists' followers' home feeds as the queue's consumer writes them (this runs
    // outside the Worker, so it delivers the messages itself; run again, it writes the same cards).
    for (const code of gainedGames)
      await deliverHomeFeedMessageFully(client, { kind: 'list-gained-games', code });
    result.lists = Math.min(converted.length, start + batchSize);
    options.onProgress?.(result.lists, converted.length);
  }
  return result;
}
