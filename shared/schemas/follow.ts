import { z } from 'zod';
import { recordIdSchema } from './keys.ts';
import type { RecordMeta } from './record-meta.ts';

/** What can be followed; a record with any other type reads as `notype` (spec section 3). */
export const FOLLOW_TARGET_TYPES = ['user', 'game', 'event'] as const;
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
});

/** The body of a follow or unfollow request. */
export const followRequestSchema = z.object({
  type: followTargetTypeSchema,
  targetId: recordIdSchema,
});

export type FollowRecord = z.infer<typeof followSchema>;
export type Follow = FollowRecord & RecordMeta;
export type FollowRequest = z.infer<typeof followRequestSchema>;
