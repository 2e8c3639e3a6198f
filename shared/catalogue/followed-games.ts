import { z } from 'zod';
import { parseTargetName } from '../schemas/feed-id.ts';
import { followsByUserIdPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { followTypeTimeRange } from '../schemas/follow.ts';
import type { FollowedCopyGame } from '../schemas/followed-copy.ts';
import { keptSummaryOf, type GameSummaryRecord } from '../schemas/game-summary.ts';
import { newestFirst } from '../schemas/shelved-copy.ts';

/** A page of `follows_by_userid/{uid}`: target name (`game:hades`) → index entry, each checked on its own. */
const followsIndexSchema = z.record(z.string(), z.unknown());

/**
 * The ids of the games a member follows, newest first ("get games followed by a user id"): one query on
 * the type-time index, a range on `game_`, the last `count`. Entries of another shape are left out.
 */
export async function followedGameIds(db: RtdbClient, uid: string, count: number): Promise<string[]> {
  return (await followedGames(db, uid, count)).map(({ gameId }) => gameId);
}

/** A game a member follows, with the summary their index entry keeps of it (null: none kept yet). */
export interface FollowedGame {
  gameId: string;
  summary: GameSummaryRecord | null;
}

/**
 * The games a member follows, newest first, each with the summary kept in its index entry (written by the
 * follow, kept right by game_summary_places' `follower:{uid}`): the same one query as followedGameIds, so
 * a page shows them without reading a game (only those followed before summaries were kept, until
 * `npm run job -- followed-game-summaries` has run).
 */
export async function followedGames(db: RtdbClient, uid: string, count: number): Promise<FollowedGame[]> {
  return (await newestFollowedGames(db, uid, count)).map(({ gameId, summary }) => ({ gameId, summary }));
}

/**
 * followedGames with each game's time of following (the index entry's `timestamp`): what the copy of them
 * in the member's public section is worked out from (shared/transitions/followed-copy.ts). Entries are
 * checked by hand, the fields shown only (a page checks up to 20 on every render that queries them).
 */
export async function newestFollowedGames(
  db: RtdbClient,
  uid: string,
  count: number,
): Promise<FollowedCopyGame[]> {
  const page = await db.query(
    followsByUserIdPath(uid),
    { orderBy: 'type_time', ...followTypeTimeRange('game'), limitToLast: count },
    followsIndexSchema,
  );
  return newestFirst(
    Object.entries(page ?? {}).flatMap(([name, entry]) => {
      const target = parseTargetName(name);
      if (target?.kind !== 'game' || typeof entry !== 'object' || entry === null) return [];
      const { type, timestamp, summary } = entry as Record<string, unknown>;
      return type === 'game' && typeof timestamp === 'number'
        ? [{ gameId: target.id, timestamp, summary: keptSummaryOf(summary) }]
        : [];
    }),
  );
}
