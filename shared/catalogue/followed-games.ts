import { z } from 'zod';
import { parseTargetName } from '../schemas/feed-id.ts';
import { followsByUserIdPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { followIndexEntrySchema, followTypeTimeRange } from '../schemas/follow.ts';

/** A page of `follows_by_userid/{uid}`: target name (`game:hades`) → index entry, each checked on its own. */
const followsIndexSchema = z.record(z.string(), z.unknown());

/**
 * The ids of the games a member follows, newest first ("get games followed by a user id"): one query on
 * the type-time index, a range on `game_`, the last `count`. Entries of another shape are left out.
 */
export async function followedGameIds(db: RtdbClient, uid: string, count: number): Promise<string[]> {
  const page = await db.query(
    followsByUserIdPath(uid),
    { orderBy: 'type_time', ...followTypeTimeRange('game'), limitToLast: count },
    followsIndexSchema,
  );
  return Object.entries(page ?? {})
    .flatMap(([name, entry]) => {
      const target = parseTargetName(name);
      const parsed = followIndexEntrySchema.safeParse(entry);
      return target?.kind === 'game' && parsed.success && parsed.data.type === 'game'
        ? [{ targetId: target.id, at: parsed.data.timestamp }]
        : [];
    })
    .sort((a, b) => b.at - a.at)
    .map(({ targetId }) => targetId);
}
