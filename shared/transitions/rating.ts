import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { gameNode, gamelistEntryPath, postNode, shelfCountsNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { ratingsMoved } from '../rating-figures.ts';
import { SERVER_TIMESTAMP, serverIncrement } from '../rtdb/server-values.ts';
import { ratingsOf, scoreKey, type RatingState, type Ratings } from '../schemas/rating.ts';
import { gamelistEntrySchema, type GamelistEntry, type Shelf } from '../schemas/shelf.ts';
import { commitGatedTransitionBesideReads, type TransitionPlan } from './gated-transition.ts';
import { NoSuchGameRefusal, planShelf } from './shelf.ts';
import { readShelvedChanges, shelvedCopyBesideGate } from './shelved-copy.ts';

// Rating a game, changing the score, clearing it: one score per member and game, kept in the member's
// `gamelist` entry beside the game's shelf, so that the entry's gate (gated-transition.ts) orders both.
// The game's count, sum and each score's count move by server increments decided from the member's own
// entry only (what it says they gave is what comes off), never from a count read beside it: that read
// may predate a racing member's +1, which a "never below zero" guard would then overwrite.

export interface RatingChange {
  uid: string;
  gameId: string;
  /** The score to give, 1 to 10; null clears it. */
  score: number | null;
}

/** `games/{gameId}/ratings`: the game's rating summary (shared/schemas/rating.ts). */
export const ratingSummaryPath = (gameId: string): string => `${gameNode(gameId).path}/ratings`;

const summaryRead = z.record(z.string(), z.number()).nullable();
const countsRead = z.record(z.string(), z.number()).nullable();

/**
 * The rating transition as a pure function of the member's entry: the entry and the game's summary move
 * in one PATCH; a first score of a game on no shelf also puts it on "played" (the shelf's own plan, merged
 * into the same PATCH); the same score again changes nothing.
 */
export function planRating(
  current: GamelistEntry | null,
  change: RatingChange,
  game: {
    exists: boolean;
    name?: string | undefined;
    ratings: Ratings;
    shelfCounts: Partial<Record<Shelf, number>> | null;
  },
  now: number,
): TransitionPlan<GamelistEntry, RatingState> {
  const from = current?.score ?? null;
  const to = change.score;
  const shelf = current?.status ?? null;
  if (from === to)
    return { kind: 'unchanged', result: { score: to, changed: false, status: shelf, ratings: game.ratings } };

  const summary = (child: string) => `${ratingSummaryPath(change.gameId)}/${child}`;
  const updates: Record<string, MultiPathUpdate[string]> = {};
  // A game removed since it was rated keeps no summary: writing one would bring back a stub record.
  if (game.exists) {
    const countMove = (from === null ? 1 : 0) - (to === null ? 1 : 0);
    if (countMove !== 0) updates[summary('count')] = serverIncrement(countMove);
    const sumMove = (to ?? 0) - (from ?? 0);
    if (sumMove !== 0) updates[summary('sum')] = serverIncrement(sumMove);
    if (from !== null) updates[summary(scoreKey(from))] = serverIncrement(-1);
    if (to !== null) updates[summary(scoreKey(to))] = serverIncrement(1);
  }
  let status = shelf;
  let timestamp: number | typeof SERVER_TIMESTAMP | undefined = current?.timestamp;
  if (to !== null && shelf === null && game.exists) {
    // Rated, so played: the shelf's own plan writes its index entry and counts.
    const shelved = planShelf(
      current,
      { uid: change.uid, gameId: change.gameId, status: 'played' },
      { exists: true, counts: game.shelfCounts, name: game.name },
      now,
    );
    if (shelved.kind === 'write') Object.assign(updates, shelved.updates);
    status = 'played';
    timestamp = SERVER_TIMESTAMP;
  }
  // The member's review shows their score: its badge follows, in the same PATCH (shared/transitions/review.ts).
  if (current?.review !== undefined)
    Object.assign(updates, postNode(current.review).child('review').child('score').set(to));
  return {
    kind: 'write',
    next: {
      status,
      ...(timestamp === undefined ? {} : { timestamp }),
      ...(to === null ? {} : { score: to }),
      ...(current?.review === undefined ? {} : { review: current.review }),
    },
    updates,
    result: { score: to, changed: true, status, ratings: ratingsMoved(game.ratings, from, to) },
  };
}

/**
 * Rates the game (or clears the rating), exactly once however often it is repeated or raced. The game's
 * name, its summary, its shelf counts and the member's entry are read in one round, then the gate is
 * taken and the PATCH sent. The ratings answered are those read, moved as the PATCH moved them; read
 * again only when the entry decided on was not the one read with them (a racing request moved first).
 */
export async function commitRating(
  db: RtdbClient,
  change: RatingChange,
  now: () => number,
): Promise<RatingState> {
  const gatePath = gamelistEntryPath(change.uid, change.gameId);
  const firstRead = db.getTagged(gatePath);
  const [name, summary, shelfCounts, shelfChanges] = await Promise.all([
    db.read(gameNode(change.gameId).child('name').path, z.string()),
    db.read(ratingSummaryPath(change.gameId), summaryRead),
    db.read(shelfCountsNode(change.gameId).path, countsRead),
    // A rating may shelve the game as played: where the copy of the newest shelved games stands.
    readShelvedChanges(db, change.uid),
    firstRead,
  ]);
  const exists = name !== null;
  // Clearing a rating stays open for a game removed since (it only moves the member's own entry).
  if (!exists && change.score !== null) throw new NoSuchGameRefusal(change.gameId);
  const ratings = ratingsOf(summary);
  const { result: outcome, fromFirstRead } = await commitGatedTransitionBesideReads(db, {
    gatePath,
    entrySchema: gamelistEntrySchema,
    firstRead,
    decide: (current) =>
      planRating(current, change, { exists, name: name ?? undefined, ratings, shelfCounts }, now()),
    besideGate: shelvedCopyBesideGate(db, change.uid, shelfChanges),
  });
  if (fromFirstRead) return outcome;
  const fresh = await db.read(ratingSummaryPath(change.gameId), summaryRead);
  return { ...outcome, ratings: ratingsOf(fresh) };
}
