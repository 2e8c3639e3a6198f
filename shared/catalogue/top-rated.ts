import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import type { GameSummary } from '../page-data.ts';
import { HOME_TOP_RATED_PATH } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { gameSummaryRecordSchema, summaryForPage, type GameSummaryRecord } from '../schemas/game-summary.ts';
import { planSummaryPlaceEntries } from './game-summary-places.ts';

// Top rated: games ordered by a Bayesian average of their members' scores, so that a game rated by a few
// does not beat one rated by thousands. Each game's ratings count as PRIOR_RATINGS more ratings of
// PRIOR_SCORE: (PRIOR_RATINGS × PRIOR_SCORE + sum) / (PRIOR_RATINGS + count). Three 10s make 95 / 13 ≈ 7.31;
// two thousand 9s make 18,065 / 2,010 ≈ 8.99.
//
// The prior is fixed rather than the catalogue's current mean so that a game's place moves only with its
// own ratings (and every run, test and page agrees on it); 6.5 is a little above the scale's middle, where
// members' scores of games they chose to play gather, and 10 ratings is enough that a handful of perfect
// scores cannot outrank a game most of a crowd loves.

/** How many ratings the prior counts as. */
export const PRIOR_RATINGS = 10;
/** The score the prior's ratings give. */
export const PRIOR_SCORE = 6.5;
/** How many top rated games home and browse show. */
export const TOP_RATED_SHOWN = 10;

/** A game's ratings as the ranking reads them: how many, and their sum. */
export interface RatingTotals {
  count: number;
  sum: number;
}

/** The Bayesian average of a game's ratings under the prior (the prior's score when none). */
export function bayesianAverage({ count, sum }: RatingTotals): number {
  return (PRIOR_RATINGS * PRIOR_SCORE + sum) / (PRIOR_RATINGS + count);
}

/** One top rated game: its place (1 is best), its plain average and how many rated it. */
export interface TopRatedPlace {
  gameId: string;
  rank: number;
  /** The plain average of its scores (what a card shows, with one decimal). */
  average: number;
  count: number;
}

/**
 * The `shown` best rated of `games` (those with at least one rating), best Bayesian average first; ties
 * by more ratings, then by id, so the order is stable.
 */
export function topRated(
  games: ReadonlyMap<string, RatingTotals>,
  shown: number = TOP_RATED_SHOWN,
): TopRatedPlace[] {
  return [...games]
    .filter(([, totals]) => totals.count > 0)
    .map(([gameId, totals]) => ({ gameId, totals, score: bayesianAverage(totals) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.totals.count - a.totals.count ||
        (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0),
    )
    .slice(0, shown)
    .map(({ gameId, totals }, index) => ({
      gameId,
      rank: index + 1,
      average: totals.sum / totals.count,
      count: totals.count,
    }));
}

/** One top rated game as home keeps it (`highlights/home/top_rated/{gameId}`), with its summary. */
const keptTopRatedSchema = z
  .object({
    rank: z.number().int().positive(),
    average: z.number().min(1).max(10),
    count: z.number().int().positive(),
  })
  .loose();

/** `highlights/home/top_rated`: game id → its place, average, count and summary (a wrong entry is none). */
export const keptTopRatedRecordSchema = z.record(z.string(), keptTopRatedSchema.nullable().catch(null));

/**
 * The writes keeping `places` at `highlights/home/top_rated` with their summaries (from `summaries`; a
 * game without one is left out), and the index entries of where summaries are kept (`before`: the games
 * kept there until now).
 */
export function planHomeTopRated(
  places: readonly TopRatedPlace[],
  summaries: ReadonlyMap<string, GameSummaryRecord>,
  before: Iterable<string>,
): MultiPathUpdate {
  const kept = places.flatMap((place) => {
    const summary = summaries.get(place.gameId);
    return summary ? [{ ...place, summary }] : [];
  });
  return {
    [HOME_TOP_RATED_PATH]:
      kept.length > 0
        ? Object.fromEntries(
            kept.map(({ gameId, rank, average, count, summary }) => [
              gameId,
              { rank, average, count, ...summary },
            ]),
          )
        : null,
    ...planSummaryPlaceEntries(
      { kind: 'home', part: 'top-rated' },
      before,
      kept.map(({ gameId }) => gameId),
    ),
  };
}

/** A top rated game as a page reads it: its summary, plain average and number of ratings. */
export interface KeptTopRated {
  gameId: string;
  average: number;
  count: number;
  summary: GameSummaryRecord;
}

/** The top rated games home keeps, best first (entries of the wrong shape are left out). */
export function keptTopRated(kept: z.infer<typeof keptTopRatedRecordSchema> | undefined): KeptTopRated[] {
  return Object.entries(kept ?? {})
    .flatMap(([gameId, entry]) => {
      if (!entry) return [];
      const summary = gameSummaryRecordSchema.safeParse(entry);
      return summary.success
        ? [{ gameId, rank: entry.rank, average: entry.average, count: entry.count, summary: summary.data }]
        : [];
    })
    .sort((a, b) => a.rank - b.rank || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0))
    .map(({ gameId, average, count, summary }) => ({ gameId, average, count, summary }));
}

/** A top rated game as home and browse show it: the game, its plain average and how many rated it. */
export interface RatedGame {
  game: GameSummary;
  average: number;
  count: number;
}

/** The kept top rated games as pages show them, best first. */
export function ratedGames(kept: z.infer<typeof keptTopRatedRecordSchema> | undefined): RatedGame[] {
  return keptTopRated(kept).map(({ gameId, average, count, summary }) => ({
    game: summaryForPage(gameId, summary),
    average,
    count,
  }));
}

/** The top rated games the job keeps (one read of `highlights/home/top_rated`), best first. */
export async function topRatedGames(db: RtdbClient): Promise<RatedGame[]> {
  return ratedGames((await db.read(HOME_TOP_RATED_PATH, keptTopRatedRecordSchema)) ?? undefined);
}
