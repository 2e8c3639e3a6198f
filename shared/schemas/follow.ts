import { z } from 'zod';
import { gameSummaryRecordSchema } from './game-summary.ts';
import { recordIdSchema } from './keys.ts';
import type { RecordMeta } from './record-meta.ts';

/** What can be followed; a record with any other type reads as `notype` (spec section 3). */
export const FOLLOW_TARGET_TYPES = ['user', 'game', 'event', 'list'] as const;
export const followTargetTypeSchema = z.enum(FOLLOW_TARGET_TYPES);
export type FollowTargetType = z.infer<typeof followTargetTypeSchema>;

/** A follow at `follows/{pushId}`. Unfollowing disables it; following again re-enables the same record. */
export const followSchema = z.object({
  userUUID: recordIdSchema,
  targetUUID: recordIdSchema,
  timestamp: z.number(),
  type: z.enum([...FOLLOW_TARGET_TYPES, 'notype']).catch('notype'),
  disabled: z.boolean().default(false),
});

/** An entry of `follows_by_userid/{uid}/{targetId}` and `follows_by_targetid/{targetId}/{uid}`. */
export const followIndexEntrySchema = z.object({
  followId: recordIdSchema,
  type: z.enum([...FOLLOW_TARGET_TYPES, 'notype']).catch('notype'),
  timestamp: z.number(),
  /** See followTypeTime. */
  type_time: z.string().optional(),
  /**
   * In a member's own index (`follows_by_userid`), a followed game's summary, so that their page shows
   * the games they follow from the index alone (kept right by game_summary_places' `follower:{uid}`).
   */
  summary: gameSummaryRecordSchema.optional().catch(undefined),
});

/**
 * The sort key of a follow index entry: its type, then when it was made. The database orders by one
 * child only, so "a user's follows of one type, newest first" needs both in one value: a range on the
 * type prefix, limited to the last N. The time is the Worker's clock (server values cannot be concatenated).
 */
export function followTypeTime(type: string, at: number): string {
  return `${type}_${String(at).padStart(15, '0')}`;
}

/** The range of followTypeTime keys of one type. */
export function followTypeTimeRange(type: string): { startAt: string; endAt: string } {
  return { startAt: `${type}_`, endAt: `${type}_\uf8ff` };
}

/** The body of a follow or unfollow request. */
export const followRequestSchema = z.object({
  type: followTargetTypeSchema,
  targetId: recordIdSchema,
});

export type FollowRecord = z.infer<typeof followSchema>;
export type Follow = FollowRecord & RecordMeta;
export type FollowRequest = z.infer<typeof followRequestSchema>;
