import { STORED_AT_HEADER } from './cache-names.ts';

/** A kept response: its key and when it was stored. */
export interface StoredEntry {
  key: string;
  storedAt: number;
}

/** The keys to delete so that only the `limit` most recently stored remain (the oldest go first). */
export function oldestBeyond(entries: readonly StoredEntry[], limit: number): string[] {
  if (entries.length <= limit) return [];
  return [...entries]
    .sort((a, b) => a.storedAt - b.storedAt)
    .slice(0, entries.length - limit)
    .map(({ key }) => key);
}

/**
 * Stores a response under `key`, stamped with the time, then evicts the oldest entries beyond `limit`.
 * The time is kept in a header rather than trusting the order of `cache.keys()`. `Vary` is dropped: the
 * copy is looked up by address alone.
 */
export async function keepRecent(
  cache: Cache,
  key: string,
  stored: { body: BodyInit | null; status: number; headers: Headers },
  limit: number,
  now: number,
): Promise<void> {
  const headers = new Headers(stored.headers);
  headers.set(STORED_AT_HEADER, String(now));
  headers.delete('Vary');
  await cache.put(key, new Response(stored.body, { status: stored.status, headers }));
  const keys = await cache.keys();
  if (keys.length <= limit) return;
  const entries = await Promise.all(
    keys.map(async (request) => ({
      key: request.url,
      storedAt: Number((await cache.match(request))?.headers.get(STORED_AT_HEADER) ?? 0),
    })),
  );
  await Promise.all(oldestBeyond(entries, limit).map((old) => cache.delete(old)));
}
