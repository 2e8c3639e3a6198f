import { RATING_MAX, RATING_MIN } from '../schemas/rating.ts';

// Taste in common: how much two members' ratings agree over the games both rated, for a signed-in visitor
// on another member's profile (worker/api/taste.ts).
//
// The similarity is agreement = 1 − (mean absolute difference of the two scores) / 9, over the games both
// rated: 100 % when every score matches, 0 % when every game one gave 10 the other gave 1. Chosen over a
// correlation (Pearson, cosine) because it says what a member reads it as ("we score games alike"), stays
// defined when one member gives every game the same score (a correlation divides by zero there), and is
// not fooled by two members who rank games alike but one scores everything 4 points lower: their scores
// differ, and the page says so. Shown only from TASTE_MIN_IN_COMMON games in common: with fewer, one game
// moves it by a fifth or more.

/** Games both must have rated before an agreement is shown. */
export const TASTE_MIN_IN_COMMON = 5;

/** How many games that agree most, and that disagree most, are named. */
export const TASTE_GAMES_NAMED = 3;

/**
 * Scores this close (or closer) make a game one both agree on: a point apart is the noise of one rating
 * to the next (a 7 today is an 8 tomorrow).
 */
export const AGREE_WITHIN = 1;

/** Scores this far apart (or farther) make a game one they disagree on: a third of the scale. */
export const DISAGREE_FROM = 3;

const SPAN = RATING_MAX - RATING_MIN;

/** One game both rated, the visitor's score beside the member's (which never leaves the Worker). */
export interface GameInCommon {
  gameId: string;
  yours: number;
  theirs: number;
}

/** What taste in common shows: how many games both rated, the agreement, and the games named. */
export interface TasteComparison {
  inCommon: number;
  /** 0 to 100, whole percent; null below TASTE_MIN_IN_COMMON games in common. */
  agreement: number | null;
  /** Games whose scores are within AGREE_WITHIN, closest first (then the ones both scored highest). */
  agreeing: GameInCommon[];
  /** Games whose scores are DISAGREE_FROM or more apart, farthest first. */
  disagreeing: GameInCommon[];
}

const byKey = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

const isScore = (value: number | undefined): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;

/**
 * Compares two members' scores (game id → 1 to 10; anything else is ignored): the games both rated, the
 * agreement (see the file's comment) from TASTE_MIN_IN_COMMON of them, and up to TASTE_GAMES_NAMED games
 * they agree on most and disagree on most. Ties go to the games both liked more (a shared 10 says more
 * than a shared 5), then to the game id, so the answer is the same every time.
 */
export function tasteInCommon(
  yours: Readonly<Record<string, number | undefined>>,
  theirs: Readonly<Record<string, number | undefined>>,
): TasteComparison {
  const both: GameInCommon[] = [];
  for (const [gameId, score] of Object.entries(yours)) {
    const other = theirs[gameId];
    if (isScore(score) && isScore(other)) both.push({ gameId, yours: score, theirs: other });
  }
  if (both.length < TASTE_MIN_IN_COMMON)
    return { inCommon: both.length, agreement: null, agreeing: [], disagreeing: [] };
  const apart = (game: GameInCommon) => Math.abs(game.yours - game.theirs);
  const liked = (game: GameInCommon) => game.yours + game.theirs;
  const meanApart = both.reduce((sum, game) => sum + apart(game), 0) / both.length;
  const agreeing = both
    .filter((game) => apart(game) <= AGREE_WITHIN)
    .sort((a, b) => apart(a) - apart(b) || liked(b) - liked(a) || byKey(a.gameId, b.gameId))
    .slice(0, TASTE_GAMES_NAMED);
  const disagreeing = both
    .filter((game) => apart(game) >= DISAGREE_FROM)
    .sort((a, b) => apart(b) - apart(a) || liked(b) - liked(a) || byKey(a.gameId, b.gameId))
    .slice(0, TASTE_GAMES_NAMED);
  return {
    inCommon: both.length,
    agreement: Math.round(100 * (1 - meanApart / SPAN)),
    agreeing,
    disagreeing,
  };
}
