import { z } from 'zod';
import { recordIdSchema } from './keys.ts';

/**
 * What a user can block; blocks live in `users/{uid}/private/blocks/{kind}/{id}` → timestamp. The spec's
 * posts, comments and users, and games the member said they are not interested in ("Not interested":
 * that game's posts leave their home feed and it is never suggested to them).
 */
export const BLOCK_KINDS = ['posts', 'comments', 'users', 'games'] as const;
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

/** The blocks a member can take back: members (the spec makes user blocks removable) and games. */
export const REMOVABLE_BLOCK_KINDS: readonly BlockKind[] = ['users', 'games'];

/** What blocking answers: how many ids were blocked. */
export const blockedAnswerSchema = z.object({ blocked: z.number().int().positive() });

/** What taking blocks back answers: how many ids were unblocked. */
export const unblockedAnswerSchema = z.object({ unblocked: z.number().int().positive() });
