import { PREVIEW_COMMENTS_PER_POST } from '../constants.ts';
import { postNode, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { postSchema, type Post } from '../schemas/post.ts';
import type { PostComment } from '../schemas/post-comment.ts';
import { withRecordMeta } from '../schemas/record-meta.ts';
import { readRecord } from './read-records.ts';
import { POST_COMMENT } from './record-kinds.ts';

/** One comment with its meta, or null when absent or invalid. */
export function readComment(db: RtdbClient, commentId: string): Promise<PostComment | null> {
  return readRecord(db, POST_COMMENT, commentId);
}

/** One post with its meta and its latest comments (up to PREVIEW_COMMENTS_PER_POST), or null. */
export async function readPost(db: RtdbClient, postId: string): Promise<Post | null> {
  const post = await db.read(postNode(postId).path, postSchema);
  if (!post) return null;
  const latest = Object.entries(post.comments)
    .sort(([, a], [, b]) => b - a)
    .slice(0, PREVIEW_COMMENTS_PER_POST);
  const previewComments = (await Promise.all(latest.map(([id]) => readComment(db, id)))).filter(
    (c) => c !== null,
  );
  // The spec gives posts a field named `type` (text, …) as well as the `type` every record gets when
  // read: the post's own wins, since it says how to show the post; `root` still says it is a post.
  const meta = withRecordMeta(post, { uuid: postId, root: SOCIAL_ROOTS.posts, type: 'post' });
  return { ...meta, type: post.type, previewComments };
}
