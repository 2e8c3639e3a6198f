import type { z } from 'zod';
import type { MultiPathUpdate, WriteValue } from '../rtdb/multi-path-update.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP, type ServerTimestamp } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { Refusal } from '../refusal.ts';

// Why a gate: a transition is ONE multi-path PATCH (record + indexes + user maps + counts), but
// multi-path PATCH has no if-match, and counts move by server increments. Deciding "is this a new
// follow?" from a plain read lets two racing requests both add 1. So every (user, target) pair has
// one small state node (its history entry) that serialises its transitions:
//   1. read the entry with its ETag;
//   2. decide the next state from it (nothing to do → answer without writing: repeats never count twice);
//   3. take the gate: conditional PUT of the entry marked `pending` (412 → someone else moved first: retry);
//   4. commit everything in ONE multi-path PATCH that also writes the entry without `pending`, so the
//      effects and the release land together or not at all;
//   5. if the PATCH fails, put the entry back as it was (only if it still holds our mark).
// A Worker that dies between 3 and 4 leaves a mark older than the lease: its PATCH never landed, so the
// next request treats the entry as its previous state.
// https://firebase.google.com/docs/reference/rest/database#section-conditional-requests

/** How long a pending mark holds the gate before it is considered abandoned. */
export const GATE_LEASE_MS = 15_000;
/** How long a request waits for the gate before giving up with TransitionBusyError. */
export const GATE_WAIT_MS = 20_000;

/** The mark a request leaves on a history entry while its PATCH is in flight, as read back. */
interface PendingMark<S> {
  op: string;
  since: number;
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
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs one transition under its gate and commits it as one atomic multi-path PATCH; answers its result. */
export async function commitGatedTransition<S extends object, R>(
  db: RtdbClient,
  transition: GatedTransition<S, R>,
): Promise<R> {
  const deadline = Date.now() + GATE_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    if (Date.now() > deadline) throw new TransitionBusyError(`gate ${transition.gatePath} stayed busy`);
    const firstRead = attempt === 0 ? transition.firstRead : undefined;
    const fromFirstRead = firstRead !== undefined;
    const { value, etag } = await (firstRead ?? db.getTagged(transition.gatePath));
    const parse = (stored: unknown): S | null => {
      const parsed = transition.entrySchema.safeParse(stored);
      return parsed.success ? parsed.data : null;
    };
    const pending = readPending(value, parse);
    if (pending && Date.now() - pending.since < GATE_LEASE_MS) {
      // Someone holds the gate: wait a little (jittered, growing) and look again.
      await sleep(Math.min(5 + attempt * 3, 60) * (0.5 + Math.random()));
      continue;
    }
    const current = pending ? pending.previous : parse(value);
    const plan = transition.decide(current, { fromFirstRead });
    if (plan.kind === 'unchanged' && !pending) return plan.result;
    const op = pushId();
    const next = plan.kind === 'write' ? plan.next : current;
    const mark: PendingMarkWrite<S> = { op, since: SERVER_TIMESTAMP, previous: current };
    const [taken, more] = await Promise.all([
      db.put(transition.gatePath, { ...(next ?? {}), pending: mark }, { ifMatch: etag }),
      plan.kind === 'write' && transition.besideGate ? transition.besideGate(plan.updates) : {},
    ]);
    if (taken === null) continue; // another request changed the entry first
    const updates = plan.kind === 'write' ? { ...plan.updates, ...more } : {};
    try {
      await db.patch('', { ...updates, [transition.gatePath]: next });
    } catch (error) {
      await releaseAfterFailure(db, transition.gatePath, op, current);
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
  const { op, since, previous } = value.pending;
  if (typeof op !== 'string' || typeof since !== 'number') return null;
  return { op, since, previous: previous === undefined || previous === null ? null : parse(previous) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
