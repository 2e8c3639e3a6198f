// The top-rated job: ranks the games members rated by the Bayesian average of shared/catalogue/top-rated.ts
// and keeps the best TOP_RATED_SHOWN with their summaries at `highlights/home/top_rated`, which home reads
// with its highlights in the one read it already makes, and browse reads in one read more.
//
// Reads are one query over the games with ratings (`orderByChild("ratings/count")` from 1, a page at a
// time; `.indexOn` in database.rules.json), so they grow with the games members rated, never with the
// rest of the catalogue, and the rating write stays as it is (one PATCH, no index of its own to keep).
// Writes one PATCH when what home would show changed, none otherwise: running it twice writes once.

import { planHomeTopRated, topRated, type RatingTotals } from '../catalogue/top-rated.ts';
import { HOME_TOP_RATED_PATH, ROOTS } from '../rtdb/paths.ts';
import { gameSchema } from '../schemas/game.ts';
import { gameSummaryRecordOf, type GameSummaryRecord } from '../schemas/game-summary.ts';
import { ratingsOf } from '../schemas/rating.ts';
import type { Job, JobContext } from './job.ts';
import { childrenFrom } from './trending-job.ts';
import { sameStoredValue } from '../rtdb/same-stored-value.ts';

/** Keeps the top rated games on home (see shared/catalogue/top-rated.ts for the ranking). */
export async function runTopRated({ db, log }: JobContext): Promise<string> {
  const rated = await childrenFrom(db, ROOTS.games, 'ratings/count', 1);
  const totals = new Map<string, RatingTotals>();
  const summaries = new Map<string, GameSummaryRecord>();
  for (const [gameId, value] of rated) {
    const game = gameSchema.safeParse(value);
    if (!game.success) continue;
    const { count, sum } = ratingsOf(game.data.ratings);
    totals.set(gameId, { count, sum });
    summaries.set(gameId, gameSummaryRecordOf(game.data));
  }
  log(`${totals.size.toLocaleString('en')} rated games`);
  const best = topRated(totals);
  const keptBefore = await db.get(HOME_TOP_RATED_PATH);
  const update = planHomeTopRated(
    best,
    summaries,
    keptBefore !== null && typeof keptBefore === 'object' ? Object.keys(keptBefore) : [],
  );
  const same = sameStoredValue(keptBefore, update[HOME_TOP_RATED_PATH] ?? null);
  if (!same) await db.patch('', update);
  return `${best.length.toLocaleString('en')} top rated games of ${totals.size.toLocaleString('en')} rated${same ? ', unchanged' : ''}`;
}

export const topRatedJob: Job = {
  description: 'ranks rated games by a Bayesian average and keeps the top rated on home and browse',
  run: runTopRated,
};
