import { z } from 'zod';
import { DEFAULT_SUGGEST_COUNT, MIN_SUGGESTION_RATIO } from '../constants.ts';
import { toGameSummary, type GameSummary } from '../page-data.ts';
import { hasHiddenTag } from './hidden-tags-filter.ts';
import { seMatrixPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { Game } from '../schemas/game.ts';
import { GAME } from '../records/record-kinds.ts';
import { readRecord } from '../records/read-records.ts';

/** A game's `se_matrix` row: for each other game, the share of its followers who follow that one too. */
const suggestionRowSchema = z.record(z.string(), z.number());

/**
 * The games suggested with `gameId` and their ratios, best first ("suggest games by game id"): its
 * `se_matrix` row holds, for each other game, the share of the game's followers who follow that one too;
 * only ratios of at least MIN_SUGGESTION_RATIO count. The database filters and limits (`.indexOn: ".value"`).
 */
export async function gameSuggestions(
  db: RtdbClient,
  gameId: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<[gameId: string, ratio: number][]> {
  // Checked: a row of the wrong shape is logged and seen as none, and a page built without it is not
  // kept at the edge (the database client tells the Worker, worker/database.ts).
  const row = await db.query(
    seMatrixPath(gameId),
    { orderBy: '$value', startAt: MIN_SUGGESTION_RATIO, limitToLast: count },
    suggestionRowSchema,
  );
  return Object.entries(row ?? {})
    .filter(([id]) => id !== gameId)
    .sort(([, a], [, b]) => b - a);
}

/** The ids of games suggested with `gameId`, best first (see gameSuggestions). */
export async function suggestedGameIds(
  db: RtdbClient,
  gameId: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<string[]> {
  return (await gameSuggestions(db, gameId, count)).map(([id]) => id);
}

/** A shelf that counts as a taste (member-suggestions.ts, TASTE_SHELVES). */
export type TasteShelf = 'want' | 'playing' | 'played';

/**
 * Why a game is suggested: a game the member follows, or has on a taste shelf, whose players want it (the
 * one with the best ratio), or, for a member with neither yet, the seed games and what they suggest:
 * popular with players who agree on what else they like.
 */
export type SuggestionReason =
  | { kind: 'follows'; gameId: string }
  | { kind: 'shelf'; gameId: string; shelf: TasteShelf }
  | { kind: 'popular' };

/**
 * Why a game is suggested, as its card says it: a game the member follows whose players want it ("Because
 * you follow Hades"), one they shelved ("Because you played Hades"), or for a member with neither yet, the
 * seed games and what they suggest.
 */
export type SuggestionReasonView =
  | { kind: 'follows'; game: { name: string; deeplink_url_code: string } }
  | { kind: 'shelf'; shelf: TasteShelf; game: { name: string; deeplink_url_code: string } }
  | { kind: 'popular' };

/** A game to answer on browse, with why it is asked. */
export interface SuggestedGameSummary extends GameSummary {
  reason: SuggestionReasonView;
}

/** The games for those ids, read in parallel, in the same order; missing ones are skipped. */
export async function gamesByIds(db: RtdbClient, ids: string[]): Promise<Game[]> {
  const games = await Promise.all(ids.map((id) => readRecord(db, GAME, id)));
  return games.filter((game): game is Game => game !== null);
}

/**
 * The games of `suggestions` as browse shows them, in the same order, each with its reason: the followed
 * game that suggested it is read with the suggested games (one parallel round). Games with a tag in
 * `hidden` are left out; a suggestion whose game is gone is skipped, and one whose followed game is gone
 * says it is popular with players who agree rather than naming nothing.
 */
export async function suggestedGameSummaries(
  db: RtdbClient,
  suggestions: readonly { gameId: string; reason: SuggestionReason }[],
  hidden: ReadonlySet<string> = new Set(),
): Promise<SuggestedGameSummary[]> {
  const sourceIds = [
    ...new Set(suggestions.flatMap(({ reason }) => (reason.kind === 'popular' ? [] : [reason.gameId]))),
  ];
  const [games, sources] = await Promise.all([
    Promise.all(suggestions.map(({ gameId }) => readRecord(db, GAME, gameId))),
    gamesByIds(db, sourceIds),
  ]);
  const sourceById = new Map(sources.map((game) => [game.uuid, game] as const));
  return suggestions.flatMap(({ reason }, index) => {
    const game = games[index];
    if (!game || hasHiddenTag(game.tags, hidden)) return [];
    const source = reason.kind === 'popular' ? undefined : sourceById.get(reason.gameId);
    const named = source && { name: source.name, deeplink_url_code: source.deeplink_url_code };
    const view: SuggestionReasonView =
      !named || reason.kind === 'popular'
        ? { kind: 'popular' }
        : reason.kind === 'shelf'
          ? { kind: 'shelf', shelf: reason.shelf, game: named }
          : { kind: 'follows', game: named };
    return [{ ...toGameSummary(game), reason: view }];
  });
}
