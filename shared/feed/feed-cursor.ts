import { z } from 'zod';
import { recordIdSchema } from '../schemas/keys.ts';

/**
 * Where the next page of a feed starts: the time and id of the last item shown. Items are ordered newest
 * first by (timestamp, id), so two items written in the same millisecond are still told apart and a page
 * never skips nor repeats one. Clients pass it back as they got it (its form may change).
 */
export interface FeedPosition {
  timestamp: number;
  id: string;
}

const cursorSchema = z
  .string()
  .max(160)
  .regex(/^\d{1,16}\.[^.]+$/);

/** The opaque cursor of a position: `<timestamp>.<id>`. */
export function encodeFeedCursor(position: FeedPosition): string {
  return `${position.timestamp}.${position.id}`;
}

/** The position a cursor names, or null when it is not one this site wrote. */
export function decodeFeedCursor(cursor: string): FeedPosition | null {
  if (!cursorSchema.safeParse(cursor).success) return null;
  const dot = cursor.indexOf('.');
  const timestamp = Number(cursor.slice(0, dot));
  const id = cursor.slice(dot + 1);
  if (!Number.isSafeInteger(timestamp) || !recordIdSchema.safeParse(id).success) return null;
  return { timestamp, id };
}

/** A zod schema for a cursor in a query string: invalid ones are an invalid-input error. */
export const feedCursorSchema = z.string().transform((value, ctx) => {
  const position = decodeFeedCursor(value);
  if (!position) {
    ctx.addIssue({ code: 'custom', message: 'Not a feed position.' });
    return z.NEVER;
  }
  return position;
});

/** Newest first: by timestamp, then by id (push ids of the same millisecond sort by their order). */
export function newestFirst(a: FeedPosition, b: FeedPosition): number {
  if (a.timestamp !== b.timestamp) return b.timestamp - a.timestamp;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** True when `item` comes after `position` in newest-first order (so it belongs to the next page). */
export function isAfter(item: FeedPosition, position: FeedPosition): boolean {
  return newestFirst(position, item) < 0;
}
