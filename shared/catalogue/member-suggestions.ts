import { DEFAULT_SUGGEST_COUNT } from '../constants.ts';
import { ROOTS, suggestionHistoryOfUserPath, userBlocksNode, userFollowsMapNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { timestampMapSchema } from '../schemas/user.ts';
import { gameSuggestions } from './suggested-games.ts';

/** How many of a member's most recently followed games seed their suggestions (one matrix row read each). */
export const SUGGESTION_SOURCE_GAMES = 10;

/**
 * How many of each source row's best ratios are read: twice the suggestions asked for, so that a game several
 * followed games want can rise above one game alone wants (one more hit of 83 on the real lists, same reads).
 */
export const SUGGESTION_ROW_READ = 2 * DEFAULT_SUGGEST_COUNT;

/**
 * Why a game is suggested: a game the member follows whose players want it (the one with the best ratio),
 * or, for a member who follows nothing yet, the seed games and what they suggest: popular with players who
 * agree on what else they like.
 */
export type SuggestionReason = { kind: 'follows'; gameId: string } | { kind: 'popular' };

/** A game to ask a member about, with why. */
export interface MemberSuggestion {
  gameId: string;
  reason: SuggestionReason;
}

/** What the ranking is given: the member's follows (newest first), what to leave out, the rows read. */
export interface SuggestionInputs {
  followed: readonly string[];
  excluded: ReadonlySet<string>;
  /** The seed games, used when the member follows nothing. */
  seeds: readonly string[];
  /** The matrix row of each source game: other games with their ratios. */
  rows: readonly (readonly [sourceId: string, row: readonly (readonly [gameId: string, ratio: number])[]])[];
  count: number;
}

/** The source games whose rows are read: the newest follows, or the seed games for a member who follows none. */
export const suggestionSources = (followed: readonly string[], seeds: readonly string[]): string[] =>
  (followed.length > 0 ? followed : seeds).slice(0, SUGGESTION_SOURCE_GAMES);

const byKey = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Ranks the candidates of the source rows, best first: by the sum of their ratios over the source games
 * (a game wanted by the players of several of the member's games beats one wanted by the players of one),
 * then by id. Its reason is the source with the best ratio for it. With no follows, the seed games come
 * first, in their order.
 */
export function rankSuggestions({
  followed,
  excluded,
  seeds,
  rows,
  count,
}: SuggestionInputs): MemberSuggestion[] {
  const score = new Map<string, { sum: number; best: number; because: string }>();
  for (const [sourceId, row] of rows) {
    for (const [gameId, ratio] of row) {
      if (gameId === sourceId) continue;
      const current = score.get(gameId);
      if (!current) score.set(gameId, { sum: ratio, best: ratio, because: sourceId });
      else {
        current.sum += ratio;
        if (ratio > current.best || (ratio === current.best && byKey(sourceId, current.because) < 0)) {
          current.best = ratio;
          current.because = sourceId;
        }
      }
    }
  }
  const ranked: MemberSuggestion[] = [];
  if (followed.length === 0)
    for (const gameId of suggestionSources(followed, seeds))
      if (!excluded.has(gameId)) ranked.push({ gameId, reason: { kind: 'popular' } });
  const seen = new Set(ranked.map(({ gameId }) => gameId));
  const candidates = [...score]
    .filter(([gameId]) => !excluded.has(gameId) && !seen.has(gameId))
    .sort(([a, x], [b, y]) => y.sum - x.sum || y.best - x.best || byKey(a, b));
  for (const [gameId, { because }] of candidates)
    ranked.push({
      gameId,
      reason: followed.length > 0 ? { kind: 'follows', gameId: because } : { kind: 'popular' },
    });
  return ranked.slice(0, count);
}

/** The keys of an object node (or none): what a shallow read answers. */
const keysOf = (value: unknown): string[] =>
  value !== null && typeof value === 'object' ? Object.keys(value) : [];

/**
 * The games to ask a member about next, best first, each with its reason (spec: "suggest games by game id",
 * ratio at least MIN_SUGGESTION_RATIO, DEFAULT_SUGGEST_COUNT by default): the suggestions of the games they
 * followed most recently (see rankSuggestions), without games they follow, already answered or are not
 * interested in. A member who follows nothing is asked about the suggestion engine's seed games
 * (`se_matrix_seedgames`: popular games whose followers agree on others), then what those suggest.
 *
 * Two rounds, each parallel: the member's followed games (`users/{uid}/private/follows/games`, all of
 * them, with when), answers, games they are not interested in and the seed games; then the matrix rows of
 * the source games (the caller reads the games). `db` must be allowed to read the member's private section
 * and answers and the seed games' directory: the server credential, after the caller proved who the member is.
 */
export async function memberSuggestions(
  db: RtdbClient,
  uid: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<MemberSuggestion[]> {
  const [follows, answered, notInterested, seeds] = await Promise.all([
    db.read(userFollowsMapNode(uid, 'game').path, timestampMapSchema),
    db.get(suggestionHistoryOfUserPath(uid), { shallow: true }).then(keysOf),
    db.get(userBlocksNode(uid, 'games').path, { shallow: true }).then(keysOf),
    db.get(ROOTS.seMatrixSeedGames, { shallow: true }).then(keysOf),
  ]);
  const followed = Object.entries(follows ?? {})
    .sort(([a, x], [b, y]) => y - x || byKey(a, b))
    .map(([gameId]) => gameId);
  // Anything followed, answered or waved away is never asked about again.
  const excluded = new Set([...followed, ...answered, ...notInterested]);
  const sources = suggestionSources(followed, seeds.sort(byKey));
  const rows = await Promise.all(
    sources.map(
      async (gameId) =>
        [gameId, await gameSuggestions(db, gameId, Math.max(count, SUGGESTION_ROW_READ))] as const,
    ),
  );
  return rankSuggestions({ followed, excluded, seeds, rows, count });
}

/** The ids of memberSuggestions, best first. */
export async function memberSuggestionIds(
  db: RtdbClient,
  uid: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<string[]> {
  return (await memberSuggestions(db, uid, count)).map(({ gameId }) => gameId);
}
