import { z } from 'zod';
import { recordIdSchema } from './keys.ts';

/** The most games one list event names; the rest are only counted ("and 12 more"). */
export const LIST_ACTIVITY_NAMED_GAMES = 10;

/**
 * A list event at `list_activity/{listCode}/{eventId}`: games the list gained at one time. Followers of
 * the list see it in their home feed, ordered with posts by `timestamp` (the event id breaks ties).
 */
export const listActivitySchema = z.object({
  /** The games gained, in the order the list shows them, at most LIST_ACTIVITY_NAMED_GAMES. */
  games: z.array(recordIdSchema).min(1).max(LIST_ACTIVITY_NAMED_GAMES),
  /** How many games were gained in all (at least as many as are named). */
  count: z.number().int().positive(),
  timestamp: z.number().int().nonnegative(),
});

export type ListActivity = z.infer<typeof listActivitySchema>;
