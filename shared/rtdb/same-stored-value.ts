/**
 * Whether two database values hold the same: the same JSON once every object's keys are sorted (the
 * database answers a map's keys in its own order). A writer compares what is stored with what it would
 * write, and writes nothing when they are the same.
 */
export function sameStoredValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(withSortedKeys(a)) === JSON.stringify(withSortedKeys(b));
}

function withSortedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(withSortedKeys);
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, child]) => [key, withSortedKeys(child)]),
  );
}
