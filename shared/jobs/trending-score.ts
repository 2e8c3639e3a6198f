// The rule of trending and top games, as pure functions (the trending job, trending-job.ts, reads the
// activity and writes what these answer).
//
// Trending: each recent act of a member on a game earns the game points, worth half as much for every
// TRENDING_HALF_LIFE_MS (7 days) since it happened:
//
//   trending(game) = max(0, Σ points(act) × 2^(−age(act) / 7 days))   over acts of the last 28 days
//
//   following the game          3   (a follow since undone counts 0)
//   a post on the game's feed   2
//   answering "yes" to it       2   (as a suggestion)
//   a like on a post (or on a comment of a post) on the game's feed   1   (an undone like counts 0)
//   answering "no" to it       −1   (a game people turn down is not hot; the sum never goes below 0)
//
// Acts older than TRENDING_WINDOW_MS (4 half-lives: worth at most 1/16 of their points) are not read at
// all, which keeps the job's reads bounded by the activity of the last four weeks. An act dated in the
// future (clock skew) counts as happening now. `indices_public/trendingIndex` holds the
// TRENDING_INDEX_SIZE games with the highest score above 0 (ties by game id).
//
// Top games (`weighted_index`, which also orders browse by genre and tag, and search): long-run
// popularity. A game keeps the ranking it was given (its catalogue base: the Steam review count, or the
// demo's order) and gains one point per member following it and its trending score:
//
//   weighted_index(game) = base + followers + trending(game)
//
// so a burst of activity lifts a game for a few weeks, and what stays is the members it won.

/** Trending's half-life: an act is worth half as much a week later. */
export const TRENDING_HALF_LIFE_MS = 7 * 24 * 60 * 60 * 1000;
/** Acts older than this (4 half-lives) are not counted. */
export const TRENDING_WINDOW_MS = 4 * TRENDING_HALF_LIFE_MS;
/** Games kept in `indices_public/trendingIndex`. */
export const TRENDING_INDEX_SIZE = 50;
/** Points of one current follower in `weighted_index`. */
export const FOLLOWER_POINTS = 1;

/** What a member did that counts towards a game's heat. */
export type ActivityKind = 'follow' | 'post' | 'like' | 'suggestion-yes' | 'suggestion-no';

export const ACTIVITY_POINTS: Readonly<Record<ActivityKind, number>> = {
  follow: 3,
  post: 2,
  'suggestion-yes': 2,
  like: 1,
  'suggestion-no': -1,
};

/** One act on a game, at a time (ms since epoch). */
export interface GameActivity {
  gameId: string;
  kind: ActivityKind;
  at: number;
}

/** Scores are kept to this many decimals, so that re-running on the same activity writes nothing. */
const SCORE_DECIMALS = 3;

export function roundScore(score: number): number {
  const factor = 10 ** SCORE_DECIMALS;
  return Math.round(score * factor) / factor;
}

/** What an act at `at` is worth at `now`, per point: 1 now, ½ a half-life later, 0 outside the window. */
export function decayFactor(at: number, now: number): number {
  const age = Math.max(0, now - at);
  if (age > TRENDING_WINDOW_MS) return 0;
  return 2 ** (-age / TRENDING_HALF_LIFE_MS);
}

/** Every game's trending score at `now` (games whose acts add up to 0 or less score 0 and are left out). */
export function trendingScores(activity: Iterable<GameActivity>, now: number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const { gameId, kind, at } of activity)
    sums.set(gameId, (sums.get(gameId) ?? 0) + ACTIVITY_POINTS[kind] * decayFactor(at, now));
  const scores = new Map<string, number>();
  for (const [gameId, sum] of sums) {
    const score = roundScore(sum);
    if (score > 0) scores.set(gameId, score);
  }
  return scores;
}

/** The trending index: the `size` highest scores, highest first, ties by game id. */
export function trendingIndex(
  scores: ReadonlyMap<string, number>,
  size: number = TRENDING_INDEX_SIZE,
): Record<string, number> {
  const top = [...scores]
    .filter(([, score]) => score > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, size);
  return Object.fromEntries(top);
}

/** What site activity adds to a game's base ranking: its followers and its trending score. */
export function activityPoints(followers: number, trending: number): number {
  return roundScore(FOLLOWER_POINTS * Math.max(0, followers) + Math.max(0, trending));
}

/**
 * What the job remembers of a game it ranked (`ranking_activity/{gameId}`): the activity points it
 * added and the `weighted_index` it wrote, so that the next run can take the points back out.
 */
export interface RankedActivity {
  activity: number;
  /** The trending part of `activity`: above 0, the game is re-ranked on the next run even if quiet. */
  recent: number;
  weighted_index: number;
}

/**
 * The game's base ranking, before site activity. When the game still has the `weighted_index` the job
 * last wrote, the base is that minus the activity it added; when something else has written it since
 * (a catalogue import re-ranking the game) or the job never ranked it, what it holds now is the base.
 * A game without a ranking has base 0.
 */
export function baseRanking(current: number | undefined, last: RankedActivity | null): number {
  if (current === undefined) return 0;
  if (last && last.weighted_index === current) return roundScore(current - last.activity);
  return current;
}

/** The new `weighted_index`: the base plus the game's activity points now. */
export function rankedWeightedIndex(
  current: number | undefined,
  last: RankedActivity | null,
  activity: number,
): number {
  return roundScore(baseRanking(current, last) + activity);
}
