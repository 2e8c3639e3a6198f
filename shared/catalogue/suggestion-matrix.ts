import { MIN_SUGGESTION_RATIO } from '../constants.ts';

/**
 * The suggestion engine's co-follow matrix (`se_matrix`): for a game A and another game B, the share of
 * A's followers who also want B (they follow it or said yes to it), less those of them who said no to it.
 * A game a member shelved or rated high counts as followed, one they rated low or dropped as a no
 * (gamelistTaste).
 * The game page and browse read the row of A and keep ratios of at least MIN_SUGGESTION_RATIO with a query.
 */
export type SuggestionMatrix = Record<string, Record<string, number>>;

/** Ratios are rounded to this many decimals so that stored values are short and stable. */
const RATIO_DECIMALS = 4;
const RATIO_FACTOR = 10 ** RATIO_DECIMALS;

/** The most games one stored row keeps, best first: browse and the game page read at most 10 of them. */
export const SUGGESTION_ROW_SIZE = 50;

/**
 * A game needs this many followers before its row suggests anything: with one follower every other game
 * of that member would read 100 %, which says nothing about what the game's players share.
 */
export const MIN_ROW_FOLLOWERS = 2;

/** How many seed games (`se_matrix_seedgames`) a member who follows nothing is asked about first. */
export const SEED_GAME_COUNT = 10;

/**
 * The most games one member counts with, of those they want (follow, said yes to, liked) and again of those
 * they refused: each member adds a pair for every game they want times every game they want or refused, so
 * one member who shelved the whole catalogue (20,000 games: a library import does it in minutes) would add
 * 400 million pairs and stop the job for everyone. A member's newest 500 say what they like now as well as
 * all of them would (their own suggestions build on their 10 newest), and cost at most 500 × 1,000 pairs.
 * Callers give each list newest first (the job does), so it is the oldest that are left out; follows come
 * before games liked on a shelf.
 */
export const MAX_MEMBER_TASTE_GAMES = 500;

/**
 * What one member tells the engine: the games they follow, how they answered suggestions, and what their
 * shelves and ratings say (gamelistTaste).
 */
export interface MemberTaste {
  follows: readonly string[];
  /** Games they said yes to: counted like a follow of the suggested game. */
  yes?: readonly string[];
  /** Games they said no to: counted against every pair from a game they follow to it. */
  no?: readonly string[];
  /** Games they rated high, or shelved without a low score (want, playing, played): counted as a follow. */
  liked?: readonly string[];
  /** Games they rated low, or dropped: counted against every pair from a game they like to it, as a no. */
  disliked?: readonly string[];
}

/** From this score up, a rating says the member liked the game (7 of 10: "good" on most sites' scales). */
export const LIKED_FROM_SCORE = 7;
/** Up to this score, a rating says they did not (4 of 10: below the middle, not just lukewarm). */
export const DISLIKED_UP_TO_SCORE = 4;

/** One `gamelist` entry as the engine reads it: a shelf (null once taken off) and a score. */
export interface GamelistSignal {
  status?: 'want' | 'playing' | 'played' | 'dropped' | null;
  score?: number | undefined;
}

/**
 * What a member's shelves and ratings say about each game: a score decides when there is one (from
 * LIKED_FROM_SCORE liked, up to DISLIKED_UP_TO_SCORE disliked, a 5 or 6 says nothing either way, whatever
 * the shelf: a game played and scored 5 is not one to build on); without one, a game they want to play,
 * are playing or played is liked, and a dropped one disliked.
 */
export function gamelistTaste(entries: Iterable<readonly [string, GamelistSignal]>): {
  liked: string[];
  disliked: string[];
} {
  const liked: string[] = [];
  const disliked: string[] = [];
  for (const [gameId, { status, score }] of entries) {
    if (typeof score === 'number') {
      if (score >= LIKED_FROM_SCORE) liked.push(gameId);
      else if (score <= DISLIKED_UP_TO_SCORE) disliked.push(gameId);
    } else if (status === 'dropped') disliked.push(gameId);
    else if (status) liked.push(gameId);
  }
  return { liked, disliked };
}

/**
 * The counts the matrix is made of, added one member at a time, so that members can be read a page at a
 * time and forgotten: `followers` per game and, per row game A, the net count of each B (followers of A who
 * want B minus those who said no to it). Memory grows with the distinct pairs, not with the members; a
 * `keepRow` filter lets a job count a share of the rows per pass (see the suggestion engine job).
 */
export class CoFollowCounts {
  readonly followers = new Map<string, number>();
  members = 0;
  readonly #keepRow: (gameId: string) => boolean;
  // Games are counted by a small integer each: a row's counts are then numbers keyed by numbers, which the
  // garbage collector need not trace (string-keyed rows made one pass over 100,000 members twice as slow).
  readonly #ids: string[] = [];
  readonly #numbers = new Map<string, number>();
  readonly #rows = new Map<string, Map<number, number>>();

  constructor(options: { keepRow?: (gameId: string) => boolean } = {}) {
    this.#keepRow = options.keepRow ?? (() => true);
  }

