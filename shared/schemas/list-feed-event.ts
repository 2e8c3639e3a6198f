import { z } from 'zod';
import { recordIdSchema } from './keys.ts';

/**
 * A home feed item of its own kind (not a post: nothing to like or comment on): a followed list gained
 * games ("Indie essentials gained Hades and Celeste"). `uuid` and `timestamp` place it among the posts
 * (same order, same cursor: shared/feed/feed-cursor.ts).
 */
export const listFeedEventSchema = z.object({
  uuid: recordIdSchema,
  timestamp: z.number(),
  list: z.object({ code: recordIdSchema, name: z.string() }),
  /**
   * The games named, each with its id (its deep link) and name, in the list's order. Checked as loosely as
   * the event is stored (shared/schemas/list-activity-record.ts), so the Worker never refuses a page the
   * function built.
   */
  games: z.array(z.object({ id: recordIdSchema, name: z.string() })),
  /** How many games the list gained in all (more than are named when it gained many). */
  count: z.number().int().nonnegative(),
});

export type ListFeedEvent = z.infer<typeof listFeedEventSchema>;
