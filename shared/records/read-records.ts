import { z } from 'zod';
import type { RtdbClient, RtdbQuery } from '../rtdb/rest-client.ts';
import { withRecordMeta, type RecordMeta } from '../schemas/record-meta.ts';

/** Where a kind of record lives and what it must look like. */
export interface RecordKind<S extends z.ZodType> {
  /** The node holding every record of the kind, keyed by id. */
  root: string;
  /** The path of one record (see rtdb/paths.ts). */
  path: (id: string) => string;
  type: string;
  schema: S;
}

/** The children of a node a query answers, each checked on its own (see queryRecords). */
const queriedChildrenSchema = z.record(z.string(), z.unknown());

/**
 * One record by id, checked against its schema, with uuid, root and type attached; null when absent.
 * A record that fails its schema is logged and treated as absent: a page never renders corrupt data.
 */
export async function readRecord<S extends z.ZodType<object>>(
  db: RtdbClient,
  kind: RecordKind<S>,
  id: string,
): Promise<(z.infer<S> & RecordMeta) | null> {
  const record = await db.read(kind.path(id), kind.schema);
  return record === null ? null : withRecordMeta(record, { uuid: id, root: kind.root, type: kind.type });
}

/** The records a query answers, each checked and given its meta; invalid ones are left out. */
export async function queryRecords<S extends z.ZodType<object>>(
  db: RtdbClient,
  kind: RecordKind<S>,
  query: RtdbQuery,
): Promise<(z.infer<S> & RecordMeta)[]> {
  const children = await db.query(kind.root, query, queriedChildrenSchema);
  return Object.entries(children ?? {}).flatMap(([id, record]) => {
    const parsed = parseRecord(kind, id, record);
    // Left out, and told to the client as a whole value of the wrong shape is: a page built without it
    // is not what the database holds, and is not kept at the edge (worker/database.ts).
    if (!parsed) db.reportWrongShape(kind.path(id));
    return parsed ? [parsed] : [];
  });
}

function parseRecord<S extends z.ZodType<object>>(
  kind: RecordKind<S>,
  id: string,
  value: unknown,
): (z.infer<S> & RecordMeta) | null {
  const parsed = kind.schema.safeParse(value);
  if (!parsed.success) {
    console.error(`Invalid ${kind.type} record ${kind.path(id)}`, z.prettifyError(parsed.error));
    return null;
  }
  return withRecordMeta(parsed.data, { uuid: id, root: kind.root, type: kind.type });
}
