// Demo data for an empty database: on first start the local stack calls seedDemoData so that every
// page has something to show. It writes nothing when games already exist.

import type { CatalogueRow } from '../shared/catalogue/catalogue-row.ts';
import { listSummaryOf } from '../shared/catalogue/list-summary.ts';
import { buildSuggestionMatrix, suggestionSeedGames } from '../shared/catalogue/suggestion-matrix.ts';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';
import {
  eventPath,
  HOME_HIGHLIGHTS_SUMMARIES_PATH,
  listPath,
  ROOTS,
  seMatrixPath,
} from '../shared/rtdb/paths.ts';
import { planHomeTrending } from '../shared/catalogue/home-highlights.ts';
import { planHomeTopGames, topGamesOf } from '../shared/catalogue/home-top-games.ts';
import { newGamesUpdates } from '../shared/catalogue/game-updates.ts';
import { gameFromCatalogueRow } from '../shared/catalogue/game-from-catalogue-row.ts';
import { planSummaryPlaceEntries } from '../shared/catalogue/game-summary-places.ts';
import { planKeptSuggestions } from '../shared/catalogue/suggested-game-summaries.ts';
import { planListSummaryPlaces, withGameSummaries } from '../shared/lists/list-game-summaries.ts';
import { gameSummaryRecordOf } from '../shared/schemas/game-summary.ts';
import { loadDemoData, type DemoData } from './demo-data.ts';

/**
 * The demo games' weighted index: they have no popularity, so their rank in games.jsonl (the most
 * notable first) makes it: the first of N games gets N, the last 1. A later import of the real
 * catalogue replaces it with Steam review counts for the games it has.
 */
export function demoWeightedIndex(position: number, count: number): number {
  return count - position;
}

/**
 * The demo's trending index: how many demo members follow each game. The members have no recent activity
 * to decay, so follows stand in for it until the trending job rewrites the index from real activity.
 */
export function demoTrendingIndex(followedGames: readonly (readonly string[])[]): Record<string, number> {
  const trending: Record<string, number> = {};
  for (const games of followedGames) for (const id of new Set(games)) trending[id] = (trending[id] ?? 0) + 1;
  return trending;
}

/** Every write of the demo seed, as one multi-path update from the database root. */
export function demoSeedUpdates(data: DemoData): Record<string, unknown> {
  const updates: Record<string, unknown> = {};
  const count = data.games.length;
  // Games through the importer's own record builder (field-level paths, no follows), with their genre
  // and tag entries of the browse index (the catalogue is empty, so counts start from nothing).
  Object.assign(
    updates,
    newGamesUpdates(data.games, {
      source: 'questline',
      weightedIndex: (_row: CatalogueRow, position) => demoWeightedIndex(position, count),
    }),
  );
  // Lists, events and suggestions keep the summaries of the games they show (shared/schemas/game-summary.ts),
  // with the index of where each is kept, as every writer of them does.
  const summaries = new Map(
    data.games.map((row) => {
      const { id, record } = gameFromCatalogueRow(row);
      return [id, gameSummaryRecordOf(record)] as const;
    }),
  );
  for (const [id, event] of Object.entries(data.events)) {
    // follows belongs to the follow transitions: an absent count reads as 0.
    const { follows: _follows, ...record } = event;
    const kept = Object.fromEntries(
      Object.keys(record.games).flatMap((gameId) => {
        const summary = summaries.get(gameId);
        return summary ? [[gameId, summary] as const] : [];
      }),
    );
    updates[eventPath(id)] = { ...record, game_summaries: kept };
    Object.assign(
      updates,
      planSummaryPlaceEntries({ kind: 'event', eventId: id }, [], Object.keys(record.games)),
    );
  }
  for (const [code, list] of Object.entries(data.lists)) {
    updates[listPath(code)] = withGameSummaries(list, summaries);
    updates[`${ROOTS.listsPublic}/${code}`] = listSummaryOf(list);
    Object.assign(updates, planListSummaryPlaces(code, null, list));
  }
  const matrix = buildSuggestionMatrix(
    Object.fromEntries(data.members.map((member) => [member.username, member.games] as const)),
  );
  for (const [gameId, row] of Object.entries(matrix)) {
    updates[seMatrixPath(gameId)] = row;
    Object.assign(updates, planKeptSuggestions(gameId, row, summaries, [], summaries.has(gameId)));
  }
  for (const gameId of Object.keys(suggestionSeedGames(matrix)))
    updates[`${ROOTS.seMatrixSeedGames}/${gameId}`] = true;
  const trending = demoTrendingIndex(data.members.map((member) => member.games));
  updates[ROOTS.trendingIndex] = trending;
  // Home keeps its highlighted, hottest and top games' summaries, as the editors' save and the trending job
  // do (top games by the demo's ranking written above: the catalogue's import keeps them again after it).
  updates[`${ROOTS.highlightsHome}/games`] = Object.fromEntries(
    data.homeGames.map((id, index) => [id, index + 1] as const),
  );
  updates[HOME_HIGHLIGHTS_SUMMARIES_PATH] = Object.fromEntries(
    data.homeGames.flatMap((id) => {
      const summary = summaries.get(id);
      return summary ? [[id, summary] as const] : [];
    }),
  );
  Object.assign(
    updates,
    planSummaryPlaceEntries({ kind: 'home', part: 'highlights' }, [], data.homeGames),
    planHomeTrending(trending, summaries, []),
    planHomeTopGames(
      topGamesOf(
        data.games.flatMap((row, position) => {
          const summary = summaries.get(row.slug);
          return summary
            ? [{ gameId: row.slug, weightedIndex: demoWeightedIndex(position, count), summary }]
            : [];
        }),
      ),
      [],
    ),
  );
  return updates;
}

/**
 * Seeds the demo data when the database has no games; does nothing otherwise. Everything lands in one
 * atomic multi-path PATCH, so a seed is either complete or absent (an interrupted start seeds again).
 */
export async function seedDemoData(
  client: RtdbClient,
  data: DemoData = loadDemoData(),
): Promise<{ seeded: boolean }> {
  const anyGame = await client.get(ROOTS.games, { orderBy: '$key', limitToFirst: 1 });
  if (anyGame !== null && typeof anyGame === 'object' && Object.keys(anyGame).length > 0)
    return { seeded: false };
  await client.patch('', demoSeedUpdates(data));
  return { seeded: true };
}
