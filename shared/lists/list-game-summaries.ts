import { planSummaryPlaceEntries } from '../catalogue/game-summary-places.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import type { GameSummaryRecord } from '../schemas/game-summary.ts';
import type { ListRecord } from '../schemas/list.ts';

// A list keeps the summaries of the games it names (shared/schemas/game-summary.ts), so that its page
// reads one record, not one per game; whoever writes a list writes them with it, and the index of where
// each game's summary is kept (shared/catalogue/game-summary-places.ts) in the same PATCH.

/** The ids of the games a list names, in any of its collections (none for no list). */
export function listGameIds(record: Pick<ListRecord, 'games'> | null): Set<string> {
  return new Set(
    record ? Object.values(record.games).flatMap((collection) => Object.keys(collection.games)) : [],
  );
}

/** The list with the summaries of the games it names, from `summaries` (a game without one keeps none). */
export function withGameSummaries(
  record: ListRecord,
  summaries: ReadonlyMap<string, GameSummaryRecord>,
): ListRecord {
  const { game_summaries: _old, ...rest } = record;
  const kept = Object.fromEntries(
    [...listGameIds(record)].flatMap((id) => {
      const summary = summaries.get(id);
      return summary ? [[id, summary] as const] : [];
    }),
  );
  return Object.keys(kept).length > 0 ? { ...rest, game_summaries: kept } : rest;
}

/** The index entries of the list `code` that named the games of `before` and names those of `after`. */
export function planListSummaryPlaces(
  code: string,
  before: Pick<ListRecord, 'games'> | null,
  after: Pick<ListRecord, 'games'>,
): MultiPathUpdate {
  return planSummaryPlaceEntries({ kind: 'list', code }, listGameIds(before), listGameIds(after));
}
