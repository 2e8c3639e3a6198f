import { z } from 'zod';
import { recordIdSchema } from './keys.ts';
import type { RecordMeta } from './record-meta.ts';

/** A vote at `votes/{type}/{uid}`: one vote per type and user; a locked vote can no longer change. */
export const voteSchema = z.object({
  type: recordIdSchema,
  locked: z.boolean().default(false),
  targetUUID: recordIdSchema,
  userUUID: recordIdSchema,
  timestamp: z.number().optional(),
});

/** The body of casting (or changing) a vote of one type. */
export const castVoteRequestSchema = z.object({
  targetId: recordIdSchema,
  /** Lock the vote: it can no longer be changed. */
  lock: z.boolean().default(false),
});

/** The caller's vote of a type (null: none yet), as the votes endpoint answers it. */
export const voteAnswerSchema = z.object({ vote: voteSchema.nullable() });

/** A vote cast or changed. */
export const castVoteAnswerSchema = z.object({ vote: voteSchema });

export type VoteRecord = z.infer<typeof voteSchema>;
export type Vote = VoteRecord & RecordMeta;
export type CastVoteRequest = z.infer<typeof castVoteRequestSchema>;
