// Writes as typed multi-path updates. Every node of the database is a DbNode<T> (see paths.ts), T being
// what its schema accepts there; a plan is the union of `node.set(value)` entries, so each value is
// checked against the entity it lands in, server values included, and the whole plan is committed as
// ONE atomic PATCH. https://firebase.google.com/docs/reference/rest/database#section-multi-path-updates

import type { ServerValue } from './server-values.ts';

/** Paths (relative to where the update is applied) to the values written there; null deletes. */
export type MultiPathUpdate = Readonly<Record<string, unknown>>;

/** Many updates as one (for a list of entries built alike). */
export function combineUpdates(updates: Iterable<MultiPathUpdate>): MultiPathUpdate {
  const combined: Record<string, unknown> = {};
  for (const update of updates) Object.assign(combined, update);
  return combined;
}

/**
 * A value as written where a T is stored: the same shape, except that any number may be a server value
 * (the database's clock where a timestamp goes, an increment where a count goes).
 */
export type WriteValue<T> = unknown extends T
  ? T
  : T extends number
    ? number | ServerValue
    : T extends string | boolean | null | undefined
      ? T
      : T extends readonly (infer E)[]
        ? readonly WriteValue<E>[]
        : T extends object
          ? { readonly [K in keyof T]: WriteValue<T[K]> }
          : never;

/** A node of the database whose value is a T: its path, how to write it, and its children. */
export interface DbNode<T> {
  readonly path: string;
  /** This node set to `value` (null deletes it), as an entry of a multi-path update. */
  set(value: WriteValue<T> | null): MultiPathUpdate;
  /**
   * The given fields of the record stored here, each its own entry, so the fields not given are left as
   * they are (an undefined field is not written).
   */
  merge(fields: { readonly [K in keyof T]?: WriteValue<T[K]> | null }): MultiPathUpdate;
  /** A field of the record stored here, or an entry of the map stored here. */
  child<K extends keyof T & string>(key: K): DbNode<NonNullable<T[K]>>;
}

/** The node at `path`, holding a T. Only paths.ts names nodes: everything else reaches them from there. */
export function dbNode<T>(path: string): DbNode<T> {
  return {
    path,
    set: (value) => ({ [path]: value }),
    merge: (fields) =>
      Object.fromEntries(
        Object.entries(fields).flatMap(([key, value]) =>
          value === undefined ? [] : [[`${path}/${key}`, value]],
        ),
      ),
    child: (key) => dbNode(`${path}/${key}`),
  };
}
