/** What every record read from the database carries besides its own fields (spec section 3). */
export interface RecordMeta {
  /** The record's key. */
  uuid: string;
  /** The node it was read from. */
  root: string;
  /** The entity it is. */
  type: string;
}

/** The record with its uuid, root and type attached, as the spec says records are read. */
export function withRecordMeta<T extends object>(record: T, meta: RecordMeta): T & RecordMeta {
  return { ...record, ...meta };
}
