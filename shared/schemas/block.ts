import { z } from 'zod';
import { recordIdSchema } from './keys.ts';

/** What a user can block; blocks live in `users/{uid}/private/blocks/{kind}/{id}` → timestamp. */
export const BLOCK_KINDS = ['posts', 'comments', 'users'] as const;
export const blockKindSchema = z.enum(BLOCK_KINDS);
export type BlockKind = z.infer<typeof blockKindSchema>;

/** At most this many ids in one block request. */
export const MAX_BLOCK_IDS = 50;

/** Blocking (or unblocking) ids of one kind: there must be at least one id (spec section 5). */
export const blockRequestSchema = z.object({
  kind: blockKindSchema,
  ids: z
    .array(recordIdSchema)
    .min(1, 'Choose at least one to block.')
    .max(MAX_BLOCK_IDS, `At most ${String(MAX_BLOCK_IDS)} at a time.`),
});

export type BlockRequest = z.infer<typeof blockRequestSchema>;
