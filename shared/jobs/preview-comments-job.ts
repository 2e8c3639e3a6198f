// The preview comments job: gives every post the copies of its newest comments that new comments get when
// written (shared/schemas/preview-comment.ts), so that its feed shows them without reading them: posts
// written before the copies, and any a race or a recount of like counts left off (an entry of a comment
// no longer among the newest, a count the member-counts job set on the comment alone). Run it once when
// deploying the copies (`npm run job -- preview-comments`), and at any time after: it writes only posts
// whose copies differ from their comments, so a second run writes nothing. Until it has run, a feed
// reads the comments of a post without copies, as it did before.
//
// Members keep commenting, liking and deleting while it runs, so each post is written conditionally (read
// with its ETag, its copies worked out from the comments it names, put back whole only if the post is
// still unchanged, else read again): a comment written or deleted meanwhile changes the post's `comments`
// map, a like on a copied comment its copy, and a deleted post is never brought back as a stub.

import { z } from 'zod';
import { commentNode, postNode, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { previewCommentIds, previewCopyOf, type PreviewCopies } from '../schemas/preview-comment.ts';
import type { Job, JobContext } from './job.ts';
import { childPages, inBatches } from './paged-reads.ts';
import { sameStoredValue } from '../rtdb/same-stored-value.ts';

/** Tries of one post's conditional write before it is left to the next run (it kept changing). */
const ATTEMPTS = 5;

/** What the job reads of a post: its comments map and its copies; the rest is put back as it is. */
const postSchema = z
  .object({
    comments: z.record(z.string(), z.number()).optional(),
    preview_comments: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
type StoredPost = z.infer<typeof postSchema>;

/**
 * The copies a post should keep: each of its newest comments (by its map) as the comment record is now;
 * a comment missing, or not a comment of this post, has none (the feed leaves it out as well).
 */
async function wantedCopies(db: RtdbClient, postId: string, post: StoredPost): Promise<PreviewCopies> {
  const ids = previewCommentIds(post.comments ?? {});
  const records = await Promise.all(ids.map((id) => db.get(commentNode(id).path)));
  return Object.fromEntries(
    ids.flatMap((id, n) => {
      const record = records[n];
      return previewCopyOf(record, id, postId) === null ? [] : [[id, record]];
    }),
  );
}

/** Whether the copies a post holds are exactly the ones it should. */
function copiesRight(held: PreviewCopies | undefined, wanted: PreviewCopies): boolean {
  const heldIds = Object.keys(held ?? {});
  const wantedIds = Object.keys(wanted);
  return (
    heldIds.length === wantedIds.length &&
    wantedIds.every(
      (id) => held !== undefined && Object.hasOwn(held, id) && sameStoredValue(held[id], wanted[id]),
    )
  );
}

/**
 * Puts one post's copies right as the post is now, not as its page showed it: read with its ETag, written
 * whole with the copies it should keep only while that ETag holds. Answers whether it wrote: not when the
 * post is gone, is not a post the job knows, needs nothing any more, or kept changing ATTEMPTS times.
 */
async function fillPost({ db, log }: Pick<JobContext, 'db' | 'log'>, postId: string): Promise<boolean> {
  const path = postNode(postId).path;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const { value, etag } = await db.getTagged(path);
    if (value === null) return false;
    const post = postSchema.safeParse(value);
    if (!post.success) return false;
    const wanted = await wantedCopies(db, postId, post.data);
    if (copiesRight(post.data.preview_comments, wanted)) return false;
    const { preview_comments: _held, ...rest } = post.data;
    const next = Object.keys(wanted).length === 0 ? rest : { ...rest, preview_comments: wanted };
    if (await db.putIfUnchanged(path, next, etag)) return true;
  }
  log(`${path} kept changing while its preview comments were copied; left to the next run`);
  return false;
}

/** Puts every post's preview copies right; answers how many posts it wrote. */
export async function fillPreviewComments(context: Pick<JobContext, 'db' | 'log'>): Promise<number> {
  const { db, log } = context;
  let filled = 0;
  for await (const page of childPages(db, SOCIAL_ROOTS.posts)) {
    const posts = page.flatMap(([id, value]): [string, StoredPost][] => {
      const parsed = postSchema.safeParse(value);
      return parsed.success ? [[id, parsed.data]] : [];
    });
    // Only posts whose copies were not right when the page was read are read again to be written.
    const checked = await inBatches(posts, async ([id, post]) =>
      copiesRight(post.preview_comments, await wantedCopies(db, id, post)) ? null : id,
    );
    const needing = checked.filter((id) => id !== null);
    if (needing.length === 0) continue;
    const written = await inBatches(needing, (id) => fillPost(context, id));
    filled += written.filter(Boolean).length;
    log(`posts: ${String(filled)} given their preview comments`);
  }
  return filled;
}

export const previewCommentsJob: Job = {
  description: 'copies every post’s newest comments onto it, as feeds show them (safe to repeat)',
  async run(context) {
    const filled = await fillPreviewComments(context);
    return `${filled.toLocaleString('en')} posts given their preview comments`;
  },
};
