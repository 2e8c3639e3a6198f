// The feed records job: gives posts and comments written before feeds were read by feed key what new
// ones get when written (shared/transitions/post.ts): every post its place in its feed (`feed_key`,
// shared/feed/feed-key.ts; without it a post shows on no feed page), and every post and comment by a
// member their author's username (`authorName`; without it the feed reads the name, a round more). Run
// it once when deploying the feed-key reader (`npm run job -- feed-records`), before and again after the
// Worker changes over, so posts written in between are covered too. Safe to repeat: it writes only what
// is missing or wrong, so a second run writes nothing.

import { z } from 'zod';
import { isGuestName } from '../auth/account-api.ts';
import { feedKey, parseFeedKey } from '../feed/feed-key.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import { SOCIAL_ROOTS, userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { Job, JobContext } from './job.ts';

/** Records read per request, and the most paths one atomic PATCH writes (a page's worth, two per post). */
const PAGE_SIZE = 500;
/** Authors' names read at a time. */
const PARALLEL_READS = 25;

/** What the job reads of a post or comment: only what it fills in and what it fills it from. */
const recordSchema = z.object({
  targetUUID: z.string().optional(),
  sourceUUID: z.string(),
  timestamp: z.number().optional(),
  feed_key: z.string().optional(),
  authorName: z.string().optional(),
});
type StoredRecord = z.infer<typeof recordSchema>;

const pageSchema = z.record(z.string(), z.unknown()).nullable();

/** The records of a node a page at a time, in key order (a query's answer is in no particular order). */
async function* pagesOf(db: RtdbClient, root: string): AsyncGenerator<[string, StoredRecord][]> {
  let after: string | null = null;
  for (;;) {
    const answer: Record<string, unknown> | null = await db.query(
      root,
      after === null
        ? { orderBy: '$key', limitToFirst: PAGE_SIZE }
        : { orderBy: '$key', startAt: after, limitToFirst: PAGE_SIZE + 1 },
      pageSchema,
    );
    const entries: [string, unknown][] = Object.entries(answer ?? {})
      .filter(([id]) => id !== after)
      .sort(([a], [b]) => compareKeys(a, b));
    const last: string | undefined = entries.at(-1)?.[0];
    if (last === undefined) return;
    yield entries.flatMap(([id, value]) => {
      const parsed = recordSchema.safeParse(value);
      return parsed.success ? [[id, parsed.data] as [string, StoredRecord]] : [];
    });
    if (entries.length < PAGE_SIZE) return;
    after = last;
  }
}

/** Members' usernames by uid, read once per run; guests, and members without one, have none. */
function authorNames(db: RtdbClient): (uids: Iterable<string>) => Promise<Map<string, string | null>> {
  const known = new Map<string, string | null>();
  return async (uids) => {
    const missing = [...new Set(uids)].filter((uid) => !known.has(uid));
    for (let i = 0; i < missing.length; i += PARALLEL_READS) {
      const batch = missing.slice(i, i + PARALLEL_READS);
      const names = await Promise.all(
        batch.map((uid) => db.read(userSectionNode(uid, 'public').child('username').path, z.string())),
      );
      batch.forEach((uid, n) => {
        const name = names[n] ?? null;
        known.set(uid, name === null || isGuestName(name) ? null : name);
      });
    }
    return known;
  };
}

/** The writes a post needs: its feed key when it has none (or one not its own), its author's name. */
function postUpdates(id: string, post: StoredRecord, names: Map<string, string | null>): [string, unknown][] {
  const updates: [string, unknown][] = [];
  const key = post.feed_key === undefined ? null : parseFeedKey(post.feed_key);
  if (
    post.targetUUID !== undefined &&
    post.timestamp !== undefined &&
    (key === null || key.feedId !== post.targetUUID || key.position.id !== id)
  )
    updates.push([`${SOCIAL_ROOTS.posts}/${id}/feed_key`, feedKey(post.targetUUID, post.timestamp, id)]);
  updates.push(...nameUpdate(`${SOCIAL_ROOTS.posts}/${id}`, post, names));
  return updates;
}

/** The author's name, when the record has none and its author is a member with one. */
function nameUpdate(
  path: string,
  record: StoredRecord,
  names: Map<string, string | null>,
): [string, unknown][] {
  const name = names.get(record.sourceUUID) ?? null;
  return record.authorName === undefined && name !== null ? [[`${path}/authorName`, name]] : [];
}

/** Fills in every post's feed key and every post's and comment's author name; answers how many of each. */
export async function fillFeedRecords({ db, log }: Pick<JobContext, 'db' | 'log'>): Promise<{
  posts: number;
  comments: number;
}> {
  const namesOf = authorNames(db);
  const filled = { posts: 0, comments: 0 };
  for (const [root, kind] of [
    [SOCIAL_ROOTS.posts, 'posts'],
    [SOCIAL_ROOTS.comments, 'comments'],
  ] as const) {
    for await (const page of pagesOf(db, root)) {
      const names = await namesOf(
        page.filter(([, record]) => record.authorName === undefined).map(([, record]) => record.sourceUUID),
      );
      const byRecord = page.map(([id, record]) =>
        kind === 'posts' ? postUpdates(id, record, names) : nameUpdate(`${root}/${id}`, record, names),
      );
      const updates = Object.fromEntries(byRecord.flat());
      if (Object.keys(updates).length === 0) continue;
      await db.patch('', updates);
      filled[kind] += byRecord.filter((record) => record.length > 0).length;
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
