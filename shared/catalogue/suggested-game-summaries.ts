import { z } from 'zod';
import { DEFAULT_SUGGEST_COUNT, MIN_SUGGESTION_RATIO } from '../constants.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { suggestedGamesPath } from '../rtdb/paths.ts';
import { gameSchema } from '../schemas/game.ts';
import { gameSummaryRecordSchema, type GameSummaryRecord } from '../schemas/game-summary.ts';
import { planSummaryPlaceEntries } from './game-summary-places.ts';

// The games a game page suggests, kept in the game's own record (`games/{id}/suggested`: suggested game
// id → `{ ratio, …its summary }`), so that the page reads the game and its suggestions in one read instead
// of its `se_matrix` row and then each suggested game. Written from the row wherever the row is written
// (the suggestion engine, the demo seed, `npm run job -- game-summaries`), with the index of where each
// summary is kept (game-summary-places.ts) in the same PATCH.

/** One kept suggestion: its ratio (see se_matrix), and the summary when it could be written. */
const keptSuggestionSchema = z.object({ ratio: z.number() }).loose();

/**
 * A game record as its page reads it: the game and the suggestions it keeps, each checked on its own by
 * keptSuggestions (one of the wrong shape must not cost the page its game).
 */
export const gameWithSuggestionsSchema = gameSchema.extend({
  suggested: z.record(z.string(), z.unknown()).optional(),
});

/** A suggestion as the page shows it: the game's id, and its summary (null: read the game itself). */
export interface KeptSuggestion {
  gameId: string;
  summary: GameSummaryRecord | null;
}

/**
 * The best DEFAULT_SUGGEST_COUNT suggestions of an `se_matrix` row, ratio of at least MIN_SUGGESTION_RATIO
 * (what the game page showed when it queried the row), best first (ties by id); never the game itself.
 */
export function bestSuggestions(gameId: string, row: Readonly<Record<string, number>>): [string, number][] {
  return Object.entries(row)
    .filter(([id, ratio]) => id !== gameId && ratio >= MIN_SUGGESTION_RATIO)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, DEFAULT_SUGGEST_COUNT);
}

/**
 * The writes keeping the suggestions of `gameId` from its `se_matrix` row `row` (null: it has none now):
 * its `suggested` replaced as a whole, each with the summary found in `summaries`, and the index entries
 * of the games it suggested before (`before`) and suggests now. No `suggested` is written for a game
 * without a record: the engine counts follows of games that may be gone.
 */
export function planKeptSuggestions(
  gameId: string,
  row: Readonly<Record<string, number>> | null,
  summaries: ReadonlyMap<string, GameSummaryRecord>,
  before: Iterable<string>,
  gameExists = true,
): MultiPathUpdate {
  const best = gameExists && row ? bestSuggestions(gameId, row) : [];
  const kept = Object.fromEntries(
    best.map(([id, ratio]) => [id, { ratio, ...(summaries.get(id) ?? {}) }] as const),
  );
  return {
    [suggestedGamesPath(gameId)]: best.length > 0 ? kept : null,
    ...planSummaryPlaceEntries(
      { kind: 'suggested', gameId },
      before,
      best.map(([id]) => id),
    ),
  };
}

/**
 * The suggestions a game record keeps, best first (ties by id), each with its summary when it has one; an
 * entry of the wrong shape (no ratio) is left out and told to `onWrongShape`.
 */
export function keptSuggestions(
  suggested: z.infer<typeof gameWithSuggestionsSchema>['suggested'],
  onWrongShape: (gameId: string, error: z.ZodError) => void = () => {},
): KeptSuggestion[] {
  return Object.entries(suggested ?? {})
    .flatMap(([gameId, value]) => {
      const entry = keptSuggestionSchema.safeParse(value);
      if (entry.success) return [{ gameId, ratio: entry.data.ratio, entry: entry.data }];
      onWrongShape(gameId, entry.error);
      return [];
    })
    .sort((a, b) => b.ratio - a.ratio || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0))
    .slice(0, DEFAULT_SUGGEST_COUNT)
    .map(({ gameId, entry }) => {
      const summary = gameSummaryRecordSchema.safeParse(entry);
      return { gameId, summary: summary.success ? summary.data : null };
    });
}
