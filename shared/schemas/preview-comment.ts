import { z } from 'zod';
import { PREVIEW_COMMENTS_PER_POST } from '../constants.ts';
import { postCommentSchema, type PostComment } from './post-comment.ts';
import { withRecordMeta } from './record-meta.ts';

/** Where comments are kept (shared/rtdb/paths.ts's SOCIAL_ROOTS.comments; schemas sit below rtdb/). */
const COMMENTS_ROOT = 'comments';

// A post keeps copies of its newest comments, so that a feed shows a post with its preview comments from
// the post's record alone (one query for a page of posts, no read per post). The copy is
// `posts/{postId}/preview_comments/{commentId}`: each entry the comment record exactly as written
// (`comments/{commentId}`, shared/schemas/post-comment.ts: author, author's name, text, likes, time), kept
// by the writes that change it in their own PATCH: a new comment adds its own and drops those past the
// newest PREVIEW_COMMENTS_PER_POST, a deleted one leaves and the next newest comes back, a like moves the
// copy's count beside the comment's (shared/transitions/preview-comments.ts).
//
// The post's `comments` map (id → time) stays what says which comments a post has: readers take the
// newest ids from it and use the copy of each when there is one, reading the comment otherwise
// (previewCommentsOf + shared/feed/read-posts.ts). So a copy racing another write can only cost a read,
// never show a deleted comment or hide a new one: an entry the map no longer names is ignored (and dropped
// by the next comment or `npm run job -- preview-comments`), one missing is read.

/** The field of a post record holding its preview copies. */
export const PREVIEW_COMMENTS_FIELD = 'preview_comments';

/** A post's preview copies as stored: comment id → the comment record, each entry checked on its own. */
export const previewCopiesSchema = z.record(z.string(), z.unknown());
export type PreviewCopies = z.infer<typeof previewCopiesSchema>;

/** The ids of a post's newest comments as its preview shows them (newest first), from its `comments` map. */
export function previewCommentIds(
  comments: Readonly<Record<string, number>>,
  count: number = PREVIEW_COMMENTS_PER_POST,
): string[] {
  return Object.entries(comments)
    .sort(([idA, a], [idB, b]) => b - a || (idA < idB ? 1 : idA > idB ? -1 : 0))
    .slice(0, count)
    .map(([id]) => id);
}

/** One preview copy as a comment (with its meta), or null when it is not a whole comment of `postId`. */
export function previewCopyOf(value: unknown, commentId: string, postId: string): PostComment | null {
  const parsed = postCommentSchema.safeParse(value);
  if (!parsed.success || parsed.data.postUUID !== postId) return null;
  return withRecordMeta(parsed.data, { uuid: commentId, root: COMMENTS_ROOT, type: 'post-comment' });
}

/** The valid preview copies a post holds, by comment id (entries of another shape, stubs, left out). */
export function previewCopiesOf(copies: PreviewCopies | undefined, postId: string): Map<string, PostComment> {
  return new Map(
    Object.entries(copies ?? {}).flatMap(([id, value]) => {
      const comment = previewCopyOf(value, id, postId);
      return comment === null ? [] : [[id, comment]];
    }),
  );
}
