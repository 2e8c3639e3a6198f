import { z } from 'zod';
import { gamePath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { gameSchema } from '../schemas/game.ts';
import { gameSummaryRecordOf, type GameSummaryRecord } from '../schemas/game-summary.ts';

/** What reading games for their summaries found: each game's summary, and which ids name no game. */
export interface GameSummariesRead {
  summaries: Map<string, GameSummaryRecord>;
  /** Ids with no game record (or one without a name), in the order asked. */
  missing: string[];
}

/**
 * The summaries of the games `ids` (shared/schemas/game-summary.ts), for a write keeping them beside what
 * shows the games: one read of each game, in parallel. A game whose record does not validate as a whole
 * still exists (it has a name) but gives no summary; its page then reads it as before.
 */
export async function readGameSummaries(db: RtdbClient, ids: Iterable<string>): Promise<GameSummariesRead> {
  const unique = [...new Set(ids)];
  const records = await Promise.all(unique.map((id) => db.read(gamePath(id), z.unknown())));
  const summaries = new Map<string, GameSummaryRecord>();
  const missing: string[] = [];
  unique.forEach((id, index) => {
    const record = records[index];
    const name = (record as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') {
      missing.push(id);
      return;
    }
    const game = gameSchema.safeParse(record);
    if (game.success) summaries.set(id, gameSummaryRecordOf(game.data));
  });
  return { summaries, missing };
}
