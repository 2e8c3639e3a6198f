/**
 * A Map that holds at most `max` entries, dropping the oldest first. Setting a key makes it the newest
 * (a Map keeps insertion order, so its first key is the oldest), so a caller that sets again what it
 * uses keeps the most recently used: what the Worker keeps per isolate between requests (route matches,
 * profile names, addresses found missing, shared reads) stays within a fixed bound however many
 * different addresses are asked for.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #max: number;

  constructor(max: number) {
    super();
    this.#max = max;
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    for (const oldest of this.keys()) {
      if (this.size <= this.#max) break;
      this.delete(oldest);
    }
    return this;
  }
}
