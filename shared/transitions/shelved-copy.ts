import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { shelvesByUserIdNode, userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { shelfIndexEntrySchema } from '../schemas/shelf.ts';
import { SHELVED_COPY_SIZE, type ShelvedGameEntry } from '../schemas/shelved-copy.ts';
import { newestCopy, newestCopyOf, type NewestCopyGame } from './newest-copy.ts';

// How the shelf writes keep the copy of a member's newest shelved games in their public section
// (shared/schemas/shelved-copy.ts says how readers know it is right), as newest-copy.ts keeps such copies.
// Every change to the member's index moves `changes` (shelvedCopyChange, in planShelf). A write that keeps
// the copy (shelf.ts, rating.ts, library-shelving.ts) reads `changes` in its first round, then the index's
// newest games beside taking its gate (shelvedCopyBesideGate).

/** `users/{uid}/public/shelved`, kept as newest-copy.ts keeps copies. */
const shelvedCopy = (uid: string) =>
  newestCopy({
    path: userSectionNode(uid, 'public').child('shelved').path,
    size: SHELVED_COPY_SIZE,
    indexPrefix: `${shelvesByUserIdNode(uid).path}/`,
    copyOfWritten: (entry) => copiedEntry(entry.status, entry.timestamp, entry.name),
  });

/** What a change to the member's shelf index writes beside it: `changes` moved on, so an older copy is not used. */
export const shelvedCopyChange = (uid: string): MultiPathUpdate => shelvedCopy(uid).change();

/**
 * `changes` as a shelf write reads it in its first round (0: none yet); null when it cannot be read: the
 * write then keeps no copy and only moves `changes`.
 */
export const readShelvedChanges = (db: RtdbClient, uid: string): Promise<number | null> =>
  shelvedCopy(uid).readChanges(db);

/** The index's newest games and `changes` as a write read them, to work the copy out from. */
export interface ShelvedCopyBasis {
  newest: ShelvedGameEntry[];
  changes: number;
}

const indexRead = z.record(z.string(), z.unknown());

/** The index's newest games: one more than the copy keeps, since taking one of them off brings the next in. */
export async function newestInIndex(db: RtdbClient, uid: string): Promise<ShelvedGameEntry[]> {
  const index = await db.query(
    shelvesByUserIdNode(uid).path,
    { orderBy: 'timestamp', limitToLast: SHELVED_COPY_SIZE + 1 },
    indexRead,
  );
  return Object.entries(index ?? {}).flatMap(([gameId, entry]) => {
    const parsed = shelfIndexEntrySchema.safeParse(entry);
    return parsed.success
      ? [{ gameId, status: parsed.data.status, timestamp: parsed.data.timestamp, name: parsed.data.name }]
      : [];
  });
}

/**
 * What keeps the copy in a write's PATCH, run beside taking the gate (after `changes` was read): for a
 * PATCH that moves the member's index (`updates`), the index's newest games are read and the copy worked
 * out; nothing for one that does not, or when a read failed (then `changes` alone moves).
 */
export function shelvedCopyBesideGate(
  db: RtdbClient,
  uid: string,
  changes: number | null,
): (updates: MultiPathUpdate) => Promise<MultiPathUpdate> {
  return shelvedCopy(uid).besideGate(changes, async (updates, read) =>
    planShelvedCopy(uid, updates, { newest: await newestInIndex(db, uid), changes: read }),
  );
}

/**
 * The copy a shelf write puts in its PATCH (`updates`: every other path it writes): the index's newest
 * games as read, with the index entries this PATCH writes applied (new and moved games are the newest;
 * games taken off go, and the next newest read comes in), and `basis` = `changes` as read plus the
 * increment this PATCH moves it by.
 */
export function planShelvedCopy(
  uid: string,
  updates: MultiPathUpdate,
  basis: ShelvedCopyBasis,
): MultiPathUpdate {
  return (
    shelvedCopy(uid).plan(updates, {
      newest: basis.newest.map(copiedGame),
      changes: basis.changes,
    })?.updates ?? {}
  );
}

/**
 * `users/{uid}/public/shelved` worked out from the index's newest games as read (`newest`), with `changes`
 * as read before them: what member-page-copies puts, conditionally, for a member without a copy or with
 * one that no longer matches.
 */
export function shelvedCopyOf(newest: readonly ShelvedGameEntry[], changes: number): unknown {
  return newestCopyOf({ size: SHELVED_COPY_SIZE }, newest.map(copiedGame), changes).value;
}

/** A shelved game as the copy keeps it. */
const copiedGame = ({ gameId, status, timestamp, name }: ShelvedGameEntry): NewestCopyGame => ({
  gameId,
  timestamp,
  copy: copiedEntry(status, timestamp, name),
});

/** A game's entry in the copy: its index entry's shelf, time (or the database's clock) and name. */
function copiedEntry(status: unknown, timestamp: unknown, name: unknown): Record<string, unknown> {
  return { status, timestamp, ...(name === undefined ? {} : { name }) };
}
