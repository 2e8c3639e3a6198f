import { z } from 'zod';
import { shelvingOf, shelvingWrites } from '../library/library-shelving.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { gameNode, gamelistEntryPath } from '../rtdb/paths.ts';
import type { RtdbClient, RtdbTagged } from '../rtdb/rest-client.ts';
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
  patchOutcome,
  TransitionBusyError,
  withSeenStamp,
} from './gated-transition.ts';
import { planRating } from './rating.ts';
import { planShelf } from './shelf.ts';
import type { ShelvedGameEntry } from '../schemas/shelved-copy.ts';
import { newestInIndex, planShelvedCopy, readShelvedChanges } from './shelved-copy.ts';
import { isObject } from '../is-object.ts';

// Shelving and rating a batch of an imported library's games at once, by the same rules as one tap on a
// game's page: each game's change is planned by the shelf and rating transitions' own plans (planShelf,
// planRating: the member's entry, the public index, the member's and the game's counts and the game's
// rating summary, all by server increments worked out from the member's own entry), and the batch is
// committed as ONE multi-path PATCH. The gate is the same as theirs (gated-transition.ts), each game's own
// entry: each changed entry is taken by a conditional PUT marking it pending, so a racing tap on any of
// those games waits for the mark (or finds its ETag moved and reads again), and a tap that moved first
// makes that PUT fail and the batch decide that game again from what the refusal answers. The batch never
// reads or writes the member's whole list: a member with 20,000 games once cost every batch 1.4 MB each
// way. What changes nothing is not written, so bringing the same file in twice counts nothing twice.
// The lease is kept as a single change keeps it (gated-transition.ts): a mark is taken over only once it is
// past its lease as durations say, a batch starved since taking its marks gives them back unsent, and one
// that finds a game held by another request gives back what it took and waits, holding nothing (two
// batches each holding what the other waits for would otherwise wait out their leases).

export interface LibraryShelvingChange {
  uid: string;
  games: readonly LibraryShelvingGame[];
  /** Where the member has another shelf or score: replace it (true) or keep it (false). */
  overwrite: boolean;
}

