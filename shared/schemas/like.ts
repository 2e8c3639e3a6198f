import { z } from 'zod';
import { recordIdSchema } from './keys.ts';
import type { RecordMeta } from './record-meta.ts';

/** What can be liked: posts and their comments. */
export const LIKE_TARGET_TYPES = ['post', 'comment'] as const;
export const likeTargetTypeSchema = z.enum(LIKE_TARGET_TYPES);
export type LikeTargetType = z.infer<typeof likeTargetTypeSchema>;

/** A like at `likes/{pushId}`. Unliking disables it; liking again re-enables the same record. */
export const likeSchema = z.object({
  targetUUID: recordIdSchema,
  sourceUUID: recordIdSchema,
  /** Who liked: a user unless said otherwise. */
  sourceType: z.string().default('user'),
  targetType: likeTargetTypeSchema.optional(),
  timestamp: z.number().optional(),
  disabled: z.boolean().default(false),
});

/** An entry of `likes_active/{targetId}/{uid}`: who likes the post or comment now, and with which like. */
export const likeActiveEntrySchema = z.object({
  likeId: recordIdSchema,
  timestamp: z.number(),
});

/** The body of a like or unlike request. */
export const likeRequestSchema = z.object({
  type: likeTargetTypeSchema,
  targetId: recordIdSchema,
});

export type LikeRecord = z.infer<typeof likeSchema>;
export type Like = LikeRecord & RecordMeta;
export type LikeRequest = z.infer<typeof likeRequestSchema>;
