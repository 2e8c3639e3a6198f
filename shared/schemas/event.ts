import { z } from 'zod';
import { shownCountSchema } from './shown-count.ts';
import { gameSummariesSchema } from './game-summary.ts';
import { deepLinkSchema, recordIdSchema } from './keys.ts';
import type { RecordMeta } from './record-meta.ts';

/** A gaming event (showcase, convention, award show) at `events/{deepLink}`. */
export const eventSchema = z.object({
  name: z.string().min(1).max(200),
  deeplink_url_code: deepLinkSchema,
  content: z.object({ icon: z.string().optional(), description: z.string().optional() }).default({}),
  /** Featured games, keyed by game id (the value is the order they are shown in). */
  games: z.record(recordIdSchema, z.number()).default({}),
  /** Its featured games' summaries, game id → summary, written with the event (shared/schemas/game-summary.ts). */
  game_summaries: gameSummariesSchema.optional(),
  starts_on: z.iso.date().optional(),
  ends_on: z.iso.date().optional(),
  place: z.string().optional(),
  follows: shownCountSchema,
  /** The developer account that created it, and alone may change it (absent: an event of the catalogue). */
  sourceUUID: recordIdSchema.optional(),
  /**
   * The activity time of the event's feed (`feed_activity/event:{id}`), kept as a game keeps its own
   * (shared/schemas/game.ts), so that the event page needs no read of it.
   */
  feedActivity: z.number().optional().catch(undefined),
});

export type EventRecord = z.infer<typeof eventSchema>;
export type GameEvent = EventRecord & RecordMeta;
