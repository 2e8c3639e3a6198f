// The followed game summaries job: gives every follow of a game made before follows kept summaries what a
// new one gets (shared/transitions/follow.ts): the game's summary in the member's index entry
// (`follows_by_userid/{uid}/game:{gameId}/summary`) and the game's index of summary places naming it
// (`game_summary_places/{gameId}/follower:{uid}`), so that the member's page shows the games they follow
// without reading them, and a change of the game rewrites the copy. Run it once when deploying the
// summaries (`npm run job -- followed-game-summaries`); safe to repeat: an entry with a summary is left
// alone, so a second run writes nothing. Until it has run, the page reads those games as before.
//
// Members keep following and unfollowing while it runs. Each entry is written conditionally (read with its
// ETag, put back with the summary only if still unchanged), so an unfollow is never undone by a stub entry;
// the place is written after it, and taken back if the entry is gone by then (an unfollow in between).

import { z } from 'zod';
import { planSummaryPlaceEntries } from '../catalogue/game-summary-places.ts';
import { readGameSummaries } from '../catalogue/game-summary-reads.ts';
import { followsByUserIdPath, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { parseTargetName, targetName } from '../schemas/feed-id.ts';
import { followIndexEntrySchema } from '../schemas/follow.ts';
import type { GameSummaryRecord } from '../schemas/game-summary.ts';
import type { Job, JobContext } from './job.ts';
import { childPages, inBatches } from './paged-reads.ts';

/** Members' indexes read per page: a member may follow thousands of things. */
const MEMBERS_PER_PAGE = 50;
/** Tries of one entry's conditional write before it is left to the next run (it kept changing). */
const ATTEMPTS = 5;

const memberIndexSchema = z.record(z.string(), z.unknown());

/** A follow of a game whose entry keeps no summary yet. */
interface Unsummarised {
  uid: string;
  gameId: string;
}

/** The follows of games in one member's index that keep no summary. */
function unsummarisedOf(uid: string, index: unknown): Unsummarised[] {
  const entries = memberIndexSchema.safeParse(index);
  if (!entries.success) return [];
  return Object.entries(entries.data).flatMap(([name, value]) => {
    const target = parseTargetName(name);
    const entry = followIndexEntrySchema.safeParse(value);
    return target?.kind === 'game' && entry.success && entry.data.type === 'game' && !entry.data.summary
      ? [{ uid, gameId: target.id }]
      : [];
  });
}

/** Games' summaries by id, each game read once per run; null for a game that gives none. */
function summariesOnce(
  db: RtdbClient,
): (ids: Iterable<string>) => Promise<Map<string, GameSummaryRecord | null>> {
  const known = new Map<string, GameSummaryRecord | null>();
  return async (ids) => {
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    for (let i = 0; i < missing.length; i += 100) {
      const batch = missing.slice(i, i + 100);
      const { summaries } = await readGameSummaries(db, batch);
      for (const id of batch) known.set(id, summaries.get(id) ?? null);
    }
    return known;
  };
}

/**
 * Gives one follow its summary as the entry is now: read with its ETag, put back with the summary while
 * that ETag holds, then the place named. Answers whether it wrote.
 */
async function summariseFollow(
  { db, log }: Pick<JobContext, 'db' | 'log'>,
  { uid, gameId }: Unsummarised,
  summary: GameSummaryRecord,
): Promise<boolean> {
  const path = `${followsByUserIdPath(uid)}/${targetName('game', gameId)}`;
  const place = { kind: 'follower', uid } as const;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const { value, etag } = await db.getTagged(path);
    const entry = followIndexEntrySchema.safeParse(value);
    if (value === null || !entry.success || entry.data.summary) return false;
    if (!(await db.putIfUnchanged(path, { ...(value as object), summary }, etag))) continue;
    await db.patch('', planSummaryPlaceEntries(place, [], [gameId]));
    // An unfollow between the two writes took the entry: its place goes too, as the unfollow's would.
    if ((await db.get(path)) === null) await db.patch('', planSummaryPlaceEntries(place, [gameId], []));
    return true;
  }
  log(`${path} kept changing while its summary was written; left to the next run`);
  return false;
}

/** Gives every follow of a game its summary; answers how many it wrote. */
export async function fillFollowedGameSummaries(context: Pick<JobContext, 'db' | 'log'>): Promise<number> {
  const { db, log } = context;
  const summariesOf = summariesOnce(db);
  let filled = 0;
  for await (const page of childPages(db, SOCIAL_ROOTS.followsByUserId, MEMBERS_PER_PAGE)) {
    const follows = page.flatMap(([uid, index]) => unsummarisedOf(uid, index));
    if (follows.length === 0) continue;
    const summaries = await summariesOf(follows.map(({ gameId }) => gameId));
    const written = await inBatches(follows, (follow) => {
      const summary = summaries.get(follow.gameId);
      return summary ? summariseFollow(context, follow, summary) : Promise.resolve(false);
    });
    filled += written.filter(Boolean).length;
    log(`follows of games: ${String(filled)} given their game's summary`);
  }
  return filled;
}

export const followedGameSummariesJob: Job = {
  description: 'gives follows of games made before summaries their game’s summary (safe to repeat)',
  async run(context) {
    const filled = await fillFollowedGameSummaries(context);
    return `${filled.toLocaleString('en')} follows of games given their game’s summary`;
  },
};
