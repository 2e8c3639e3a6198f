import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { shelvesByUserIdNode, userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { serverIncrement } from '../rtdb/server-values.ts';
import { shelfIndexEntrySchema } from '../schemas/shelf.ts';
import { newestFirst, SHELVED_COPY_SIZE, type ShelvedGameEntry } from '../schemas/shelved-copy.ts';

// How the shelf writes keep the copy of a member's newest shelved games in their public section
// (shared/schemas/shelved-copy.ts says how readers know it is right). Every change to the member's index
// moves `changes` (shelvedCopyChange, in planShelf). A write that keeps the copy (shelf.ts, rating.ts,
// library-shelving.ts) reads `changes` in its first round, then the index's newest games beside taking its
// gate (shelvedCopyBesideGate): read after `changes`, the index is at least as new, so either nothing
// moved between the two reads and the PATCH (the copy worked out from them is exact, `basis` lands equal
// to `changes`) or something did and moved `changes` past `basis` too (readers then query the index).

/** `users/{uid}/public/shelved`. */
const shelvedNode = (uid: string) => userSectionNode(uid, 'public').child('shelved');

/** What a change to the member's shelf index writes beside it: `changes` moved on, so an older copy is not used. */
export const shelvedCopyChange = (uid: string): MultiPathUpdate =>
  shelvedNode(uid).child('changes').set(serverIncrement(1));

/**
 * `changes` as a shelf write reads it in its first round (0: none yet); null when it cannot be read: the
 * write then keeps no copy and only moves `changes`.
 */
export async function readShelvedChanges(db: RtdbClient, uid: string): Promise<number | null> {
  try {
    return (await db.read(shelvedNode(uid).child('changes').path, z.number().int().nonnegative())) ?? 0;
  } catch (error) {
    console.error(`Reading the shelf changes of ${uid} failed`, error);
    return null;
  }
}

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
  return async (updates) => {
    if (changes === null || incrementOf(updates[shelvedNode(uid).child('changes').path]) === null) return {};
    try {
      return planShelvedCopy(uid, updates, { newest: await newestInIndex(db, uid), changes });
    } catch (error) {
      console.error(`Reading the shelves of ${uid} to copy failed`, error);
      return {};
    }
  };
}

/** By how much a server increment moves its number (null: not an increment). */
function incrementOf(write: unknown): number | null {
  return isObject(write) && isObject(write['.sv']) && typeof write['.sv'].increment === 'number'
    ? write['.sv'].increment
    : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  const node = shelvedNode(uid);
  const by = incrementOf(updates[node.child('changes').path]);
  if (by === null) return {};
  const indexPrefix = `${shelvesByUserIdNode(uid).path}/`;
  const written = new Map(
    Object.entries(updates)
      .filter(([path]) => path.startsWith(indexPrefix))
      .map(([path, value]) => [path.slice(indexPrefix.length), value] as const),
  );
  // Written by this PATCH: the database's clock stamps them, later than anything read.
  const shelvedNow = [...written].flatMap(([gameId, value]) =>
    isObject(value)
      ? [
          {
            gameId,
            timestamp: Number.MAX_SAFE_INTEGER,
            copy: copiedEntry(value.status, value.timestamp, value.name),
          },
        ]
      : [],
  );
  const kept = basis.newest
    .filter(({ gameId }) => !written.has(gameId))
    .map(({ gameId, status, timestamp, name }) => ({
      gameId,
      timestamp,
      copy: copiedEntry(status, timestamp, name),
    }));
  const games = Object.fromEntries(
    newestFirst([...shelvedNow, ...kept])
      .slice(0, SHELVED_COPY_SIZE)
      .map(({ gameId, copy }) => [gameId, copy]),
  );
  return {
    [node.child('games').path]: Object.keys(games).length === 0 ? null : games,
    ...node.child('basis').set(basis.changes + by),
  };
}

/**
 * `users/{uid}/public/shelved` worked out from the index's newest games as read (`newest`), with `changes`
 * as read before them: what member-page-copies puts, conditionally, for a member without a copy or with
 * one that no longer matches.
 */
export function shelvedCopyOf(newest: readonly ShelvedGameEntry[], changes: number): unknown {
  const games = newestFirst(newest)
    .slice(0, SHELVED_COPY_SIZE)
    .map(({ gameId, status, timestamp, name }) => [gameId, copiedEntry(status, timestamp, name)] as const);
  return { ...(games.length === 0 ? {} : { games: Object.fromEntries(games) }), changes, basis: changes };
}

/** A game's entry in the copy: its index entry's shelf, time (or the database's clock) and name. */
function copiedEntry(status: unknown, timestamp: unknown, name: unknown): Record<string, unknown> {
  return { status, timestamp, ...(name === undefined ? {} : { name }) };
}
