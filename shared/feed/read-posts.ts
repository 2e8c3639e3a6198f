import { z } from 'zod';
import { PREVIEW_COMMENTS_PER_POST } from '../constants.ts';
import { FEED_KEY_CHILD } from './feed-key.ts';
import { postNode, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { postSchema, type Post, type PostRecord } from '../schemas/post.ts';
import type { PostComment } from '../schemas/post-comment.ts';
import { withRecordMeta, type RecordMeta } from '../schemas/record-meta.ts';
import { previewCommentIds, previewCopiesOf } from '../schemas/preview-comment.ts';
import { readRecord } from '../records/read-records.ts';
import { POST_COMMENT } from '../records/record-kinds.ts';

/** A post record as read, with its meta: the spec's `type` of the post (text, …) kept. */
export type StoredPost = PostRecord & RecordMeta;

/** One comment with its meta, or null when absent or invalid. */
export function readComment(db: RtdbClient, commentId: string): Promise<PostComment | null> {
  return readRecord(db, POST_COMMENT, commentId);
}

// The spec gives posts a field named `type` (text, …) as well as the `type` every record gets when
// read: the post's own wins, since it says how to show the post; `root` still says it is a post.
function withPostMeta(post: PostRecord, postId: string): StoredPost {
  const meta = withRecordMeta(post, { uuid: postId, root: SOCIAL_ROOTS.posts, type: 'post' });
  return { ...meta, type: post.type };
}

/** A post record as stored (a write's own answer, see shared/rtdb/written-value.ts) with its meta, or null. */
export function storedPostOf(value: unknown, postId: string): StoredPost | null {
  const parsed = postSchema.safeParse(value);
  return parsed.success ? withPostMeta(parsed.data, postId) : null;
}

/** A comment record as stored (a write's own answer) with its meta, or null. */
export function storedCommentOf(value: unknown, commentId: string): PostComment | null {
  const parsed = POST_COMMENT.schema.safeParse(value);
  return parsed.success
    ? withRecordMeta(parsed.data, { uuid: commentId, root: POST_COMMENT.root, type: POST_COMMENT.type })
    : null;
}

/** One post record with its meta (no comments read), or null. */
export async function readPostRecord(db: RtdbClient, postId: string): Promise<StoredPost | null> {
  const post = await db.read(postNode(postId).path, postSchema);
  return post ? withPostMeta(post, postId) : null;
}

/**
 * A post's latest comments (up to PREVIEW_COMMENTS_PER_POST), newest first: the newest ids of its
 * `comments` map, each from the copy the post keeps of it (shared/schemas/preview-comment.ts), or read
 * (in parallel) when it has none: a post older than the copies, or one a racing write left short.
 * A post whose copies are whole costs no read.
 */
export async function readPreviewComments(
  db: RtdbClient,
  post: Pick<StoredPost, 'uuid' | 'comments' | 'preview_comments'>,
): Promise<PostComment[]> {
  const copies = previewCopiesOf(post.preview_comments, post.uuid);
  const latest = previewCommentIds(post.comments, PREVIEW_COMMENTS_PER_POST);
  const comments = await Promise.all(
    latest.map((id) => {
      const copy = copies.get(id);
      return copy ? Promise.resolve(copy) : readComment(db, id);
    }),
  );
  return comments.filter((c) => c !== null);
}

/** A post as shown: without the copies it keeps of its comments (shown as its `previewComments`). */
export function withoutPreviewCopies<T extends Pick<PostRecord, 'preview_comments'>>(
  post: T,
): Omit<T, 'preview_comments'> {
  const { preview_comments: _copies, ...shown } = post;
  return shown;
}

/** One post with its meta and its latest comments (up to PREVIEW_COMMENTS_PER_POST), or null. */
export async function readPost(db: RtdbClient, postId: string): Promise<Post | null> {
  const post = await readPostRecord(db, postId);
  return post
    ? { ...withoutPreviewCopies(post), previewComments: await readPreviewComments(db, post) }
    : null;
}

/** The children a posts query answers, each checked on its own: one bad post never hides a page. */
const queriedPostsSchema = z.record(z.string(), z.unknown());

/** A child a posts query answered: its feed key as stored, and the post, null when invalid. */
export interface QueriedPost {
  id: string;
  feedKey: string | null;
  post: StoredPost | null;
}

const storedFeedKeySchema = z.object({ feed_key: z.string() });

/**
 * The posts whose feed key lies in a range, the last `limit` of it: one bounded query on `posts`
 * (shared/feed/feed-key.ts), in no particular order. An invalid record is logged and answered without its
 * post, still with its key, so that a page of a feed still moves past it.
 */
export async function queryPostsByFeedKey(
  db: RtdbClient,
  range: { startAt: string; endAt: string },
  limit: number,
): Promise<QueriedPost[]> {
  const children = await db.query(
    SOCIAL_ROOTS.posts,
    { orderBy: FEED_KEY_CHILD, ...range, limitToLast: limit },
    queriedPostsSchema,
  );
  return Object.entries(children ?? {}).map(([id, value]) => {
    const feedKey = storedFeedKeySchema.safeParse(value).data?.feed_key ?? null;
    const parsed = postSchema.safeParse(value);
    if (!parsed.success)
      console.error(`Invalid post record ${postNode(id).path}`, z.prettifyError(parsed.error));
    return { id, feedKey, post: parsed.success ? withPostMeta(parsed.data, id) : null };
  });
}
