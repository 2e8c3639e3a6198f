// Server values are resolved by the database when a write lands, so timestamps come from one clock
// and concurrent increments never lose an update.
// https://firebase.google.com/docs/reference/rest/database#section-server-values

/** Placeholder the database replaces with its own time (ms since epoch). */
export const SERVER_TIMESTAMP = { '.sv': 'timestamp' } as const;

/** Placeholder the database replaces with the current number plus `by` (0 when absent). */
export function serverIncrement(by: number): { '.sv': { increment: number } } {
  return { '.sv': { increment: by } };
}
