import { z } from 'zod';
import { recordIdSchema } from './keys.ts';

// Shelves: where a game stands for a member (spec: the user record's private `gamelist`), one shelf per
// game, as every game tracker keeps them (Backloggd's played/playing/backlog/wishlist, NeoDB's wishlist,
// in progress, complete, dropped).

/** The shelves, in the order a member meets them: want to play, playing, played, dropped. */
export const SHELVES = ['want', 'playing', 'played', 'dropped'] as const;
export const shelfSchema = z.enum(SHELVES);
export type Shelf = z.infer<typeof shelfSchema>;

/** What puts a game on a shelf (`PUT /api/games/{gameId}/status`). */
export const shelfRequestSchema = z.strictObject({ status: shelfSchema });

/**
 * `users/{uid}/private/gamelist/{gameId}`: the member's shelf for the game (null once taken off: the entry
 * stays, as the gate of the pair's next change), since when, and their score of it (1 to 10,
 * shared/schemas/rating.ts): one entry, so that one gate orders the pair's shelf and rating changes.
 */
export const gamelistEntrySchema = z.object({
  // Absent once taken off (the database drops nulls) while a score keeps the entry.
  status: shelfSchema.nullable().default(null),
  timestamp: z.number().optional(),
  score: z.number().int().min(1).max(10).optional(),
  /** The member's review of the game (a post id, shared/transitions/review.ts): one a game, its badge moved with the pair. */
  review: recordIdSchema.optional().catch(undefined),
});
export type GamelistEntry = z.infer<typeof gamelistEntrySchema>;

/** `shelves_by_userid/{uid}/{gameId}`: the public index a profile lists shelves from, newest first. */
export const shelfIndexEntrySchema = z.object({
  status: shelfSchema,
  timestamp: z.number(),
  /** `{status}~{timestamp}`, zero-padded: one shelf's games in time order by one ordered child. */
  status_time: z.string(),
  /** The game's name when it was shelved, so that a profile lists the games without reading each one. */
  name: z.string().optional(),
});

/** `games/{gameId}/shelves`: how many members have the game on each shelf. */
export const shelfCountsSchema = z.object({
  want: z.number().int().nonnegative(),
  playing: z.number().int().nonnegative(),
  played: z.number().int().nonnegative(),
  dropped: z.number().int().nonnegative(),
});
export type ShelfCounts = z.infer<typeof shelfCountsSchema>;

/** What a shelf change answers: the member's shelf after it (null: none), whether it moved, the counts. */
export const shelfStateSchema = z.object({
  status: shelfSchema.nullable(),
  changed: z.boolean(),
  counts: shelfCountsSchema,
});
export type ShelfState = z.infer<typeof shelfStateSchema>;

/** A page of a member's shelves, newest first. */
export const shelfPageSchema = z.object({
  games: z.array(
    z.object({
      gameId: recordIdSchema,
      status: shelfSchema,
      timestamp: z.number(),
      /** The game's name when it was shelved (absent for games shelved before names were kept). */
      name: z.string().optional(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** The sort key of a shelf index entry: the shelf, then when (13 digits: ms since the epoch). */
export function shelfStatusTime(status: Shelf, timestamp: number): string {
  return `${status}~${String(Math.max(0, Math.floor(timestamp))).padStart(13, '0')}`;
}
