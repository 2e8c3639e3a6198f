import { BoundedMap } from '../bounded-map.ts';
import type { RtdbClient } from './rest-client.ts';

/**
 * Reads whose answer is the same for every visitor (the top games every game page and every not-found
 * page shows), kept for a moment and shared by the pages rendered meanwhile, so that a busy isolate
 * reads and checks them once a moment instead of once a page. Only a client that reads public data
 * anonymously is ever given them (worker/app.ts gives the Worker's public client), so nothing a member
 * alone may see is kept; without them a read is simply made (the functions, the tools, the tests).
 */
export interface SharedReads {
  /**
   * The answer of `load` under `key`: a kept one younger than the lifetime, else `load`'s (then kept,
   * unless `keeps` says otherwise once it is in).
   */
  read<T>(key: string, load: () => Promise<T>, keeps?: (answer: T) => boolean): Promise<T>;
  /** Drops every kept answer: something was written, and a kept answer may no longer be what is stored. */
  forget(): void;
}

export interface SharedReadsOptions {
  /** How long an answer is kept, from when its read started. */
  lifetimeMs: number;
  /** The time in ms; Date.now unless a test moves it. */
  clock?: () => number;
  /** How many answers are kept at most (the oldest goes first). */
  maxKept?: number;
}

interface Kept {
  answer: Promise<unknown>;
  startedAt: number;
  /** Whether the read has answered; a failed one is dropped at once. */
  settled: boolean;
}

/** Shared reads with a short lifetime: see SharedReads. */
export function createSharedReads({
  lifetimeMs,
  clock = Date.now,
  maxKept = 16,
}: SharedReadsOptions): SharedReads {
  const kept = new BoundedMap<string, Kept>(maxKept);
  return {
    read<T>(key: string, load: () => Promise<T>, keeps?: (answer: T) => boolean): Promise<T> {
      const now = clock();
      const known = kept.get(key);
      if (known) {
        const age = now - known.startedAt;
        if (age >= 0 && age <= lifetimeMs) {
          // A read still under way is shared too; should it fail, each page waiting on it reads for
          // itself, so that its own failure is its own (the edge cache keeps no page whose read failed).
          return (known.settled ? known.answer : known.answer.catch(load)) as Promise<T>;
        }
        kept.delete(key);
      }
      const entry: Kept = { answer: load(), startedAt: now, settled: false };
      kept.set(key, entry);
      entry.answer.then(
        (answer) => {
          entry.settled = true;
          if (keeps && !keeps(answer as T) && kept.get(key) === entry) kept.delete(key);
        },
        () => {
          if (kept.get(key) === entry) kept.delete(key);
        },
      );
      return entry.answer as Promise<T>;
    },
    forget() {
      kept.clear();
    },
  };
}

/** The shared reads a client was given, and the database they are of (part of every key). */
const sharedReadsOf = new WeakMap<RtdbClient, { reads: SharedReads; database: string }>();

/**
 * Gives `client` the shared reads `reads`, for the database named `database` (its URL and namespace: one
 * SharedReads may serve clients of several databases, whose answers must not mix). Only for a client
 * that reads anonymously. Answers the client.
 */
export function withSharedReads(client: RtdbClient, reads: SharedReads, database: string): RtdbClient {
  sharedReadsOf.set(client, { reads, database });
  return client;
}

/**
 * `load`'s answer, shared under `key` when `db` was given shared reads (see SharedReads), read afresh
 * otherwise. `key` names the read and everything it depends on; the answer is shared by reference, so
 * callers read it and never change it.
 */
export async function sharedRead<T>(db: RtdbClient, key: string, load: () => Promise<T>): Promise<T> {
  const shared = sharedReadsOf.get(db);
  if (!shared) return load();
  // An answer built while something read was of the wrong shape (left out, see queryRecords) is not
  // kept, and every page that shared it is told, as the page that read it was: none of them is kept at
  // the edge. (Another read of the same client failing meanwhile also counts: dropped needlessly, never
  // kept wrongly.)
  const checked = await shared.reads.read(
    `${shared.database}\n${key}`,
    async () => {
      const before = db.wrongShapes;
      const answer = await load();
      return { answer, wrongShape: db.wrongShapes > before };
    },
    ({ wrongShape }) => !wrongShape,
  );
  if (checked.wrongShape) db.reportWrongShape(key);
  return checked.answer;
}
