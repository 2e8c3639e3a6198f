// Server values are resolved by the database when a write lands, so timestamps come from one clock
// and concurrent increments never lose an update.
// https://firebase.google.com/docs/reference/rest/database#section-server-values

/** The database's own time (ms since epoch), in place of a timestamp being written. */
export interface ServerTimestamp {
  readonly '.sv': 'timestamp';
}

/** The current number plus `increment` (0 when absent), in place of a number being written. */
export interface ServerIncrement {
  readonly '.sv': { readonly increment: number };
}

/** Anything the database resolves itself where a number goes. */
export type ServerValue = ServerTimestamp | ServerIncrement;

/** Placeholder the database replaces with its own time (ms since epoch). */
export const SERVER_TIMESTAMP: ServerTimestamp = { '.sv': 'timestamp' };

/** Placeholder the database replaces with the current number plus `by` (0 when absent). */
export function serverIncrement(by: number): ServerIncrement {
  return { '.sv': { increment: by } };
}
