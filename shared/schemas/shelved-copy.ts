import { z } from 'zod';
import { recordIdSchema } from './keys.ts';
import { shelfSchema } from './shelf.ts';

// The copy of a member's newest shelved games kept in their public section (`users/{uid}/public/shelved`),
// so that their page lists them from the section it reads anyway instead of querying `shelves_by_userid`.
// The index stays the authority: the copy is only used while it is known to match it.
//
// How that is known: every change to the member's index moves `changes` by a server increment in its own
// PATCH. The changes that keep the copy (a shelf tap, a rating that shelves the game as played, the
// library's batch shelving: shared/transitions/shelved-copy.ts) read `changes` in their first round and the
// index's newest games after it, beside taking their gate, and write the copy worked out from them with
// `basis` = what they read + their own increment. Run one after another, `basis` equals `changes`; two
// racing (each worked out from what the other had not written yet) leave `changes` ahead of `basis`, and
// so does anything written into the index otherwise: readers then query the index, until the next change
// (or npm run job -- member-page-copies) puts the copy right again.

/** The games a member's profile shows on its first screen (the rest page on from the public endpoint). */
export const MEMBER_SHELVES_SHOWN = 12;

/** Games kept in the copy: those shown, and one more that says whether there are more. */
export const SHELVED_COPY_SIZE = MEMBER_SHELVES_SHOWN + 1;

/** One game in the copy: as its index entry has it (shared/schemas/shelf.ts, shelfIndexEntrySchema). */
export const shelvedCopyGameSchema = z.object({
  status: shelfSchema,
  timestamp: z.number(),
  name: z.string().optional(),
});

/**
 * The two counters that say whether a copy of an index's newest games is right (shared/transitions/
 * newest-copy.ts): kept alike by this copy and the copy of a member's followed games (followed-copy.ts).
 */
export const copyCounters = {
  /** Changes to the index so far. */
  changes: z.number().int().nonnegative().default(0),
  /** What `changes` was when the copy was last worked out from the index. */
  basis: z.number().int().nonnegative().default(0),
};

/** `users/{uid}/public/shelved`: the newest games by id, and the two counters that say whether they are right. */
export const shelvedCopySchema = z.object({
  /** Absent when the member has no game on a shelf (the database keeps no empty map). */
  games: z.record(recordIdSchema, shelvedCopyGameSchema).optional(),
  ...copyCounters,
});
export type ShelvedCopy = z.infer<typeof shelvedCopySchema>;

/** A shelved game as a profile lists it, newest first. */
export interface ShelvedGameEntry {
  gameId: string;
  status: z.infer<typeof shelfSchema>;
  timestamp: number;
  name?: string | undefined;
}

/** Newest first; games shelved at the same time in key order, as the index's query answers them. */
export function newestFirst<T extends { gameId: string; timestamp: number }>(games: readonly T[]): T[] {
  return [...games].sort((a, b) =>
    b.timestamp !== a.timestamp ? b.timestamp - a.timestamp : a.gameId < b.gameId ? 1 : -1,
  );
}

/**
 * The newest games of a copy that matches the index (null when it may not: changed since it was worked
 * out, or never written), at most SHELVED_COPY_SIZE.
 */
export function shelvedGamesOfCopy(copy: ShelvedCopy | undefined): ShelvedGameEntry[] | null {
  if (!copy || copy.changes !== copy.basis) return null;
  const games = Object.entries(copy.games ?? {}).map(([gameId, game]) => ({ gameId, ...game }));
  return newestFirst(games).slice(0, SHELVED_COPY_SIZE);
}
