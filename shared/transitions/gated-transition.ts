import type { z } from 'zod';
import type { MultiPathUpdate, WriteValue } from '../rtdb/multi-path-update.ts';
import { RtdbError, type RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP, type ServerTimestamp } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { Refusal } from '../refusal.ts';
import { isObject } from '../is-object.ts';

// Why a gate: a transition is ONE multi-path PATCH (record + indexes + user maps + counts), but
// multi-path PATCH has no if-match, and counts move by server increments. Deciding "is this a new
// follow?" from a plain read lets two racing requests both add 1. So every (user, target) pair has
// one small state node (its history entry) that serialises its transitions:
//   1. read the entry with its ETag;
//   2. decide the next state from it (nothing to do → answer without writing: repeats never count twice);
//   3. take the gate: conditional PUT of the entry marked `pending` (412 → someone else moved first: retry);
//   4. commit everything in ONE multi-path PATCH that also writes the entry without `pending`, so the
//      effects and the release land together or not at all;
//   5. if the database refuses the PATCH, put the entry back as it was (only if it still holds our mark).
//      If no answer came (a timeout, a dropped connection), the PATCH may have landed or may still land:
//      giving the gate back would let another request decide from the old state and move counts a second
//      time. So the entry is read back: without our mark, and too early for anyone to have taken it over,
//      only our PATCH can have cleared it (it landed: answered as done); still marked, the mark is left to
//      its lease, the in-flight PATCH has the rest of it to land, and a later request decides from what
//      landed (see patchOutcome).
// A Worker that dies between 3 and 4 leaves a mark older than the lease: its PATCH never landed, so the
// next request treats the entry as its previous state.
// Nothing in the database can refuse a PATCH sent after its mark was taken over (multi-path PATCH has no
// if-match, and the server credential passes every rule), so the lease is kept by time on both sides:
// - the holder sends its PATCH only within GATE_COMMIT_WITHIN_MS of starting to take the gate, on its own
//   clock; starved longer (an isolate held up, a slow round), it gives the gate back and starts again, so
//   its PATCH has the rest of the lease to land before anyone may take the gate over;
// - a waiter takes a mark over only once it is GATE_LEASE_MS old as durations say, never by comparing the
//   Worker's clock with the database's (`since`): see leaseWatch.
// https://firebase.google.com/docs/reference/rest/database#section-conditional-requests

/** How long a pending mark holds the gate before it is considered abandoned. */
export const GATE_LEASE_MS = 15_000;
/**
 * How long after starting to take the gate (just before its conditional PUT) a request may still send its
 * PATCH, on its own clock; past it, it gives the gate back and starts again. The rest of the lease (10 s) is
 * the PATCH's time to land, as long as the Worker waits for any database request (worker/database.ts).
 */
export const GATE_COMMIT_WITHIN_MS = 5_000;
/** How long a request waits for the gate before giving up with TransitionBusyError. */
export const GATE_WAIT_MS = 20_000;
/**
 * How long a waiter watches a mark before asking the database how old it is: a holder at work releases its
 * mark within a round or two, so one still there after this may be one left behind long ago.
 */
export const GATE_MEASURE_AFTER_MS = 1_000;

/** The mark a request leaves on a history entry while its PATCH is in flight, as read back. */
interface PendingMark<S> {
  op: string;
  since: number;
  /** The database's clock when a waiter asked it how old the mark is (see leaseWatch). */
  seen?: number | undefined;
  /** The entry before this operation (null: there was none). */
  previous: S | null;
}

/** The mark as written: `since` is the database's clock. */
interface PendingMarkWrite<S> {
  op: string;
  since: ServerTimestamp;
  previous: S | null;
}

/**
 * What a transition decided: nothing to write, or the multi-path updates and the entry's next state
 * (as written: its timestamps may be the database's clock).
 */
export type TransitionPlan<S, R> =
  | { kind: 'unchanged'; result: R }
  | { kind: 'write'; next: WriteValue<S>; updates: MultiPathUpdate; result: R };

/** The gate stayed taken by other requests for longer than GATE_WAIT_MS: 409 `busy`, trying again is safe. */
export class TransitionBusyError extends Refusal {
  override readonly name = 'TransitionBusyError';
  constructor(detail: string) {
    super(409, 'busy', { message: 'This is changing right now. Please try again.', detail });
  }
}

