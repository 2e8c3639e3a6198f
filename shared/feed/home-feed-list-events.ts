import { z } from 'zod';
import { listActivitySchema, type ListActivity } from '../schemas/list-activity-record.ts';
import { gameNode, listActivityPath, listPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { FeedPosition } from './feed-cursor.ts';
import { sliceAfterCursor, type FeedSlice } from './home-feed.ts';
import type { ListFeedEvent } from '../schemas/list-feed-event.ts';

// The followed lists' part of the home feed: each list's events (list_activity/{code}, written by
// shared/lists/list-activity.ts) are one more feed, read a slice at a time like a followed game's posts
// and merged with them by (timestamp, id), so the same cursor pages through both.

/** The most events one list is asked for, however many share the cursor's millisecond. */
const MAX_SLICE_READ = 1000;

/** An event as read, with the list it belongs to. */
export interface ListEventRead {
  code: string;
  activity: ListActivity;
}

/** A page of a list's events: event id → record; records of the wrong shape are left out. */
const activityPageSchema = z.record(z.string(), z.unknown());

/**
 * One followed list's events after the cursor (see readFeedSlice: the newest `limit + 1` at or before the
 * cursor's time, asked again when one millisecond fills it). Fills `found` with the records read.
 */
export async function readListEventSlice(
  db: RtdbClient,
  code: string,
  cursor: FeedPosition | undefined,
  limit: number,
  found: Map<string, ListEventRead>,
): Promise<FeedSlice> {
  let asked = limit + 1;
  for (;;) {
    const answer = await db.query(
      listActivityPath(code),
      cursor === undefined
        ? { orderBy: 'timestamp', limitToLast: asked }
        : { orderBy: 'timestamp', endAt: cursor.timestamp, limitToLast: asked },
      activityPageSchema,
    );
    const entries = Object.entries(answer ?? {});
    const positions: FeedPosition[] = entries.flatMap(([id, value]) => {
      const parsed = listActivitySchema.safeParse(value);
      if (!parsed.success) return [];
      found.set(id, { code, activity: parsed.data });
      return [{ id, timestamp: parsed.data.timestamp }];
    });
    // An unreadable record still took a place in the query's answer: count it as asked for.
    const slice = { ...sliceAfterCursor(positions, asked, cursor), exhausted: entries.length < asked };
    if (slice.exhausted || slice.entries.length >= limit || asked >= MAX_SLICE_READ) return slice;
    asked = Math.min(asked * 4, MAX_SLICE_READ);
  }
}

/**
 * The page's list events as the member sees them: the list's name and each named game's name (one read
 * each, at once). Games the member is not interested in are left out, and an event left with none of its
 * games is not shown; a list or game since removed is left out the same way.
 */
export async function resolveListEvents(
  db: RtdbClient,
  events: { id: string; read: ListEventRead }[],
  blockedGames: ReadonlySet<string>,
): Promise<ListFeedEvent[]> {
  const resolved = await Promise.all(
    events.map(async ({ id, read }): Promise<ListFeedEvent | null> => {
      const shownIds = read.activity.games.filter((game) => !blockedGames.has(game));
      const [listName, ...gameNames] = await Promise.all([
        db.read(`${listPath(read.code)}/name`, z.string()),
        ...shownIds.map((game) => db.read(gameNode(game).child('name').path, z.string())),
      ]);
      const games = shownIds.flatMap((game, index) => {
        const name = gameNames[index];
        return name ? [{ id: game, name }] : [];
      });
      if (!listName || games.length === 0) return null;
      const hidden = read.activity.games.length - games.length;
      return {
        uuid: id,
        timestamp: read.activity.timestamp,
        list: { code: read.code, name: listName },
        games,
        count: Math.max(games.length, read.activity.count - hidden),
      };
    }),
  );
  return resolved.flatMap((event) => (event ? [event] : []));
}
