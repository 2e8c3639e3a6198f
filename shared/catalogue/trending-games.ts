import { z } from 'zod';
import { TRENDING_GAMES_SHOWN } from '../constants.ts';
import { ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

/**
 * `indices_public/trendingIndex`: game id → how hot the game is now (higher is hotter). The demo seed
 * writes it from the demo members' follows; the trending job (shared/jobs/trending-job.ts, every hour)
 * keeps it from the last four weeks of follows, posts, likes and suggestion answers, by the rule of
 * shared/jobs/trending-score.ts. Only the ordering matters to readers.
 */
export const trendingIndexSchema = z.record(z.string(), z.number());

/** The index query's answer, entries checked below (made once rather than on each read). */
const trendingAnswerSchema = z.record(z.string(), z.unknown());

/**
 * The ids of the hottest games, hottest first (ties by id, so the order is stable): one query ordered by
 * value (`.indexOn: ".value"`), the last `count` entries. Entries that are not numbers are left out.
 */
export async function trendingGameIds(
  db: RtdbClient,
  count: number = TRENDING_GAMES_SHOWN,
): Promise<string[]> {
  const found = await db.query(
    ROOTS.trendingIndex,
    { orderBy: '$value', limitToLast: count },
    trendingAnswerSchema,
  );
  return Object.entries(found ?? {})
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([id]) => id);
}