export interface GatedTransition<S, R> {
  /** The history entry that gates this (user, target) pair. */
  gatePath: string;
  /** What a stored entry looks like; an absent or unreadable one counts as none. */
  entrySchema: z.ZodType<S>;
  /**
   * The transition itself: a pure function of the current entry. `fromFirstRead` says whether that entry
   * is the one `firstRead` answered (what else the caller read beside it then is as fresh as it).
   */
  decide: (current: S | null, context: { fromFirstRead: boolean }) => TransitionPlan<S, R>;
  /**
   * The entry's first read (`getTagged` of `gatePath`), when the caller started it beside its own reads
   * of the transition's preconditions, so that it costs no round of its own; later attempts read again.
   */
  firstRead?: Promise<{ value: unknown; etag: string }>;
  /**
   * More of the PATCH, worked out from reads made beside taking the gate (a round the write makes anyway),
   * so they are newer than the first round's: given the plan's updates, answers paths to add to them.
   */
  besideGate?: (updates: MultiPathUpdate) => Promise<MultiPathUpdate>;
  /**
   * Told of a plan that writes, once the gate is taken and before its PATCH (a new post's home-feed
   * message: a post is then never written without it). A throw gives the gate back and writes nothing.
   */
  beforeCommit?: (result: R) => Promise<void>;
  /** The Worker's clock for the lease and the wait: Date.now unless a test moves it. */
  clock?: () => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A short, jittered wait that grows with the attempts, before looking at a held gate again. */
export const gateBackoff = (attempt: number) => sleep(Math.min(5 + attempt * 3, 60) * (0.5 + Math.random()));

/**
 * When marks held by other requests may be taken over, as this request sees them. A mark's `since` is the
 * database's clock and `clock()` the Worker's: comparing the two would trust two machines to agree (with a
 * database clock 15 s behind, every fresh mark would look abandoned and two requests would both commit;
 * ahead, an abandoned mark would hold for as long again). So only durations count: how long this request
 * has watched the same mark (its `op`) on its own clock, from how old the database itself said it was when
 * first seen — `seen - since`, two readings of the database's one clock in the same answer (`seen` is a
 * server timestamp a waiter stamps into the mark). Asking costs a write, made once a mark and request, when
 * the mark has held for GATE_MEASURE_AFTER_MS or the Worker's clock against `since` hints it has run out.
 */
export function leaseWatch(clock: () => number) {
  const watched = new Map<string, { firstSeen: number; expiresAt: number; measured: boolean }>();
  return {
    /** Whether the mark, as just read, is past its lease and may be taken over. */
    abandoned(mark: { op: string; since: number; seen?: number | undefined }): boolean {
      const now = clock();
      // At this read the mark was at least this old: 0 for all this request knows, or as the database said.
      const knownAge = mark.seen === undefined ? 0 : Math.max(0, mark.seen - mark.since);
      const expiresAt = now + GATE_LEASE_MS - knownAge;
      const entry = watched.get(mark.op);
      if (entry) entry.expiresAt = Math.min(entry.expiresAt, expiresAt);
      else watched.set(mark.op, { firstSeen: now, expiresAt, measured: mark.seen !== undefined });
      return now >= (entry?.expiresAt ?? expiresAt);
    },
    /** Whether to have the database stamp its clock into the mark now (once a mark). */
    worthMeasuring(mark: { op: string; since: number }): boolean {
      const entry = watched.get(mark.op);
      if (!entry || entry.measured) return false;
      const now = clock();
      if (now - entry.firstSeen < GATE_MEASURE_AFTER_MS && now - mark.since < GATE_LEASE_MS) return false;
      entry.measured = true;
      return true;
    },
  };
}

/** The stored entry with its mark stamped `seen` by the database's clock, to be put back conditionally. */
export function withSeenStamp(stored: Record<string, unknown>): Record<string, unknown> {
  const pending = stored.pending;
  return isObject(pending) ? { ...stored, pending: { ...pending, seen: SERVER_TIMESTAMP } } : stored;
}

/**
 * The entry as its next transition decides from: under a pending mark, the entry before that operation
 * (whose PATCH has not landed and may never), else the entry itself. What a caller reads beside the
 * gate's first read must start from this, never from the marked entry's own fields: they name effects
 * (a review's new post) that are not written yet.
 */
export function settledEntry<S>(value: unknown, schema: z.ZodType<S>): S | null {
  const parse = (stored: unknown): S | null => {
    const parsed = schema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  };
  const pending = readPending(value, parse);
  return pending ? pending.previous : parse(value);
}

/** Runs one transition under its gate and commits it as one atomic multi-path PATCH; answers its result. */
export async function commitGatedTransition<S extends object, R>(
  db: RtdbClient,
  transition: GatedTransition<S, R>,
): Promise<R> {
  const clock = transition.clock ?? Date.now;
  const deadline = clock() + GATE_WAIT_MS;
  const lease = leaseWatch(clock);
  for (let attempt = 0; ; attempt++) {
    if (clock() > deadline) throw new TransitionBusyError(`gate ${transition.gatePath} stayed busy`);
    const firstRead = attempt === 0 ? transition.firstRead : undefined;
    const fromFirstRead = firstRead !== undefined;
    const { value, etag } = await (firstRead ?? db.getTagged(transition.gatePath));
    const parse = (stored: unknown): S | null => {
      const parsed = transition.entrySchema.safeParse(stored);
      return parsed.success ? parsed.data : null;
    };
    const pending = readPending(value, parse);
    if (pending && !lease.abandoned(pending)) {
      if (isObject(value) && lease.worthMeasuring(pending)) {
        // Ask the database how old the mark is (412: the entry moved meanwhile, which says as much).
        await db.put(transition.gatePath, withSeenStamp(value), { ifMatch: etag });
        continue;
      }
      // Someone holds the gate: wait a little (jittered, growing) and look again.
      await gateBackoff(attempt);
      continue;
    }
    const current = pending ? pending.previous : parse(value);
    const plan = transition.decide(current, { fromFirstRead });
    if (plan.kind === 'unchanged' && !pending) return plan.result;
    const op = pushId();
    const next = plan.kind === 'write' ? plan.next : current;
    const mark: PendingMarkWrite<S> = { op, since: SERVER_TIMESTAMP, previous: current };
    // The mark's `since` is at or after this moment: the holder's own measure of its lease.
    const takingSince = clock();
    const [taken, more] = await Promise.all([
      db.put(transition.gatePath, { ...(next ?? {}), pending: mark }, { ifMatch: etag }),
      plan.kind === 'write' && transition.besideGate ? transition.besideGate(plan.updates) : {},
    ]);
    if (taken === null) continue; // another request changed the entry first
    if (plan.kind === 'write' && transition.beforeCommit) {
      try {
        await transition.beforeCommit(plan.result);
      } catch (error) {
        await releaseAfterFailure(db, transition.gatePath, op, current);
        throw error;
      }
    }
    if (clock() - takingSince > GATE_COMMIT_WITHIN_MS) {
      // Starved since taking the gate: a PATCH sent now might land after the mark was taken over.
      await releaseAfterFailure(db, transition.gatePath, op, current);
      continue;
    }
    const updates = plan.kind === 'write' ? { ...plan.updates, ...more } : {};
    try {
      await db.patch('', { ...updates, [transition.gatePath]: next });
    } catch (error) {
      const outcome = await patchOutcome(error, takingSince, clock, async () => {
        const value = await db.get(transition.gatePath);
        return isObject(value) && isObject(value.pending) && value.pending.op === op;
      });
      if (outcome === 'landed') return plan.result;
      if (outcome === 'refused') await releaseAfterFailure(db, transition.gatePath, op, current);
      throw error;
    }
    return plan.result;
  }
}

/**
 * Runs one transition as commitGatedTransition does, and says whether the entry decided on was the one
 * `firstRead` answered: what the caller read beside it (a count, a game's counts) is then as fresh as that
 * entry, and what the PATCH made of it is known without reading it again; otherwise a request racing this
 * one moved first, and the caller reads again what it answers.
 */
export async function commitGatedTransitionBesideReads<S extends object, R>(
  db: RtdbClient,
  transition: GatedTransition<S, R>,
): Promise<{ result: R; fromFirstRead: boolean }> {
  let fromFirstRead = true;
  const result = await commitGatedTransition(db, {
    ...transition,
    decide: (current, context) => {
      ({ fromFirstRead } = context);
      return transition.decide(current, context);
    },
  });
  return { result, fromFirstRead };
}

/**
 * What became of a commit PATCH that failed: `refused` when the database answered with an error (nothing
 * of it was applied: the gate may be given back at once); `landed` when no answer came but the gate's
 * entry, read back, no longer carries this request's mark while the lease it took (at `takingSince`, on
 * its own clock) has not run out, so nobody else may have cleared it; `unknown` otherwise (still marked:
 * on its way or lost; or too late to tell): the mark is left to its lease.
 */
export async function patchOutcome(
  error: unknown,
  takingSince: number,
  clock: () => number,
  stillMarked: () => Promise<boolean>,
): Promise<'refused' | 'landed' | 'unknown'> {
  if (!(error instanceof RtdbError && error.outcomeUnknown)) return 'refused';
  try {
    const marked = await stillMarked();
    // Checked after the read: what it saw is at least this recent.
    return !marked && clock() - takingSince < GATE_LEASE_MS ? 'landed' : 'unknown';
  } catch (readError) {
    console.error('Reading a gate back after a commit without an answer failed', readError);
    return 'unknown';
  }
}

/** Puts the entry back as it was, only when it still carries this operation's mark. */
async function releaseAfterFailure(
  db: RtdbClient,
  gatePath: string,
  op: string,
  previous: object | null,
): Promise<void> {
  try {
    const { value, etag } = await db.getTagged(gatePath);
    const mark = isObject(value) && isObject(value.pending) ? value.pending : null;
    if (mark?.op === op) await db.put(gatePath, previous, { ifMatch: etag });
  } catch (error) {
    // The lease makes the gate usable again after GATE_LEASE_MS anyway.
    console.error(`Releasing ${gatePath} after a failed transition failed`, error);
  }
}

function readPending<S>(value: unknown, parse: (value: unknown) => S | null): PendingMark<S> | null {
  if (!isObject(value) || !isObject(value.pending)) return null;
  const { op, since, seen, previous } = value.pending;
  if (typeof op !== 'string' || typeof since !== 'number') return null;
  return {
    op,
    since,
    seen: typeof seen === 'number' ? seen : undefined,
    previous: previous === undefined || previous === null ? null : parse(previous),
  };
}
