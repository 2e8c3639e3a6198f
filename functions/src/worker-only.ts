import { createHash, timingSafeEqual } from 'node:crypto';

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
