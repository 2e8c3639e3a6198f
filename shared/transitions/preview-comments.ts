import { z } from 'zod';
import { PREVIEW_COMMENTS_PER_POST } from '../constants.ts';
import { combineUpdates, type MultiPathUpdate, type WriteValue } from '../rtdb/multi-path-update.ts';
import { commentNode, postPreviewCommentsNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import {
  previewCommentIds,
  previewCopiesOf,
  previewCopiesSchema,
  type PreviewCopies,
} from '../schemas/preview-comment.ts';
import type { postCommentSchema } from '../schemas/post-comment.ts';

/** A comment record as a write writes it (its time a server value). */
type CommentWrite = WriteValue<z.input<typeof postCommentSchema>>;

// How the writes keep a post's preview copies (shared/schemas/preview-comment.ts) in their own PATCH.
//
// Two comments written at once each read the copies before either wrote. Each adds its own entry (a path
// of its own, so neither overwrites the other) and drops only entries older than the newest
// PREVIEW_COMMENTS_PER_POST - 1 it read: an entry too old for the writer that read it is too old after the
// other's comment as well, so the two together leave every comment of the newest few, and at most one
// entry too many, which readers pass over and the next comment drops. A deletion brings back the next
// newest comment from the post's `comments` map as it read it; one racing it can leave a copy missing
// (then read by the feed) or one of a comment gone (never shown: readers go by the map). The job
// `preview-comments` puts any post back exactly.

/** A post's preview copies as a write reads them (null: none yet, or unreadable). */
export function readPreviewCopies(db: RtdbClient, postId: string): Promise<PreviewCopies | null> {
  return db.read(postPreviewCommentsNode(postId).path, previewCopiesSchema);
}

/**
 * What a new comment writes into its post's preview copies, beside the comment: its own copy (the record
 * exactly as the comment's PATCH writes it) and, of the copies read before (`copies`), the removal of every
 * one past the newest PREVIEW_COMMENTS_PER_POST - 1 and of any that is not a whole comment of this post.
 */
export function planPreviewOfNewComment(
  postId: string,
  commentId: string,
  record: CommentWrite,
  copies: PreviewCopies | null,
): MultiPathUpdate {
  const node = postPreviewCommentsNode(postId);
  const valid = previewCopiesOf(copies ?? undefined, postId);
  const kept = new Set(
    previewCommentIds(
      Object.fromEntries([...valid].map(([id, copy]) => [id, copy.timestamp])),
      PREVIEW_COMMENTS_PER_POST - 1,
    ),
  );
  const dropped = Object.keys(copies ?? {}).filter((id) => id !== commentId && !kept.has(id));
  return {
    ...combineUpdates(dropped.map((id) => node.child(id).set(null))),
    ...node.child(commentId).set(record),
  };
}

/**
 * What removing the comment `removedId` writes into its post's copies (a deletion by its author, the
 * post's author or the wall's owner, or an editor's removal): its copy goes, and the comments that then
 * make the newest few (`comments`: the post's map as read) and have no copy are read and copied. One round
 * of reads (the comments missing, usually one), only when a copy is to come back.
 */
export async function planPreviewAfterRemoval(
  db: RtdbClient,
  postId: string,
  removedId: string,
  post: { comments: Readonly<Record<string, number>>; preview_comments?: PreviewCopies | undefined },
): Promise<MultiPathUpdate> {
  const node = postPreviewCommentsNode(postId);
  const remaining = Object.fromEntries(Object.entries(post.comments).filter(([id]) => id !== removedId));
  const copied = previewCopiesOf(post.preview_comments, postId);
  const missing = previewCommentIds(remaining).filter((id) => !copied.has(id));
  const read = await Promise.all(
    missing.map((id) =>
      db.read(commentNode(id).path, z.unknown()).then(
        (value) => ({ id, record: value }),
        () => ({ id, record: null }),
      ),
    ),
  );
  const brought = read.flatMap(({ id, record }) =>
    // A comment read as something else than a comment of this post is left to the reader (who reads it).
    previewCopiesOf({ [id]: record }, postId).has(id) ? [node.child(id).set(record as CommentWrite)] : [],
  );
  return { ...node.child(removedId).set(null), ...combineUpdates(brought) };
}
