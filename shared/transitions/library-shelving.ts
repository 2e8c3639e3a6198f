import { z } from 'zod';
import { shelvingOf, shelvingWrites } from '../library/library-shelving.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { gameNode, gamelistEntryPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { ratingsOf } from '../schemas/rating.ts';
import type { LibraryShelvingGame, ShelvingOutcome } from '../schemas/library-shelving.ts';
import { gamelistEntrySchema, type GamelistEntry } from '../schemas/shelf.ts';
import {
  GATE_COMMIT_WITHIN_MS,
  GATE_WAIT_MS,
  gateBackoff,
  leaseWatch,
  TransitionBusyError,
  withSeenStamp,
} from './gated-transition.ts';
import { planRating } from './rating.ts';
import { planShelf } from './shelf.ts';
import { readShelvedChanges, shelvedCopyBesideGate } from './shelved-copy.ts';

// Shelving and rating a batch of an imported library's games at once, by the same rules as one tap on a
// game's page: each game's change is planned by the shelf and rating transitions' own plans (planShelf,
// planRating: the member's entry, the public index, the member's and the game's counts and the game's
// rating summary, all by server increments worked out from the member's own entry), and the batch is
// committed as ONE multi-path PATCH. The gate is the same as theirs (gated-transition.ts), taken for the
// whole batch at once: the member's `gamelist` is read with its ETag and written back by one conditional
// PUT with each changed entry marked pending, so a racing tap on any of those games waits for the mark
// (or finds its ETag moved and reads again), and a tap that moved first makes the PUT fail and the batch
// read again. What changes nothing is not written, so bringing the same file in twice counts nothing twice.
// The lease is kept as a single change keeps it (gated-transition.ts): a mark is taken over only once it is
// past its lease as durations say, and a batch starved since taking the gate gives it back unsent.

export interface LibraryShelvingChange {
  uid: string;
  games: readonly LibraryShelvingGame[];
  /** Where the member has another shelf or score: replace it (true) or keep it (false). */
  overwrite: boolean;
}

