import { z } from 'zod';
import { compareKeys } from '../rtdb/key-order.ts';
import { gamePath, gameSummaryPlacesPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { gameSchema } from '../schemas/game.ts';
import { gameSummaryRecordOf } from '../schemas/game-summary.ts';
import { deepLinkSchema } from '../schemas/keys.ts';
import {
  parseSummaryPlaceKey,
  planSummaryChange,
  SUMMARY_COPIES_PER_WRITE,
  type SummaryChange,
} from './game-summary-places.ts';

// A game's summary kept right through the queue: a write that changes what a game's summary shows (its
// name, icon, genre or year: a developer's new icon) sends one message, `game-summary-changed`, and the
// home-feed queue's consumer (worker/queues/home-feed-queue.ts) rewrites every kept copy here, a page of
// SUMMARY_COPIES_PER_WRITE places a message, the next page in a message of its own. So the writing request
// is one PATCH and one send however many lists, events and suggestion rows show the game.
//
// The message carries no summary: the consumer reads the game as it is when the message is delivered and
// writes that. A message delivered twice writes the same values; an older message delivered after a newer
// one (queues do not keep order) writes the newest summary too, never the one of its time. Every place kind
// of `game_summary_places` is refreshed the same way (summariesPathAt), so a new kind needs nothing here.

/** The message a change of a game's summary sends to the home-feed queue. */
export const gameSummaryChangedSchema = z.object({
  kind: z.literal('game-summary-changed'),
  gameId: deepLinkSchema,
  /** The place key after which the next page of places starts (absent: the first page). */
  after: z.string().min(1).max(800).optional(),
});
export type GameSummaryChanged = z.infer<typeof gameSummaryChangedSchema>;

/** What one delivery wrote and what carries on: a home-feed `Delivery` (shared/feed/home-feed-fanout.ts),
 * said here in the catalogue's own words, since the feed's queue is above the catalogue and calls it. */
export interface SummaryDelivery {
  next: GameSummaryChanged[];
  paths: number;
}

/** One page of the places keeping `gameId`'s summary after `after`, in key order, and where the next starts. */
async function placesPage(
  db: RtdbClient,
  gameId: string,
  after: string | undefined,
): Promise<{ keys: string[]; next: string | undefined }> {
  const answer = await db.query(
    gameSummaryPlacesPath(gameId),
    after === undefined
      ? { orderBy: '$key', limitToFirst: SUMMARY_COPIES_PER_WRITE + 1 }
      : { orderBy: '$key', startAt: after, limitToFirst: SUMMARY_COPIES_PER_WRITE + 2 },
    z.record(z.string(), z.unknown()),
  );
  const keys = Object.keys(answer ?? {})
    .filter((key) => after === undefined || compareKeys(key, after) > 0)
    .sort(compareKeys);
  const page = keys.slice(0, SUMMARY_COPIES_PER_WRITE);
  return { keys: page, next: keys.length > SUMMARY_COPIES_PER_WRITE ? page.at(-1) : undefined };
}

/**
 * The summary `gameId` has now, every field named (an absent one as null, so a copy loses an icon the game
 * lost), or null when there is no valid game to copy (deleted, or a record the schema refuses): its copies
 * are then left as they are.
 */
async function currentSummary(db: RtdbClient, gameId: string): Promise<SummaryChange | null> {
  const game = gameSchema.safeParse(await db.read(gamePath(gameId), z.unknown()));
  if (!game.success) return null;
  const summary = gameSummaryRecordOf(game.data);
  return {
    name: summary.name,
    deeplink_url_code: summary.deeplink_url_code,
    icon: summary.icon ?? null,
    genre: summary.genre ?? null,
    year: summary.year ?? null,
  };
}

/**
 * Delivers one `game-summary-changed` message: reads the game and one page of the places keeping its
 * summary (at once), writes the game's current summary into each of them in one PATCH, and answers the
 * message for the next page, if any. Throws when the database fails: the queue delivers it again.
 */
export async function deliverGameSummaryChanged(
  db: RtdbClient,
  message: GameSummaryChanged,
): Promise<SummaryDelivery> {
  const [summary, page] = await Promise.all([
    currentSummary(db, message.gameId),
    placesPage(db, message.gameId, message.after),
  ]);
  if (summary === null) {
    console.warn(`Game summaries: ${message.gameId} is not a valid game; its copies are left as they are`);
    return { next: [], paths: 0 };
  }
  const places = page.keys.flatMap((key) => parseSummaryPlaceKey(key) ?? []);
  const updates = planSummaryChange(places, message.gameId, summary);
  const paths = Object.keys(updates).length;
  if (paths > 0) await db.patch('', updates);
  return {
    next: page.next === undefined ? [] : [{ ...message, after: page.next }],
    paths,
  };
}

/**
 * Rewrites every kept copy of `gameId`'s summary in this process, page after page, as the queue's
 * messages would one after the other: for scripts that run without the queue (the catalogue's re-import).
 * Answers the paths written.
 */
export async function refreshKeptSummaries(db: RtdbClient, gameId: string): Promise<number> {
  let paths = 0;
  let pending: GameSummaryChanged[] = [{ kind: 'game-summary-changed', gameId }];
  while (pending.length > 0) {
    const next: GameSummaryChanged[] = [];
    for (const message of pending) {
      const delivery = await deliverGameSummaryChanged(db, message);
      paths += delivery.paths;
      next.push(...delivery.next);
    }
    pending = next;
  }
  return paths;
}
