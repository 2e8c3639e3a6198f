import type { MultiPathUpdate } from './multi-path-update.ts';

// A write answers from what it wrote, not from a read after it (a round more): the record it planned,
// as the database stored it. The database's answer to a PATCH echoes each of its paths' values with the
// server values resolved (the emulator does), which gives the record its stored timestamp. Should an
// answer lack the path, the planned value stands in; a server value left unresolved in either is taken
// as `now` (the Worker's clock) for the database's time and as its step for an increment.

/** What a multi-path PATCH of `updates` stored at `path` (one of its keys), from the PATCH's `answer`. */
export function writtenValue(updates: MultiPathUpdate, answer: unknown, path: string, now: number): unknown {
  const answered = typeof answer === 'object' && answer !== null && Object.hasOwn(answer, path);
  return resolvedLocally(answered ? (answer as Record<string, unknown>)[path] : updates[path], now);
}

function resolvedLocally(value: unknown, now: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => resolvedLocally(item, now));
  const serverValue = (value as Record<string, unknown>)['.sv'];
  if (serverValue === 'timestamp') return now;
  if (typeof serverValue === 'object' && serverValue !== null && 'increment' in serverValue)
    return serverValue.increment;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, resolvedLocally(child, now)]));
}