  #number(gameId: string): number {
    let n = this.#numbers.get(gameId);
    if (n === undefined) {
      n = this.#ids.push(gameId) - 1;
      this.#numbers.set(gameId, n);
    }
    return n;
  }

  addMember(taste: MemberTaste): void {
    this.members += 1;
    // A game they like (shelved, rated high) counts as a follow: its players are the game's "followers".
    const follows = [...new Set([...taste.follows, ...(taste.liked ?? [])])].slice(0, MAX_MEMBER_TASTE_GAMES);
    if (follows.length === 0) return;
    const followed = new Set(follows);
    // A member's current follows win over an older answer about the same game.
    const wanted = [...follows, ...new Set((taste.yes ?? []).filter((id) => !followed.has(id)))]
      .slice(0, MAX_MEMBER_TASTE_GAMES)
      .map((id) => this.#number(id));
    // A low score or a dropped game counts against the pair as a "no" does.
    const refused = [
      ...new Set([...(taste.no ?? []), ...(taste.disliked ?? [])].filter((id) => !followed.has(id))),
    ]
      .slice(0, MAX_MEMBER_TASTE_GAMES)
      .map((id) => this.#number(id));
    for (const a of follows) {
      // Followers are counted for every game (cheap); pairs only for the rows this pass keeps.
      this.followers.set(a, (this.followers.get(a) ?? 0) + 1);
      if (!this.#keepRow(a)) continue;
      const self = this.#number(a);
      let row = this.#rows.get(a);
      if (!row) this.#rows.set(a, (row = new Map<number, number>()));
      for (const b of wanted) if (b !== self) row.set(b, (row.get(b) ?? 0) + 1);
      for (const b of refused) if (b !== self) row.set(b, (row.get(b) ?? 0) - 1);
    }
  }

  /** The games whose rows are counted (followed by someone, and kept by this pass). */
  rowGames(): IterableIterator<string> {
    return this.#rows.keys();
  }

  /** The net counts of the row of `gameId`: other game id → count. */
  *row(gameId: string): Generator<[string, number]> {
    for (const [b, count] of this.#rows.get(gameId) ?? []) yield [this.#ids[b] as string, count];
  }

  /** How many (A, B) pairs are counted: what the memory grows with. */
  get pairCount(): number {
    let pairs = 0;
    for (const row of this.#rows.values()) pairs += row.size;
    return pairs;
  }
}

/** What a matrix keeps: ratios from `minRatio`, at most `rowSize` per row, rows of games with enough followers. */
export interface MatrixLimits {
  minRatio: number;
  rowSize: number;
  minFollowers: number;
}

/** What the stored matrix keeps (see the constants above). */
export const STORED_MATRIX_LIMITS: MatrixLimits = {
  minRatio: MIN_SUGGESTION_RATIO,
  rowSize: SUGGESTION_ROW_SIZE,
  minFollowers: MIN_ROW_FOLLOWERS,
};

const byKey = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/** The row of `gameId` from the counts: ratios best first (ties by id), within the limits; empty when none. */
export function matrixRow(
  counts: CoFollowCounts,
  gameId: string,
  limits: MatrixLimits,
): Record<string, number> {
  const total = counts.followers.get(gameId) ?? 0;
  if (total < limits.minFollowers) return {};
  const ratios: [string, number][] = [];
  for (const [b, count] of counts.row(gameId)) {
    const ratio = Math.round((Math.max(0, count) / total) * RATIO_FACTOR) / RATIO_FACTOR;
    if (ratio > 0 && ratio >= limits.minRatio) ratios.push([b, ratio]);
  }
  ratios.sort(([a, x], [b, y]) => y - x || byKey(a, b));
  return Object.fromEntries(ratios.slice(0, limits.rowSize));
}

/** Every non-empty row of the counts. */
export function matrixFromCounts(counts: CoFollowCounts, limits: MatrixLimits): SuggestionMatrix {
  const matrix: SuggestionMatrix = {};
  for (const gameId of [...counts.rowGames()].sort(byKey)) {
    const row = matrixRow(counts, gameId, limits);
    if (Object.keys(row).length > 0) matrix[gameId] = row;
  }
  return matrix;
}

/**
 * The seed games (`se_matrix_seedgames/{A}: true`): what a member who follows nothing is asked about
 * first. The most followed games whose followers agree on something (a non-empty row), most followed first.
 */
export function chooseSeedGames(
  followers: ReadonlyMap<string, number>,
  gamesWithRows: Iterable<string>,
  count: number = SEED_GAME_COUNT,
): string[] {
  return [...gamesWithRows]
    .sort((a, b) => (followers.get(b) ?? 0) - (followers.get(a) ?? 0) || byKey(a, b))
    .slice(0, count);
}

/**
 * The whole matrix of a small population at once (the demo seed): every ratio above zero, every row with
 * at least one follower, so that the seed's few members still give the game page something to show.
 * @param followsByUser each user's followed game ids (duplicates are ignored)
 */
export function buildSuggestionMatrix(
  followsByUser: Readonly<Record<string, readonly string[]>>,
): SuggestionMatrix {
  const counts = new CoFollowCounts();
  for (const follows of Object.values(followsByUser)) counts.addMember({ follows });
  return matrixFromCounts(counts, { minRatio: 0, rowSize: Number.POSITIVE_INFINITY, minFollowers: 1 });
}

/** The seed-game list of the demo seed: every game that has a matrix row. */
export function suggestionSeedGames(matrix: SuggestionMatrix): Record<string, true> {
  return Object.fromEntries(Object.keys(matrix).map((id) => [id, true] as const));
}
