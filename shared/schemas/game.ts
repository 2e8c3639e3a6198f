import { z } from 'zod';
import { shownCountSchema } from './shown-count.ts';
import { deepLinkSchema } from './keys.ts';
import { shelfSchema } from './shelf.ts';
import type { RecordMeta } from './record-meta.ts';

const iconHolderSchema = z.object({ icon: z.string().optional() });

/**
 * A game as stored at `games/{deepLink}`. Games are keyed by their deep link so that a game page can
 * read the game, its `se_matrix` row and the top games in one parallel round (the spec loads the game
 * by deep link, then needs its id: with the deep link as id there is no second lookup).
 * The database drops empty values, so optional fields are absent rather than null.
 */
export const gameSchema = z.object({
  name: z.string().min(1).max(200),
  deeplink_url_code: deepLinkSchema,
  icon: z.string().optional(),
  /** Followers, kept exact by the follow transitions. */
  follows: shownCountSchema,
  /** How many members have it on each shelf (shared/schemas/shelf.ts); moved by their shelf changes only. */
  shelves: z.partialRecord(shelfSchema, z.number().int()).optional(),
  /**
   * Its ratings: `count`, `sum` and each score's count `s1` … `s10` (shared/schemas/rating.ts); moved by
   * members' rating changes only.
   */
  ratings: z.record(z.string(), z.number().int()).optional(),
  /** The ranking used for top games (higher first); games without one rank last. */
  weighted_index: z.number().optional(),
  content: iconHolderSchema.extend({ description: z.string().optional() }).default({}),
  content_custom: iconHolderSchema.optional(),
  content_ios: iconHolderSchema.optional(),
  genres: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  platforms: z.array(z.string()).default([]),
  release_date: z.iso.date().optional(),
  developers: z.array(z.string()).default([]),
  publishers: z.array(z.string()).default([]),
  steam_appid: z.number().int().positive().optional(),
  /** Set for games from the Steam catalogue: pages showing them carry its attribution. */
  source: z.enum(['steam-catalogue', 'questline']).optional(),
  /**
   * The activity time of the game's feed (`feed_activity/game:{id}`), moved in the same PATCH
   * (shared/transitions/feed-activity.ts), so that the game page needs no read of it; absent for a game
   * whose feed has not changed since (npm run job -- feed-activity-copies fills it). A damaged copy reads
   * as absent rather than failing the game.
   */
  feedActivity: z.number().optional().catch(undefined),
});

export type GameRecord = z.infer<typeof gameSchema>;
export type Game = GameRecord & RecordMeta;
