import { BoundedMap } from '../shared/bounded-map.ts';

/**
 * The addresses this isolate recently found missing (a page answering 404), so that a repeat is answered
 * with its real 404 status rather than a 200 whose body says "not found" (worker/edge-cache.ts). A 404 is
 * not kept in the Cache API: any number of valid-looking addresses can be missing, and one client asking
 * for random ones would fill it. This memo is what remembers them instead, within fixed bounds: at most
 * `max` addresses (the least recently found missing go first) and each for `maxAgeMs`. It never answers
 * for the page itself: a remembered address is still rendered, only with its status waited for, so a
 * record created meanwhile is served at once.
 *
 * The bound is a BoundedMap (shared/bounded-map.ts), as for the Worker's other per-isolate memories.
 */
export class RecentlyMissing {
  readonly #foundAt: BoundedMap<string, number>;
  readonly #maxAgeMs: number;

  constructor(bounds: { max: number; maxAgeMs: number }) {
    this.#foundAt = new BoundedMap(bounds.max);
    this.#maxAgeMs = bounds.maxAgeMs;
  }

  /** Remembers that `address` was found missing at `now`; the oldest go past the bound. */
  remember(address: string, now: number): void {
    this.#foundAt.set(address, now);
  }

  /** Whether `address` was found missing within the last `maxAgeMs` (as of `now`). */
  has(address: string, now: number): boolean {
    const at = this.#foundAt.get(address);
    if (at === undefined) return false;
    if (now - at <= this.#maxAgeMs && now >= at) return true;
    this.#foundAt.delete(address);
    return false;
  }

  /** Forgets `address` (it was found again, or its page was purged). */
  forget(address: string): void {
    this.#foundAt.delete(address);
  }

  /** How many addresses are remembered. */
  get size(): number {
    return this.#foundAt.size;
  }
}
