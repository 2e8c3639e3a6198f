import { z } from 'zod';
import { shownCountSchema } from './shown-count.ts';
import { MAX_COMMENT_LENGTH } from './text-limits.ts';
import { memberTextSchema } from './member-text.ts';
import { recordIdSchema } from './keys.ts';
import type { RecordMeta } from './record-meta.ts';

/** Longest comment, in characters (a plain number apart, for the browser's composer). */
export { MAX_COMMENT_LENGTH };

/** A comment at `comments/{pushId}`; its id and timestamp are also in the post's `comments` map. */
export const postCommentSchema = z.object({
  postUUID: recordIdSchema,
  sourceUUID: recordIdSchema,
  /** Its author's username, stored when written (absent for guests and older comments; see post.ts). */
  authorName: z.string().min(1).optional().catch(undefined),
  content: z.string().max(MAX_COMMENT_LENGTH),
  likes: shownCountSchema,
  timestamp: z.number(),
});

/** The body of a new comment. */
export const newCommentRequestSchema = z.object({
  content: memberTextSchema()
    .min(1, 'Write something first.')
    .max(MAX_COMMENT_LENGTH, 'At most 1000 characters.'),
});

export type PostCommentRecord = z.infer<typeof postCommentSchema>;
export type PostComment = PostCommentRecord & RecordMeta;
export type NewCommentRequest = z.infer<typeof newCommentRequestSchema>;
