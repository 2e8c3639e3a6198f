import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { WORKER_SECRET_HEADER } from '../../shared/api/worker-only-functions.ts';
import { fail, isPost } from './post-body.ts';

// The check a Worker-only function (shared/api/worker-only-functions.ts) makes before anything else.

/** A digest of fixed length, so that secrets of any length compare in the same time. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Whether `presented` (the header's value, if any) is the shared secret `expected`, compared in constant
 * time (timingSafeEqual over digests: neither the content nor the length of the secret shows in how
 * long a refusal takes). An unset or empty secret lets nobody in: a function deployed without it refuses
 * every call rather than answering everyone.
 */
export function isFromWorker(presented: string | undefined, expected: string): boolean {
  if (expected === '' || presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Whether the request is a POST carrying the Worker's secret `expected`; otherwise 405 or 403 has been
 * answered, before anything of the body or the caller was read. Not access-denied: that code tells a
 * device its credential is spent, and the device forgets it.
 */
export function isWorkerPost(request: Request, response: Response, expected: string): boolean {
  if (!isPost(request, response)) return false;
  if (isFromWorker(request.get(WORKER_SECRET_HEADER), expected)) return true;
  fail(response, 403, 'forbidden', 'Sign in through Questline.');
  return false;
}