/** `users/{uid}/private/gamelist`: the member's entries, one a game. */
const gamelistPath = (uid: string) => gamelistEntryPath(uid, '').replace(/\/$/, '');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const entryOf = (value: unknown): GamelistEntry | null => {
  const parsed = gamelistEntrySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** A pending mark as the lease reads it. */
interface HeldMark {
  op: string;
  since: number;
  seen?: number | undefined;
}

/** A stored entry as its next transition sees it: its state before a pending mark, and the mark if one holds it. */
function standingOf(stored: unknown): { current: GamelistEntry | null; held: HeldMark | null } {
  if (
    isObject(stored) &&
    isObject(stored.pending) &&
    typeof stored.pending.op === 'string' &&
    typeof stored.pending.since === 'number'
  ) {
    const { previous, op, since, seen } = stored.pending;
    return {
      current: previous === null || previous === undefined ? null : entryOf(previous),
      held: { op, since, seen: typeof seen === 'number' ? seen : undefined },
    };
  }
  return { current: entryOf(stored), held: null };
}

/**
 * Adds `more` to `updates`: the paths several games move (the member's count of a shelf) add their server
 * increments up; any other path is one game's own and is written once.
 */
function mergeInto(updates: Record<string, unknown>, more: MultiPathUpdate): void {
  for (const [path, value] of Object.entries(more)) {
    const before = updates[path];
    const by = (write: unknown) =>
      isObject(write) && isObject(write['.sv']) && typeof write['.sv'].increment === 'number'
        ? write['.sv'].increment
        : null;
    const [a, b] = [by(before), by(value)];
    updates[path] =
      before !== undefined && a !== null && b !== null ? { '.sv': { increment: a + b } } : value;
  }
}

/** One game's change planned by the shelf and rating transitions, from its entry: the PATCH's part and the entry next. */
function planGame(
  uid: string,
  game: LibraryShelvingGame,
  name: string,
  current: GamelistEntry | null,
  overwrite: boolean,
  now: number,
): { outcome: ShelvingOutcome; next?: unknown; updates?: MultiPathUpdate } {
  const shelving = shelvingOf(
    current && { status: current.status, score: current.score ?? null },
    { shelf: game.shelf, score: game.score },
    overwrite,
  );
  if (!shelvingWrites(shelving)) {
    const kept = shelving.differentShelf !== undefined || shelving.differentScore !== undefined;
    return { outcome: kept ? 'kept' : 'unchanged' };
  }
  const updates: Record<string, unknown> = {};
  let entry = current;
  let next: unknown = current;
  if (shelving.shelf !== undefined) {
    const plan = planShelf(
      entry,
      { uid, gameId: game.gameId, status: shelving.shelf },
      { exists: true, counts: null, name },
      now,
    );
    if (plan.kind === 'write') {
      mergeInto(updates, plan.updates);
      next = plan.next;
      // The entry as the rating's plan reads it: the shelf just set (its time is the PATCH's).
      entry = { ...(entry ?? {}), status: shelving.shelf, timestamp: now };
    }
  }
  if (shelving.score !== undefined) {
    const plan = planRating(
      entry,
      { uid, gameId: game.gameId, score: shelving.score },
      { exists: true, name, ratings: ratingsOf(null), shelfCounts: null },
      now,
    );
    if (plan.kind === 'write') {
      mergeInto(updates, plan.updates);
      // The shelf's plan stamped the entry with the database's time: the rating's keeps that stamp.
      next = { ...plan.next, ...(next !== current && isObject(next) ? { timestamp: next.timestamp } : {}) };
    }
  }
  return { outcome: 'changed', next, updates };
}

/**
 * Shelves and rates the batch's games as the member, exactly once however often it is repeated or raced;
 * answers what became of each game, in the order sent. A game that does not exist is answered `not-found`
 * and nothing is written for it. Reads each game's name and the member's entries in one round, then takes
 * the gate (one conditional PUT) and commits (one PATCH).
 */
export async function commitLibraryShelving(
  db: RtdbClient,
  change: LibraryShelvingChange,
  now: () => number,
  /** The Worker's clock for the lease and the wait: Date.now unless a test moves it. */
  clock: () => number = Date.now,
): Promise<{ gameId: string; outcome: ShelvingOutcome }[]> {
  const listPath = gamelistPath(change.uid);
  const firstRead = db.getTagged(listPath);
  const [names, shelfChanges] = await Promise.all([
    Promise.all(change.games.map((game) => db.read(gameNode(game.gameId).child('name').path, z.string()))),
    // Where the copy of the member's newest shelved games stands (shelved-copy.ts).
    readShelvedChanges(db, change.uid),
  ]);
  const copyBesideGate = shelvedCopyBesideGate(db, change.uid, shelfChanges);
  const deadline = clock() + GATE_WAIT_MS;
  const lease = leaseWatch(clock);
  for (let attempt = 0; ; attempt++) {
    if (clock() > deadline) throw new TransitionBusyError(`gate ${listPath} stayed busy`);
    const { value, etag } = await (attempt === 0 ? firstRead : db.getTagged(listPath));
    const stored = isObject(value) ? value : {};
    const at = now();
    const updates: Record<string, unknown> = {};
    const marked: Record<string, unknown> = { ...stored };
    const committed: Record<string, unknown> = {};
    const op = pushId();
    // Set when another request holds one of the batch's games (set inside the map below), with the marks
    // worth asking the database the age of.
    const gate = { held: false, measure: [] as string[] };
    const outcomes = change.games.map((game, index) => {
      const name = names[index];
      if (name === null || name === undefined) return { gameId: game.gameId, outcome: 'not-found' as const };
      const { current, held } = standingOf(stored[game.gameId]);
      const plan = planGame(change.uid, game, name, current, change.overwrite, at);
      if (plan.updates === undefined) return { gameId: game.gameId, outcome: plan.outcome };
      // Another request holds this game's gate: the batch waits for it, as a single change would.
      if (held && !lease.abandoned(held)) {
        gate.held = true;
        if (lease.worthMeasuring(held)) gate.measure.push(game.gameId);
      }
      mergeInto(updates, plan.updates);
      marked[game.gameId] = {
        ...(isObject(plan.next) ? plan.next : {}),
        pending: { op, since: SERVER_TIMESTAMP, previous: current },
      };
      committed[gamelistEntryPath(change.uid, game.gameId)] = plan.next;
      return { gameId: game.gameId, outcome: plan.outcome };
    });
    if (gate.held) {
      if (gate.measure.length > 0) {
        // Ask the database how old those marks are (412: the entries moved meanwhile, which says as much).
        const stamped = { ...stored };
        for (const gameId of gate.measure) {
          const entry = stored[gameId];
          if (isObject(entry)) stamped[gameId] = withSeenStamp(entry);
        }
        await db.put(listPath, stamped, { ifMatch: etag });
        continue;
      }
      await gateBackoff(attempt);
      continue;
    }
    if (Object.keys(committed).length === 0) return outcomes;
    // The copy is worked out from the index as read beside taking the gate, with the batch's entries.
    const takingSince = clock();
    const [taken, copy] = await Promise.all([
      db.put(listPath, marked, { ifMatch: etag }),
      copyBesideGate(updates),
    ]);
    if (taken === null) continue; // a change to the member's entries landed first: decide again
    if (clock() - takingSince > GATE_COMMIT_WITHIN_MS) {
      // Starved since taking the gate: a PATCH sent now might land after the marks were taken over.
      await releaseAfterFailure(db, change.uid, op, stored, Object.keys(committed));
      continue;
    }
    try {
      await db.patch('', { ...updates, ...copy, ...committed });
    } catch (error) {
      await releaseAfterFailure(db, change.uid, op, stored, Object.keys(committed));
      throw error;
    }
    return outcomes;
  }
}

/** Puts back the entries that still carry this batch's mark, as they were. */
async function releaseAfterFailure(
  db: RtdbClient,
  uid: string,
  op: string,
  previous: Record<string, unknown>,
  paths: string[],
): Promise<void> {
  try {
    const value = await db.get(gamelistPath(uid));
    const now = isObject(value) ? value : {};
    const back: Record<string, unknown> = {};
    for (const path of paths) {
      const gameId = path.slice(path.lastIndexOf('/') + 1);
      const entry = now[gameId];
      // Still marked by this batch, so no other request may move it: a plain write puts it back.
      if (isObject(entry) && isObject(entry.pending) && entry.pending.op === op)
        back[path] = previous[gameId] ?? null;
    }
    if (Object.keys(back).length > 0) await db.patch('', back);
  } catch (error) {
    // The lease makes the entries usable again after GATE_LEASE_MS anyway.
    console.error(`Releasing ${gamelistPath(uid)} after a failed library shelving failed`, error);
  }
}
