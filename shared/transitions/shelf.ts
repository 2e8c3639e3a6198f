import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  gameNode,
  gamelistEntryPath,
  postNode,
  shelfCountsNode,
  shelvesByUserIdNode,
  userSectionNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP, serverIncrement } from '../rtdb/server-values.ts';
import { Refusal } from '../refusal.ts';
import {
  gamelistEntrySchema,
  SHELVES,
  shelfStatusTime,
  type GamelistEntry,
  type Shelf,
  type ShelfCounts,
  type ShelfState,
} from '../schemas/shelf.ts';
import { countAfter } from './count-change.ts';
import { readShelvedChanges, shelvedCopyBesideGate, shelvedCopyChange } from './shelved-copy.ts';
import { commitGatedTransitionBesideReads, type TransitionPlan } from './gated-transition.ts';

// Putting a game on a shelf, moving it to another, taking it off: one shelf per member and game, and the
// game's count of each shelf exact however the request is repeated, raced or interleaved (the member's
// `gamelist` entry gates the pair, as a follow's history entry does: gated-transition.ts).

export interface ShelfChange {
  uid: string;
  gameId: string;
  /** The shelf to put the game on; null takes it off. */
  status: Shelf | null;
}

/** The game's counts as read with the entry: one read, then what the PATCH moved. */
type CountsRead = Partial<Record<Shelf, number>> | null;

const countsRead = z.record(z.string(), z.number()).nullable();

/** The counts a change leaves, from those read just before, as its increments move them. */
function countsAfter(read: CountsRead, from: Shelf | null, to: Shelf | null, changed: boolean): ShelfCounts {
  const counts = Object.fromEntries(
    SHELVES.map((shelf) => [shelf, Math.max(0, read?.[shelf] ?? 0)]),
  ) as ShelfCounts;
  if (!changed) return counts;
  if (from) counts[from] = countAfter(true, false, read?.[from] ?? null);
  if (to) counts[to] = countAfter(true, true, read?.[to] ?? null);
  return counts;
}

/**
 * The shelf transition as a pure function of the member's entry: the entry, the public index entry and
 * the two counts (the shelf left, the shelf taken) move in one PATCH; the same shelf again changes nothing.
 */
export function planShelf(
  current: GamelistEntry | null,
  change: ShelfChange,
  game: { exists: boolean; counts: CountsRead; name?: string | undefined },
  now: number,
): TransitionPlan<GamelistEntry, ShelfState> {
  const from = current?.status ?? null;
  const to = change.status;
  const { counts } = game;
  if (from === to)
    return {
      kind: 'unchanged',
      result: { status: to, changed: false, counts: countsAfter(counts, from, to, false) },
    };
  const updates: MultiPathUpdate = {
    ...shelvesByUserIdNode(change.uid)
      .child(change.gameId)
      .set(
        to === null
          ? null
          : {
              status: to,
              timestamp: SERVER_TIMESTAMP,
              status_time: shelfStatusTime(to, now),
              ...(game.name === undefined ? {} : { name: game.name }),
            },
      ),
    // The member's own counts (their profile shows them) move with their entry, which the gate keeps
    // exact: only this member's requests move them, one at a time.
    ...(from ? memberShelfCount(change.uid, from).set(serverIncrement(-1)) : {}),
    ...(to ? memberShelfCount(change.uid, to).set(serverIncrement(1)) : {}),
    // The copy of the member's newest shelved games is not used until worked out again (shelved-copy.ts).
    ...shelvedCopyChange(change.uid),
    // A game removed since it was shelved keeps no counts: writing one would bring back a stub record.
    // The shelf left always holds this member's own +1 (the entry, read at the gate, is the truth), so it
    // moves down by one whatever the count read beside it said: that read may predate a racing member's
    // +1, and countChange's never-below-zero guard would then set it to zero over theirs.
    ...(from && game.exists ? shelfCountsNode(change.gameId).child(from).set(serverIncrement(-1)) : {}),
    ...(to && game.exists ? shelfCountsNode(change.gameId).child(to).set(serverIncrement(1)) : {}),
  };
  return {
    kind: 'write',
    // The member's score of the game lives in the same entry (shared/transitions/rating.ts): kept as it is,
    // as is their review, whose badge shows the shelf (shared/transitions/review.ts).
    next: {
      status: to,
      timestamp: SERVER_TIMESTAMP,
      ...(current?.score === undefined ? {} : { score: current.score }),
      ...(current?.review === undefined ? {} : { review: current.review }),
    },
    updates: { ...updates, ...reviewBadgeShelf(current?.review, to) },
    result: { status: to, changed: true, counts: countsAfter(counts, from, to, true) },
  };
}

/** The member's review's badge follows their shelf, in the same PATCH (none without a review). */
const reviewBadgeShelf = (review: string | undefined, status: Shelf | null): MultiPathUpdate =>
  review === undefined ? {} : postNode(review).child('review').child('status').set(status);

/** `users/{uid}/public/shelves/{shelf}`: how many games the member has on the shelf. */
const memberShelfCount = (uid: string, shelf: Shelf) =>
  userSectionNode(uid, 'public').child('shelves').child(shelf);

/** A shelf of a game that is not in the catalogue: 404, nothing written. */
export class NoSuchGameRefusal extends Refusal {
  constructor(gameId: string) {
    super(404, 'not-found', { message: 'That game does not exist.', detail: `no game ${gameId} to shelve` });
  }
}

/**
 * Puts the game on the member's shelf (or takes it off), exactly once however often it is repeated or
 * raced. The game, its counts and the member's entry are read in one round, then the gate is taken and
 * the PATCH sent. The counts answered are those read, moved as the PATCH moved them; read again (a round
 * more) only when the entry decided on was not the one read with them (a racing request moved first).
 */
export async function commitShelf(
  db: RtdbClient,
  change: ShelfChange,
  now: () => number,
): Promise<ShelfState> {
  const gatePath = gamelistEntryPath(change.uid, change.gameId);
  const firstRead = db.getTagged(gatePath);
  const [name, counts, shelfChanges] = await Promise.all([
    // The game's name: whether it exists, and what the member's public shelf list shows.
    db.read(gameNode(change.gameId).child('name').path, z.string()),
    db.read(shelfCountsNode(change.gameId).path, countsRead),
    // Where the copy of the member's newest shelved games stands (shelved-copy.ts).
    readShelvedChanges(db, change.uid),
    firstRead,
  ]);
  const exists = name !== null;
  // Taking a game off a shelf stays open for a game removed since (it only moves the member's own entry).
  if (!exists && change.status !== null) throw new NoSuchGameRefusal(change.gameId);
  const { result: outcome, fromFirstRead } = await commitGatedTransitionBesideReads(db, {
    gatePath,
    entrySchema: gamelistEntrySchema,
    firstRead,
    decide: (current) => planShelf(current, change, { exists, counts, name: name ?? undefined }, now()),
    besideGate: shelvedCopyBesideGate(db, change.uid, shelfChanges),
  });
  if (fromFirstRead) return outcome;
  const fresh = await db.read(shelfCountsNode(change.gameId).path, countsRead);
  return { ...outcome, counts: countsAfter(fresh, null, null, false) };
}
