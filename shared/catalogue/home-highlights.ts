import { z } from 'zod';
import { TRENDING_GAMES_SHOWN } from '../constants.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { HOME_TRENDING_PATH } from '../rtdb/paths.ts';
import {
  gameSummariesSchema,
  gameSummaryRecordSchema,
  type GameSummaryRecord,
} from '../schemas/game-summary.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import { planSummaryPlaceEntries } from './game-summary-places.ts';
import { keptTopGamesRecordSchema } from './home-top-games.ts';
import { keptTopRatedRecordSchema } from './top-rated.ts';

/** One hottest game as home keeps it: how hot (see trending-games.ts), and its summary when it had one. */
const keptTrendingSchema = z.object({ score: z.number() }).loose();

/**
 * The home page's featured content at `highlights/home`, read in one read: the highlighted games keyed
 * by id, valued by display order, with their summaries (the editors' save writes them), and the hottest
 * games with theirs (the trending job keeps them from `indices_public/trendingIndex`), the top rated
 * games with theirs (the top-rated job), and the top games with theirs (the trending job and the import,
 * home-top-games.ts), so that the page reads no game one by one (shared/schemas/game-summary.ts) and
 * queries no games.
 */
export const homeHighlightsSchema = z.object({
  games: z.record(recordIdSchema, z.number()).default({}),
  game_summaries: gameSummariesSchema.optional(),
  trending: z.record(z.string(), keptTrendingSchema.nullable().catch(null)).optional(),
  /** The best rated games with their summaries, kept by the top-rated job (top-rated.ts). */
  top_rated: keptTopRatedRecordSchema.optional(),
  /**
   * The top games by `weighted_index` with their summaries (home-top-games.ts); a copy that is no record
   * at all is none, and the page queries the games as before it was kept.
   */
  top_games: keptTopGamesRecordSchema.optional().catch(undefined),
});

export type HomeHighlights = z.infer<typeof homeHighlightsSchema>;

/** The TRENDING_GAMES_SHOWN hottest of a trending index, hottest first (ties by id). */
export function hottestGames(index: Readonly<Record<string, number>>): [string, number][] {
  return Object.entries(index)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TRENDING_GAMES_SHOWN);
}

/**
 * The writes keeping the hottest games of `index` on home with their summaries (from `summaries`), and the
 * index entries of where summaries are kept (home showed `before` as trending).
 */
export function planHomeTrending(
  index: Readonly<Record<string, number>>,
  summaries: ReadonlyMap<string, GameSummaryRecord>,
  before: Iterable<string>,
): MultiPathUpdate {
  const hottest = hottestGames(index);
  return {
    [HOME_TRENDING_PATH]:
      hottest.length > 0
        ? Object.fromEntries(hottest.map(([id, score]) => [id, { score, ...(summaries.get(id) ?? {}) }]))
        : null,
    ...planSummaryPlaceEntries(
      { kind: 'home', part: 'trending' },
      before,
      hottest.map(([id]) => id),
    ),
  };
}

/** The hottest games home keeps, hottest first, each with its summary (null: read the game itself). */
export function keptTrending(
  trending: HomeHighlights['trending'],
): { gameId: string; summary: GameSummaryRecord | null }[] {
  return Object.entries(trending ?? {})
    .flatMap(([gameId, entry]) => (entry ? [{ gameId, entry }] : []))
    .sort((a, b) => b.entry.score - a.entry.score || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0))
    .map(({ gameId, entry }) => {
      const summary = gameSummaryRecordSchema.safeParse(entry);
      return { gameId, summary: summary.success ? summary.data : null };
    });
}
