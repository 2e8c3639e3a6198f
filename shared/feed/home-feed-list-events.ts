import { z } from 'zod';
import { listActivitySchema, type ListActivity } from '../schemas/list-activity-record.ts';
import { gameNode, listActivityPath, listPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { FeedPosition } from './feed-cursor.ts';
import { sliceAfterCursor, type FeedSlice } from './home-feed.ts';
import { listFeedEventSchema, type ListFeedEvent } from '../schemas/list-feed-event.ts';
import { recordIdSchema } from '../schemas/keys.ts';

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

// Followed lists ride the home-feed queue as posts do: when a list gains games (the editors' save, the
// lists import) or is followed, the consumer writes its latest events as cards into its followers' (or the
// new follower's) home feeds, `users/{uid}/private/home-feed/{eventId}` = { timestamp, list, event }, the
// list's and games' names resolved as written. A page reads them with the posts' cards, in the same query.

/** How many of a list's latest events a message writes (the new one, and any an earlier message missed). */
export const LIST_EVENTS_WRITTEN = 3;

/** A list event as a home feed stores it. */
export interface ListEventCard {
  timestamp: number;
  /** The list's code: the event shows while the member follows it. */
  list: string;
  event: ListFeedEvent;
}

/**
 * The cards of a list's latest LIST_EVENTS_WRITTEN events: one query of its events, then (at once) the
 * list's name and each named game's. Events left with no game or list name are left out, as at read.
 */
export async function readListEventCards(db: RtdbClient, code: string): Promise<ListEventCard[]> {
  const found = new Map<string, ListEventRead>();
  await readListEventSlice(db, code, undefined, LIST_EVENTS_WRITTEN, found);
  const latest = [...found]
    .sort(([idA, a], [idB, b]) => b.activity.timestamp - a.activity.timestamp || (idA < idB ? 1 : -1))
    .slice(0, LIST_EVENTS_WRITTEN);
  const events = await resolveListEvents(
    db,
    latest.map(([id, read]) => ({ id, read })),
    new Set(),
  );
  return events.map((event) => ({ timestamp: event.timestamp, list: code, event }));
}

const listEventCardSchema = z.object({
  timestamp: z.number(),
  list: recordIdSchema,
  event: listFeedEventSchema,
});

/** A list event's card as stored, or null when the entry is not one. */
export function parseListEventCard(id: string, value: unknown): ListEventCard | null {
  const parsed = listEventCardSchema.safeParse(value);
  return parsed.success && parsed.data.event.uuid === id ? parsed.data : null;
}

/**
 * The event as the member sees it: without the games they are not interested in (null when none is
 * left), the count of games gained less those left out.
 */
export function listEventShown(
  event: ListFeedEvent,
  blockedGames: ReadonlySet<string>,
): ListFeedEvent | null {
  const games = event.games.filter((game) => !blockedGames.has(game.id));
  if (games.length === 0) return null;
  const hidden = event.games.length - games.length;
  return { ...event, games, count: Math.max(games.length, event.count - hidden) };
}
