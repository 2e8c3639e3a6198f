import { DEFAULT_SUGGEST_COUNT } from '../constants.ts';
import { z } from 'zod';
import {
  ROOTS,
  suggestionHistoryOfUserPath,
  userBlocksNode,
  userFollowsMapNode,
  userSectionPath,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { gamelistEntrySchema, type GamelistEntry } from '../schemas/shelf.ts';
import { timestampMapSchema } from '../schemas/user.ts';
import { gameSuggestions, type SuggestionReason, type TasteShelf } from './suggested-games.ts';
import { gamelistTaste } from './suggestion-matrix.ts';

export type { SuggestionReason, TasteShelf };

/**
 * How many of a member's most recently followed or shelved games seed their suggestions (one matrix row
 * read each).
 */
export const SUGGESTION_SOURCE_GAMES = 10;

/**
 * How many of each source row's best ratios are read: twice the suggestions asked for, so that a game several
 * followed games want can rise above one game alone wants (one more hit of 83 on the real lists, same reads).
 */
export const SUGGESTION_ROW_READ = 2 * DEFAULT_SUGGEST_COUNT;

/** A game to ask a member about, with why. */
export interface MemberSuggestion {
  gameId: string;
  reason: SuggestionReason;
}

/** What the ranking is given: the member's tastes (newest first), what to leave out, the rows read. */
export interface SuggestionInputs {
  /** The games the member follows or shelved on a taste shelf, newest first. */
  followed: readonly string[];
  /** The shelf of those of `followed` that the member shelved and does not follow: their reason says so. */
  shelvedOnly?: ReadonlyMap<string, TasteShelf>;
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
  shelvedOnly = new Map(),
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
  for (const [gameId, { because }] of candidates) {
    const shelf = shelvedOnly.get(because);
    ranked.push({
      gameId,
      reason:
        followed.length === 0
          ? { kind: 'popular' }
          : shelf
            ? { kind: 'shelf', gameId: because, shelf }
            : { kind: 'follows', gameId: because },
    });
  }
  return ranked.slice(0, count);
}

/** The keys of an object node (or none): what a shallow read answers. */
const keysOf = (value: unknown): string[] =>
  value !== null && typeof value === 'object' ? Object.keys(value) : [];

/** `users/{uid}/private/gamelist`: each entry checked on its own, so one bad entry loses only itself. */
const gamelistSchema = z.record(z.string(), z.unknown());

/**
 * The member's tastes, newest first: followed games and games their shelves and ratings say they liked
 * (gamelistTaste: rated 7 or more, or shelved as want, playing or played without a score under 7), each
 * once (a follow and a shelf of the same game count once, at the newer of the two); which of them are not
 * followed, with the shelf their reason names (a game rated on no shelf reads as played); and every game
 * shelved or rated, never suggested. A game they rated low or dropped says nothing of what they would like
 * next, nor does a middling 5 or 6: it is only never suggested.
 */
export function memberTastes(
  follows: Readonly<Record<string, number>>,
  gamelist: Readonly<Record<string, unknown>>,
): { tastes: string[]; shelvedOnly: Map<string, TasteShelf>; shelved: string[] } {
  const when = new Map<string, number>(Object.entries(follows));
  const shelvedOnly = new Map<string, TasteShelf>();
  const entries = new Map<string, GamelistEntry>();
  for (const [gameId, value] of Object.entries(gamelist)) {
    const entry = gamelistEntrySchema.safeParse(value);
    if (entry.success && (entry.data.status !== null || entry.data.score !== undefined))
      entries.set(gameId, entry.data);
  }
  const { liked } = gamelistTaste(entries);
  for (const gameId of liked) {
    const entry = entries.get(gameId);
    if (!entry) continue;
    const shelf = entry.status === null || entry.status === 'dropped' ? 'played' : entry.status;
    if (!(gameId in follows)) shelvedOnly.set(gameId, shelf);
    when.set(gameId, Math.max(when.get(gameId) ?? 0, entry.timestamp ?? 0));
  }
  const tastes = [...when].sort(([a, x], [b, y]) => y - x || byKey(a, b)).map(([gameId]) => gameId);
  return { tastes, shelvedOnly, shelved: [...entries.keys()] };
}

/**
 * The games to ask a member about next, best first, each with its reason (spec: "suggest games by game id",
 * ratio at least MIN_SUGGESTION_RATIO, DEFAULT_SUGGEST_COUNT by default): the suggestions of the games they
 * followed or shelved (want, playing, played) most recently (see rankSuggestions), without games they
 * follow, shelved, already answered or are not interested in. A member with no follow and no such shelf is
 * asked about the suggestion engine's seed games (`se_matrix_seedgames`: popular games whose followers
 * agree on others), then what those suggest.
 *
 * Two rounds, each parallel: the member's followed games (`users/{uid}/private/follows/games`, all of
 * them, with when), their shelves (`users/{uid}/private/gamelist`, likewise), answers, games they are not
 * interested in and the seed games; then the matrix rows of the source games (the caller reads the games). `db` must be allowed to read the member's private section
 * and answers and the seed games' directory: the server credential, after the caller proved who the member is.
 */
export async function memberSuggestions(
  db: RtdbClient,
  uid: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<MemberSuggestion[]> {
  const [follows, gamelist, answered, notInterested, seeds] = await Promise.all([
    db.read(userFollowsMapNode(uid, 'game').path, timestampMapSchema),
    db.read(`${userSectionPath(uid, 'private')}/gamelist`, gamelistSchema),
    db.get(suggestionHistoryOfUserPath(uid), { shallow: true }).then(keysOf),
    db.get(userBlocksNode(uid, 'games').path, { shallow: true }).then(keysOf),
    db.get(ROOTS.seMatrixSeedGames, { shallow: true }).then(keysOf),
  ]);
  const { tastes: followed, shelvedOnly, shelved } = memberTastes(follows ?? {}, gamelist ?? {});
  // Anything followed, shelved (dropped too), answered or waved away is never asked about again.
  const excluded = new Set([...followed, ...shelved, ...answered, ...notInterested]);
  const sources = suggestionSources(followed, seeds.sort(byKey));
  const rows = await Promise.all(
    sources.map(
      async (gameId) =>
        [gameId, await gameSuggestions(db, gameId, Math.max(count, SUGGESTION_ROW_READ))] as const,
    ),
  );
  return rankSuggestions({ followed, shelvedOnly, excluded, seeds, rows, count });
}

/** The ids of memberSuggestions, best first. */
export async function memberSuggestionIds(
  db: RtdbClient,
  uid: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<string[]> {
  return (await memberSuggestions(db, uid, count)).map(({ gameId }) => gameId);
}
