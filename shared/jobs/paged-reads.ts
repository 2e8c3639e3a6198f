import { z } from 'zod';
import { compareKeys } from '../rtdb/key-order.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

// How one-off jobs walk nodes too large for one read: a page of children at a time in key order, and the
// work on what they read a batch of requests at a time, so a job's memory and its load on the database
// stay bounded whatever the node's size.

/** Children read per request. */
export const JOB_PAGE_SIZE = 500;
/** Requests in flight at a time. */
export const JOB_PARALLEL_REQUESTS = 25;

const pageSchema = z.record(z.string(), z.unknown()).nullable();

/**
 * The children of `path`, a page at a time in key order (a query's answer is in no particular order): each
 * page starts at the last key of the one before, which it then leaves out.
 */
export async function* childPages(
  db: RtdbClient,
  path: string,
  pageSize = JOB_PAGE_SIZE,
): AsyncGenerator<[string, unknown][]> {
  let after: string | null = null;
  for (;;) {
    const answer: Record<string, unknown> | null = await db.query(
      path,
      after === null
        ? { orderBy: '$key', limitToFirst: pageSize }
        : { orderBy: '$key', startAt: after, limitToFirst: pageSize + 1 },
      pageSchema,
    );
    const entries: [string, unknown][] = Object.entries(answer ?? {})
      .filter(([key]) => key !== after)
      .sort(([a], [b]) => compareKeys(a, b));
    const last: string | undefined = entries.at(-1)?.[0];
    if (last === undefined) return;
    yield entries;
    if (entries.length < pageSize) return;
    after = last;
  }
}

/** Runs `work` on every item, JOB_PARALLEL_REQUESTS at a time; answers the results in order. */
export async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += JOB_PARALLEL_REQUESTS)
    results.push(...(await Promise.all(items.slice(i, i + JOB_PARALLEL_REQUESTS).map(work))));
  return results;
}
