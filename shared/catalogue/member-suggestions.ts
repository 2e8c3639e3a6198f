import { DEFAULT_SUGGEST_COUNT } from '../constants.ts';
import { ROOTS, suggestionHistoryOfUserPath, userBlocksNode, userFollowsMapNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { timestampMapSchema } from '../schemas/user.ts';
import { gameSuggestions } from './suggested-games.ts';

/** How many of a member's most recently followed games seed their suggestions (one matrix row read each). */
export const SUGGESTION_SOURCE_GAMES = 10;

/** The keys of an object node (or none): what a shallow read answers. */
const keysOf = (value: unknown): string[] =>
  value !== null && typeof value === 'object' ? Object.keys(value) : [];

/**
 * The games to ask a member about next, best first (spec: "suggest games by game id", ratio at least
 * MIN_SUGGESTION_RATIO, DEFAULT_SUGGEST_COUNT by default): the suggestions of the games they followed most
 * recently, ranked by their best ratio and then by how many of those games suggest them, without games they
 * follow, already answered or are not interested in. A member who follows nothing is asked about the suggestion engine's seed games
 * (`se_matrix_seedgames`: games whose followers agree on others), then what those suggest.
 *
 * Two rounds, each parallel: the member's followed games (`users/{uid}/private/follows/games`, all of
 * them, with when), answers, games they are not interested in and the seed games; then the matrix rows of the source games (the caller reads
 * the games). `db` must be allowed to read the member's private section and answers and the seed games'
 * directory: the server credential, after the caller proved who the member is.
 */
export async function memberSuggestionIds(
  db: RtdbClient,
  uid: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<string[]> {
  const [follows, answered, notInterested, seeds] = await Promise.all([
    db.read(userFollowsMapNode(uid, 'game').path, timestampMapSchema),
    db.get(suggestionHistoryOfUserPath(uid), { shallow: true }).then(keysOf),
    db.get(userBlocksNode(uid, 'games').path, { shallow: true }).then(keysOf),
    db.get(ROOTS.seMatrixSeedGames, { shallow: true }).then(keysOf),
  ]);
  const followed = Object.entries(follows ?? {})
    .sort(([, a], [, b]) => b - a)
    .map(([gameId]) => gameId);
  // Anything followed, answered or waved away is never asked about again.
  const excluded = new Set([...followed, ...answered, ...notInterested]);
  const sources = (followed.length > 0 ? followed : seeds).slice(0, SUGGESTION_SOURCE_GAMES);
  const rows = await Promise.all(sources.map((gameId) => gameSuggestions(db, gameId, count)));

  const score = new Map<string, { best: number; votes: number }>();
  // With no follows, the seed games come first: they are the games to start from.
  if (followed.length === 0) for (const gameId of sources) score.set(gameId, { best: 2, votes: 0 });
  for (const row of rows) {
    for (const [gameId, ratio] of row) {
      const current = score.get(gameId) ?? { best: 0, votes: 0 };
      score.set(gameId, { best: Math.max(current.best, ratio), votes: current.votes + 1 });
    }
  }
  return [...score]
    .filter(([gameId]) => !excluded.has(gameId))
    .sort(([a, x], [b, y]) => y.best - x.best || y.votes - x.votes || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, count)
    .map(([gameId]) => gameId);
}
