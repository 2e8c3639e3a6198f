import { commentPath, likesActivePath, postPath, postsByIdPath, postsByUidPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import type { NewPostRequest, PostRecord } from '../schemas/post.ts';
import type { PostCommentRecord } from '../schemas/post-comment.ts';

/** A new post: the record, the target's feed index and the author's index in one PATCH. */
export function planNewPost(
  uid: string,
  post: NewPostRequest,
  postId: string = pushId(),
): Record<string, unknown> {
  return {
    [postPath(postId)]: {
      uuid: postId,
      targetUUID: post.targetId,
      targetType: post.targetType,
      sourceUUID: uid,
      content: post.content,
      type: post.type,
      likes: 0,
      timestamp: SERVER_TIMESTAMP,
    },
    [`${postsByIdPath(post.targetId)}/${postId}`]: SERVER_TIMESTAMP,
    [`${postsByUidPath(uid)}/${postId}`]: SERVER_TIMESTAMP,
  };
}

export async function commitNewPost(db: RtdbClient, uid: string, post: NewPostRequest): Promise<string> {
  const postId = pushId();
  await db.patch('', planNewPost(uid, post, postId));
  return postId;
}

/** Deleting a post removes it, both its indexes, its comments and its active likes in one PATCH. */
export function planDeletePost(
  postId: string,
  post: Pick<PostRecord, 'targetUUID' | 'sourceUUID' | 'comments'>,
): Record<string, unknown> {
  const updates: Record<string, unknown> = {
    [postPath(postId)]: null,
    [`${postsByIdPath(post.targetUUID)}/${postId}`]: null,
    [`${postsByUidPath(post.sourceUUID)}/${postId}`]: null,
    [likesActivePath(postId)]: null,
  };
  for (const commentId of Object.keys(post.comments)) updates[commentPath(commentId)] = null;
  return updates;
}

/** A new comment: the record and its entry in the post's comments map in one PATCH. */
export function planNewComment(
  uid: string,
  postId: string,
  content: string,
  commentId: string = pushId(),
): Record<string, unknown> {
  return {
    [commentPath(commentId)]: {
      postUUID: postId,
      sourceUUID: uid,
      content,
      likes: 0,
      timestamp: SERVER_TIMESTAMP,
    },
    [`${postPath(postId)}/comments/${commentId}`]: SERVER_TIMESTAMP,
  };
}

export async function commitNewComment(
  db: RtdbClient,
  uid: string,
  postId: string,
  content: string,
): Promise<string> {
  const commentId = pushId();
  await db.patch('', planNewComment(uid, postId, content, commentId));
  return commentId;
}

/** Deleting a comment removes it, its entry in the post and its active likes in one PATCH. */
export function planDeleteComment(
  commentId: string,
  comment: Pick<PostCommentRecord, 'postUUID'>,
): Record<string, unknown> {
  return {
    [commentPath(commentId)]: null,
    [`${postPath(comment.postUUID)}/comments/${commentId}`]: null,
    [likesActivePath(commentId)]: null,
  };
}
