import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { serverIncrement } from '../rtdb/server-values.ts';
import { newestFirst } from '../schemas/shelved-copy.ts';
import { isObject } from '../is-object.ts';

// A copy of the newest games of one of a member's indexes, kept in their public section so that their
// page shows them from the section it reads anyway: the newest shelved games (shelved-copy.ts) and the
// newest followed games (followed-copy.ts). Both are kept the same way, here.
//
// The index stays the authority. Every change to it moves the copy's `changes` by a server increment in
// its own PATCH (copyChange). A write that keeps the copy reads `changes` in its first round
// (readCopyChanges), then the index's newest games beside taking its gate (copyBesideGate): read after
// `changes`, the index is at least as new, so either nothing moved between the two reads and the PATCH
// (the copy worked out from them is exact: `basis` lands equal to `changes`) or something did and moved
// `changes` past `basis` too, and readers then query the index, until the next change or the job puts the
// copy right.

/** Where a copy is kept and how it reads its index's entries. */
export interface NewestCopyPlace {
  /** The copy's node (`games`, `changes` and `basis` under it). */
  path: string;
  /** How many games it keeps. */
  size: number;
  /** The index's entries of games (`{prefix}{gameId}`), to find those a PATCH writes. */
  indexPrefix: string;
  /** A game's entry in the copy, from its index entry as a PATCH writes it. */
  copyOfWritten: (entry: Record<string, unknown>) => Record<string, unknown>;
}

/** A game of the copy, as worked out: its time (the order) and its entry in the copy. */
export interface NewestCopyGame {
  gameId: string;
  timestamp: number;
  copy: Record<string, unknown>;
}

/** The ways of keeping the copy at `place`, bound to it. */
export function newestCopy(place: NewestCopyPlace) {
  return {
    change: () => copyChange(place),
    readChanges: (db: RtdbClient) => readCopyChanges(db, place),
    besideGate: (
      changes: number | null,
      plan: (updates: MultiPathUpdate, changes: number) => Promise<MultiPathUpdate>,
    ) => copyBesideGate(place, changes, plan),
    plan: (updates: MultiPathUpdate, basis: { newest: readonly NewestCopyGame[]; changes: number }) =>
      planNewestCopy(place, updates, basis),
    copyOf: (newest: readonly NewestCopyGame[], changes: number) => newestCopyOf(place, newest, changes),
  };
}

/** What a change to the index writes beside it: `changes` moved on, so an older copy is not used. */
const copyChange = (place: Pick<NewestCopyPlace, 'path'>): MultiPathUpdate => ({
  [`${place.path}/changes`]: serverIncrement(1),
});

/**
 * `changes` as a write reads it in its first round (0: none yet); null when it cannot be read: the write
 * then keeps no copy and only moves `changes`.
 */
async function readCopyChanges(db: RtdbClient, place: Pick<NewestCopyPlace, 'path'>): Promise<number | null> {
  try {
    return (await db.read(`${place.path}/changes`, z.number().int().nonnegative())) ?? 0;
  } catch (error) {
    console.error(`Reading ${place.path}/changes failed`, error);
    return null;
  }
}

/**
 * What keeps the copy in a write's PATCH, run beside taking the gate (after `changes` was read): for a
 * PATCH that moves `changes` (`updates`), `plan` reads the index's newest games and works the copy out;
 * nothing for one that does not, or when a read failed (then `changes` alone moves).
 */
function copyBesideGate(
  place: Pick<NewestCopyPlace, 'path'>,
  changes: number | null,
  plan: (updates: MultiPathUpdate, changes: number) => Promise<MultiPathUpdate>,
): (updates: MultiPathUpdate) => Promise<MultiPathUpdate> {
  return async (updates) => {
    if (changes === null || incrementOf(updates[`${place.path}/changes`]) === null) return {};
    try {
      return await plan(updates, changes);
    } catch (error) {
      console.error(`Working out ${place.path} failed`, error);
      return {};
    }
  };
}

/**
 * The copy a write puts in its PATCH (`updates`: every other path it writes), with the games it keeps: the
 * index's newest games as read (`newest`, one more than the copy keeps, since taking one off brings the
 * next in), with the index entries this PATCH writes applied (new and moved games are the newest; games
 * taken off go), and `basis` = `changes` as read plus the increment this PATCH moves it by. Null for a
 * PATCH that does not move `changes`.
 */
function planNewestCopy(
  place: NewestCopyPlace,
  updates: MultiPathUpdate,
  basis: { newest: readonly NewestCopyGame[]; changes: number },
): { updates: MultiPathUpdate; games: NewestCopyGame[] } | null {
  const by = incrementOf(updates[`${place.path}/changes`]);
  if (by === null) return null;
  const written = new Map(
    Object.entries(updates)
      .filter(([path]) => path.startsWith(place.indexPrefix))
      .map(([path, value]) => [path.slice(place.indexPrefix.length), value] as const),
  );
  // Written by this PATCH: the database's clock stamps them, later than anything read.
  const writtenNow = [...written].flatMap(([gameId, value]) =>
    isObject(value) ? [{ gameId, timestamp: Number.MAX_SAFE_INTEGER, copy: place.copyOfWritten(value) }] : [],
  );
  const kept = basis.newest.filter(({ gameId }) => !written.has(gameId));
  const games = newestFirst([...writtenNow, ...kept]).slice(0, place.size);
  return {
    updates: {
      [`${place.path}/games`]:
        games.length === 0 ? null : Object.fromEntries(games.map(({ gameId, copy }) => [gameId, copy])),
      [`${place.path}/basis`]: basis.changes + by,
    },
    games,
  };
}

/**
 * The copy worked out from the index's newest games as read (`newest`), with `changes` as read before
 * them: what member-page-copies puts, conditionally, where there is none or one that no longer matches.
 */
export function newestCopyOf(
  place: Pick<NewestCopyPlace, 'size'>,
  newest: readonly NewestCopyGame[],
  changes: number,
): { value: unknown; games: NewestCopyGame[] } {
  const games = newestFirst(newest).slice(0, place.size);
  const copied = games.map(({ gameId, copy }) => [gameId, copy] as const);
  return {
    value: { ...(copied.length === 0 ? {} : { games: Object.fromEntries(copied) }), changes, basis: changes },
    games,
  };
}

/** By how much a server increment moves its number (null: not an increment). */
function incrementOf(write: unknown): number | null {
  return isObject(write) && isObject(write['.sv']) && typeof write['.sv'].increment === 'number'
    ? write['.sv'].increment
    : null;
}