const entryOf = (value: unknown): GamelistEntry | null => {
  const parsed = gamelistEntrySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** Whether a stored entry carries the mark of the operation `op`. */
const markedBy = (stored: unknown, op: string): boolean =>
  isObject(stored) && isObject(stored.pending) && stored.pending.op === op;

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

/** What the database calls the ETag of a location that holds nothing (a conditional PUT that creates). */
const ABSENT_ETAG = 'null_etag';
/**
 * The database requests one Worker request may make: 50 subrequests on the free plan, less one edge drop
 * of each game's page (worker/api/library.ts). https://developers.cloudflare.com/workers/platform/limits/#subrequests
 */
const requestBudget = (games: number) => 50 - games;

/** One game's entry as this batch holds it: its mark taken, and the entry as it was before. */
interface Taken {
  previous: GamelistEntry | null;
}

/**
 * Shelves and rates the batch's games as the member, exactly once however often it is repeated or raced;
 * answers what became of each game, in the order sent. A game that does not exist is answered `not-found`
 * and nothing is written for it. Each game is gated by its own entry, as a tap on its page is: in the
 * first round, beside the games' names, each entry is taken with a conditional PUT made as if the game
 * were new to the member (`null_etag`); an entry the member has refuses it and answers itself with its
 * ETag, which the second round decides from and takes (beside reading the member's newest shelved games);
 * the third commits everything in one PATCH. So a batch reads and writes what its games' entries hold,
 * never the member's whole list, whatever its size.
 */
export async function commitLibraryShelving(
  db: RtdbClient,
  change: LibraryShelvingChange,
  now: () => number,
  /** The Worker's clock for the lease and the wait: Date.now unless a test moves it. */
  clock: () => number = Date.now,
): Promise<{ gameId: string; outcome: ShelvingOutcome }[]> {
  const { uid, games } = change;
  const entryPath = (gameId: string) => gamelistEntryPath(uid, gameId);
  const budget = requestBudget(games.length);
  let spent = 0;
  /** Counts a database request against the budget as it is made. */
  const ask = <T>(request: () => Promise<T>): Promise<T> => {
    spent++;
    return request();
  };
  /** Refuses (busy, nothing written) a round that could leave too few requests to commit or give back. */
  const affords = (requests: number) => spent + requests + 3 <= budget;

  // Each entry as last seen (value and ETag); none seen yet: taken to be absent, as for a game new to the member.
  const seen = new Map<string, RtdbTagged<unknown>>();
  let names: (string | null)[] | undefined;
  let shelfChanges: number | null = null;
  let firstRound: Promise<unknown> | undefined = Promise.all([
    Promise.all(
      games.map((game) => ask(() => db.read(gameNode(game.gameId).child('name').path, z.string()))),
    ).then((read) => {
      names = read;
    }),
    // Where the copy of the member's newest shelved games stands (shelved-copy.ts).
    ask(() => readShelvedChanges(db, uid)).then((read) => {
      shelfChanges = read;
    }),
  ]);
  let newest: Promise<ShelvedGameEntry[] | null> | undefined;
  /** Entries last seen held by another request, with the one of its entries looked at while waiting. */
  let waitingOn: { gameId: string; op: string; probe: string }[] = [];
  /** The entries to look at again before deciding (one of each holder waited for). */
  let probing: string[] = [];
  const deadline = clock() + GATE_WAIT_MS;
  const lease = leaseWatch(clock);

  for (let attempt = 0; ; attempt++) {
    if (clock() > deadline) throw new TransitionBusyError(`the entries of ${uid}'s batch stayed busy`);
    // Entries whose ETag is no longer known (after waiting or giving back) are read again.
    const readAgain = async (gameIds: string[]) => {
      if (gameIds.length === 0) return;
      if (!affords(gameIds.length)) throw new TransitionBusyError(`the batch of ${uid} ran out of requests`);
      const read = await Promise.all(gameIds.map((gameId) => ask(() => db.getTagged(entryPath(gameId)))));
      gameIds.forEach((gameId, index) => {
        const tagged = read[index];
        if (tagged) seen.set(gameId, tagged);
      });
    };
    // The entries looked at while waiting are read again.
    await readAgain(probing);
    probing = [];
    // A request lets go of all its marks at once (one PATCH): where the one entry looked at shows its mark
    // gone, the others it held are no longer known (taken as absent: a refused PUT answers what they hold);
    // where it still holds, they are still held as last seen.
    for (const { gameId, op, probe } of waitingOn)
      if (!markedBy(seen.get(probe)?.value, op)) seen.delete(gameId);
    waitingOn = [];
    const op = pushId();
    const at = now();
    const taken = new Map<string, Taken>();
    let takingSince: number | undefined;
    /** Puts back, at once, the entries this attempt took (nobody may take a mark over before its lease). */
    const giveBack = async () => {
      if (taken.size === 0) return;
      const back = Object.fromEntries(
        [...taken].map(([gameId, { previous }]) => [entryPath(gameId), previous]),
      );
      // An entry put back to nothing is known again exactly; one put back to what it held, by its last answer.
      for (const [gameId, { previous }] of taken)
        if (previous === null) seen.set(gameId, { value: null, etag: ABSENT_ETAG });
      taken.clear();
      try {
        await ask(() => db.patch('', back));
      } catch (error) {
        // The lease makes the entries usable again after GATE_LEASE_MS anyway.
        console.error(`Giving back the entries of ${uid}'s batch failed`, error);
      }
    };
    // Another request holds one of the batch's games: the batch waits for it, holding nothing.
    let holders: { gameId: string; stored: Record<string, unknown>; etag: string; held: HeldMark }[] = [];
    for (;;) {
      holders = [];
      const toTake: { gameId: string; etag: string; mark: unknown; previous: GamelistEntry | null }[] = [];
      games.forEach((game, index) => {
        if (taken.has(game.gameId)) return;
        if (names !== undefined && names[index] === null) return; // not in the catalogue: nothing to take
        const { value, etag } = seen.get(game.gameId) ?? { value: null, etag: ABSENT_ETAG };
        const { current, held } = standingOf(value);
        if (held && !lease.abandoned(held)) {
          if (isObject(value)) holders.push({ gameId: game.gameId, stored: value, etag, held });
          return;
        }
        // The entry's next state does not depend on the game's name (only its index entry does).
        const plan = planGame(uid, game, names?.[index] ?? '', current, change.overwrite, at);
        if (plan.updates === undefined) return;
        toTake.push({
          gameId: game.gameId,
          etag,
          previous: current,
          mark: {
            ...(isObject(plan.next) ? plan.next : {}),
            pending: { op, since: SERVER_TIMESTAMP, previous: current },
          },
        });
      });
      if (holders.length > 0 || toTake.length === 0) break;
      const firstRoundCost = firstRound ? 0 : 1; // the newest shelved games are read beside a later round
      if (!affords(toTake.length + firstRoundCost)) {
        await giveBack();
        throw new TransitionBusyError(`the batch of ${uid} ran out of requests`);
      }
      takingSince ??= clock();
      const [answers] = await Promise.all([
        Promise.all(
          toTake.map(({ gameId, mark, etag }) => ask(() => db.putOrCurrent(entryPath(gameId), mark, etag))),
        ),
        firstRound,
        newest === undefined && firstRound === undefined ? (newest = readNewest()) : undefined,
      ]);
      firstRound = undefined;
      toTake.forEach(({ gameId, previous }, index) => {
        const answer = answers[index];
        if (answer?.written) taken.set(gameId, { previous });
        else if (answer) seen.set(gameId, answer.current); // it moved: decide again from what it is now
      });
    }
    if (holders.length > 0) {
      await giveBack();
      // One entry of each holder is looked at while waiting (a batch holds many: looking at all would
      // spend the Worker's requests).
      const probes = new Map<string, string>();
      for (const { gameId, held } of holders) if (!probes.has(held.op)) probes.set(held.op, gameId);
      waitingOn = holders.flatMap(({ gameId, held }) => {
        const probe = probes.get(held.op);
        return probe === undefined || probe === gameId ? [] : [{ gameId, op: held.op, probe }];
      });
      const measure = holders.filter(
        ({ gameId, held }) => probes.get(held.op) === gameId && lease.worthMeasuring(held),
      );
      if (measure.length > 0 && affords(measure.length)) {
        // Ask the database how old those marks are (refused: the entry moved meanwhile, which says as much).
        await Promise.all(
          measure.map(({ gameId, stored, etag }) =>
            ask(() => db.putOrCurrent(entryPath(gameId), withSeenStamp(stored), etag)),
          ),
        );
      } else await gateBackoff(attempt);
      probing = [...probes.values()];
      continue;
    }
    await firstRound;
    firstRound = undefined;
    // Every game's entry that changes is this batch's now: decide each from the entry taken.
    const updates: Record<string, unknown> = {};
    const committed: Record<string, unknown> = {};
    const outcomes = games.map((game, index) => {
      const name = names?.[index];
      const mine = taken.get(game.gameId);
      if (name === null || name === undefined) {
        // Taken in the first round as if new, before its name was known: put back as it was (absent).
        if (mine) committed[entryPath(game.gameId)] = mine.previous;
        return { gameId: game.gameId, outcome: 'not-found' as const };
      }
      const current = mine ? mine.previous : standingOf(seen.get(game.gameId)?.value ?? null).current;
      const plan = planGame(uid, game, name, current, change.overwrite, at);
      if (plan.updates === undefined || !mine) return { gameId: game.gameId, outcome: plan.outcome };
      mergeInto(updates, plan.updates);
      committed[entryPath(game.gameId)] = plan.next;
      return { gameId: game.gameId, outcome: plan.outcome };
    });
    if (taken.size === 0) return outcomes;
    const copy = planShelvedCopyOf(await (newest ??= readNewest()), updates);
    if (takingSince !== undefined && clock() - takingSince > GATE_COMMIT_WITHIN_MS) {
      // Starved since taking the gate: a PATCH sent now might land after the marks were taken over.
      await releaseAfterFailure(db, uid, op, taken, ask, affords);
      for (const gameId of taken.keys()) seen.delete(gameId);
      taken.clear();
      continue;
    }
    try {
      await ask(() => db.patch('', { ...updates, ...copy, ...committed }));
    } catch (error) {
      // As a single change does (gated-transition.ts): given back only when the database refused the
      // PATCH; without an answer it may land yet, so the marks are read back and otherwise left to the lease.
      const outcome = await patchOutcome(error, takingSince ?? clock(), clock, async () => {
        const back = await Promise.all([...taken.keys()].map((gameId) => db.get(entryPath(gameId))));
        return back.some((entry) => isObject(entry) && isObject(entry.pending) && entry.pending.op === op);
      });
      if (outcome === 'landed') return outcomes;
      if (outcome === 'refused') await giveBack();
      throw error;
    }
    return outcomes;
  }

  /** The member's newest shelved games, read after `changes` (shelved-copy.ts); null when it cannot be. */
  function readNewest(): Promise<ShelvedGameEntry[] | null> {
    if (shelfChanges === null) return Promise.resolve(null);
    return ask(() => newestInIndex(db, uid)).catch((error: unknown) => {
      console.error(`Reading the shelves of ${uid} to copy failed`, error);
      return null;
    });
  }

  /** The copy of the member's newest shelved games the PATCH keeps (nothing when a read failed). */
  function planShelvedCopyOf(read: ShelvedGameEntry[] | null, updates: MultiPathUpdate): MultiPathUpdate {
    return read === null || shelfChanges === null
      ? {}
      : planShelvedCopy(uid, updates, { newest: read, changes: shelfChanges });
  }
}

/** Puts back the entries that still carry this batch's mark, as they were (each read, then put conditionally). */
async function releaseAfterFailure(
  db: RtdbClient,
  uid: string,
  op: string,
  taken: ReadonlyMap<string, Taken>,
  ask: <T>(request: () => Promise<T>) => Promise<T>,
  affords: (requests: number) => boolean,
): Promise<void> {
  // Out of requests: the lease makes the entries usable again after GATE_LEASE_MS anyway.
  if (!affords(taken.size * 2)) return;
  await Promise.all(
    [...taken].map(async ([gameId, { previous }]) => {
      const path = gamelistEntryPath(uid, gameId);
      try {
        const { value, etag } = await ask(() => db.getTagged(path));
        // Still marked by this batch, so no other request moved it: put back unless it moves meanwhile.
        if (isObject(value) && isObject(value.pending) && value.pending.op === op)
          await ask(() => db.putIfUnchanged(path, previous, etag));
      } catch (error) {
        console.error(`Releasing ${path} after a starved library shelving failed`, error);
      }
    }),
  );
}
