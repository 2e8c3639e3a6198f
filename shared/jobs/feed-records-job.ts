// The feed records job: gives posts and comments written before feeds were read by feed key what new
// ones get when written (shared/transitions/post.ts): every post its place in its feed (`feed_key`,
// shared/feed/feed-key.ts; without it a post shows on no feed page), and every post and comment by a
// member their author's username (`authorName`; without it the feed reads the name, a round more). Run
// it once when deploying the feed-key reader (`npm run job -- feed-records`), before and again after the
// Worker changes over, so posts written in between are covered too. Safe to repeat: it writes only what
// is missing or wrong, so a second run writes nothing.
//
// Members keep deleting and editing while it runs, so each record is written conditionally (read with its
// ETag, put back with the fields added only if still unchanged, else read again): a plain write of the
// fields would re-create a record deleted since the page was read as a ghost holding only them (no
// content, failing the post schema on every page that reads it), or give a record replaced meanwhile a
// feed key worked out from the one it replaced.

import { z } from 'zod';
import { isGuestName } from '../auth/account-api.ts';
import { postFeedId } from '../schemas/feed-id.ts';
import { feedKey, parseFeedKey } from '../feed/feed-key.ts';
import { SOCIAL_ROOTS, userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { POST_TARGET_TYPES } from '../schemas/post.ts';
import type { Job, JobContext } from './job.ts';
import { childPages, inBatches } from './paged-reads.ts';

/** Tries of one record's conditional write before it is left to the next run (it kept changing). */
const ATTEMPTS = 5;

/** What the job reads of a post or comment: only what it fills in and what it fills it from. */
const recordSchema = z.object({
  targetUUID: z.string().optional(),
  targetType: z.enum(POST_TARGET_TYPES).optional().catch(undefined),
  sourceUUID: z.string(),
  timestamp: z.number().optional(),
  feed_key: z.string().optional(),
  authorName: z.string().optional(),
});
type StoredRecord = z.infer<typeof recordSchema>;
/** The record whole, as the conditional write puts it back: everything it holds besides what is filled in. */
const wholeRecordSchema = recordSchema.loose();

/** What the job fills in on one record. */
type Fields = Partial<Pick<StoredRecord, 'feed_key' | 'authorName'>>;
type Kind = 'posts' | 'comments';

/** The records of a node a page at a time, in key order (a query's answer is in no particular order). */
async function* pagesOf(db: RtdbClient, root: string): AsyncGenerator<[string, StoredRecord][]> {
  for await (const entries of childPages(db, root))
    yield entries.flatMap(([id, value]) => {
      const parsed = recordSchema.safeParse(value);
      return parsed.success ? [[id, parsed.data] as [string, StoredRecord]] : [];
    });
}

/** Members' usernames by uid, read once per run; guests, and members without one, have none. */
function authorNames(db: RtdbClient): (uids: Iterable<string>) => Promise<Map<string, string | null>> {
  const known = new Map<string, string | null>();
  return async (uids) => {
    const missing = [...new Set(uids)].filter((uid) => !known.has(uid));
    const names = await inBatches(missing, (uid) =>
      db.read(userSectionNode(uid, 'public').child('username').path, z.string()),
    );
    missing.forEach((uid, n) => {
      const name = names[n] ?? null;
      known.set(uid, name === null || isGuestName(name) ? null : name);
    });
    return known;
  };
}

/**
 * What a post needs: its feed key when it has none (or one not its own: of another feed, or naming the
 * feed by its id alone, as before feeds named their kind), its author's name. A post that does not say
 * which kind of target it is on gets no key here (the feed identity job works its kind out first).
 */
function postFields(id: string, post: StoredRecord, names: Map<string, string | null>): Fields {
  const { targetUUID, targetType, timestamp } = post;
  const feed = targetUUID === undefined ? null : postFeedId({ targetType, targetUUID });
  const key = post.feed_key === undefined ? null : parseFeedKey(post.feed_key);
  const hasOwnKey = key !== null && key.feedId === feed && key.position.id === id;
  return {
    ...(feed === null || timestamp === undefined || hasOwnKey
      ? {}
      : { feed_key: feedKey(feed, timestamp, id) }),
    ...nameField(post, names),
  };
}

/** The author's name, when the record has none and its author is a member with one. */
function nameField(record: StoredRecord, names: Map<string, string | null>): Fields {
  const name = names.get(record.sourceUUID) ?? null;
  return record.authorName === undefined && name !== null ? { authorName: name } : {};
}

/** What a record of `kind` needs filled in, by what it holds. */
function fieldsOf(kind: Kind, id: string, record: StoredRecord, names: Map<string, string | null>): Fields {
  return kind === 'posts' ? postFields(id, record, names) : nameField(record, names);
}

/**
 * Fills in one record as it is now, not as its page showed it: read with its ETag, written whole with the
 * fields added only while that ETag holds. Answers whether it wrote: not when the record is gone (deleted
 * since), is not a record the job knows, needs nothing any more, or kept changing ATTEMPTS times.
 */
async function fillRecord(
  { db, log }: Pick<JobContext, 'db' | 'log'>,
  namesOf: ReturnType<typeof authorNames>,
  kind: Kind,
  id: string,
): Promise<boolean> {
  const path = `${SOCIAL_ROOTS[kind]}/${id}`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const { value, etag } = await db.getTagged(path);
    if (value === null) return false;
    const record = wholeRecordSchema.safeParse(value);
    if (!record.success) return false;
    const names = await namesOf(record.data.authorName === undefined ? [record.data.sourceUUID] : []);
    const fields = fieldsOf(kind, id, record.data, names);
    if (Object.keys(fields).length === 0) return false;
    if (await db.putIfUnchanged(path, { ...record.data, ...fields }, etag)) return true;
  }
  log(`${path} kept changing while being filled in; left to the next run`);
  return false;
}

/** Fills in every post's feed key and every post's and comment's author name; answers how many of each. */
export async function fillFeedRecords(context: Pick<JobContext, 'db' | 'log'>): Promise<{
  posts: number;
  comments: number;
}> {
  const { db, log } = context;
  const namesOf = authorNames(db);
  const filled = { posts: 0, comments: 0 };
  for (const kind of ['posts', 'comments'] as const) {
    for await (const page of pagesOf(db, SOCIAL_ROOTS[kind])) {
      const names = await namesOf(
        page.filter(([, record]) => record.authorName === undefined).map(([, record]) => record.sourceUUID),
      );
      // Only records that needed something when the page was read are read again to be written.
      const needing = page
        .filter(([id, record]) => Object.keys(fieldsOf(kind, id, record, names)).length > 0)
        .map(([id]) => id);
      if (needing.length === 0) continue;
      const written = await inBatches(needing, (id) => fillRecord(context, namesOf, kind, id));
      filled[kind] += written.filter(Boolean).length;
      log(`${kind}: ${String(filled[kind])} filled in`);
    }
  }
  return filled;
}

export const feedRecordsJob: Job = {
  description:
    'gives older posts their feed key and posts and comments their author’s username (safe to repeat)',
  async run(context) {
    const { posts, comments } = await fillFeedRecords(context);
    return `${posts.toLocaleString('en')} posts and ${comments.toLocaleString('en')} comments filled in`;
  },
};
