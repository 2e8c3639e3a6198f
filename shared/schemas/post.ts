import { z } from 'zod';
import { MAX_POST_LENGTH } from './text-limits.ts';
import { memberTextSchema } from './member-text.ts';
import { recordIdSchema } from './keys.ts';
import { shownCountSchema } from './shown-count.ts';
import { previewCopiesSchema } from './preview-comment.ts';
import type { PostComment } from './post-comment.ts';
import type { RecordMeta } from './record-meta.ts';
import { reviewBadgeSchema } from './review-badge.ts';

/** Longest post, in characters (a plain number apart, for the browser's composer). */
export { MAX_POST_LENGTH };

export const POST_TYPES = ['text', 'image', 'link'] as const;
/** What a post can be written to: a user's, a game's or an event's feed. */
export const POST_TARGET_TYPES = ['user', 'game', 'event'] as const;

/**
 * A post at `posts/{pushId}`, indexed in `posts_by_id/{targetId}` and `posts_by_uid/{uid}`; a feed's page
 * reads `posts` by `feed_key` (shared/feed/feed-key.ts).
 */
export const postSchema = z.object({
  uuid: recordIdSchema,
  /** The feed it is on (a user, game or event id). */
  targetUUID: recordIdSchema,
  targetType: z.enum(POST_TARGET_TYPES).optional(),
  /** Its author. */
  sourceUUID: recordIdSchema,
  /**
   * Its author's username, stored when posted (a username never changes), so feeds show it without
   * reading the member. Absent on posts by guests (their `web-…` name gives way to a username when they
   * sign up) and on posts older than it: readers then read the name.
   */
  authorName: z.string().min(1).optional().catch(undefined),
  /** Its place in its feed, which feed pages are queried by (shared/feed/feed-key.ts). */
  feed_key: z.string().optional().catch(undefined),
  content: z.string().max(MAX_POST_LENGTH),
  type: z.enum(POST_TYPES).catch('text').default('text'),
  likes: shownCountSchema,
  timestamp: z.number(),
  /** Written by a developer of the game whose feed it is on: decided by the server when posted. */
  fromDeveloper: z.boolean().optional(),
  /** Its comments, comment id to timestamp. */
  comments: z.record(recordIdSchema, z.number()).default({}),
  /**
   * Copies of its newest comments, comment id → the comment record, so that a feed shows them without
   * reading them (shared/schemas/preview-comment.ts); absent on posts older than it. Never shown as is.
   */
  preview_comments: previewCopiesSchema.optional().catch(undefined),
  /** On a game's review: the game and its author's score and shelf now (shared/schemas/review-badge.ts). */
  review: reviewBadgeSchema.optional().catch(undefined),
});

/** The body of a new post. */
export const newPostRequestSchema = z.object({
  targetType: z.enum(POST_TARGET_TYPES),
  targetId: recordIdSchema,
  content: memberTextSchema()
    .min(1, 'Write something first.')
    .max(MAX_POST_LENGTH, 'At most 2000 characters.'),
  type: z.enum(POST_TYPES).default('text'),
});

export type PostRecord = z.infer<typeof postSchema>;
/** A post as read: with its meta and up to 3 preview comments (from its copies, or read), the copies left out. */
export type Post = Omit<PostRecord, 'preview_comments'> & RecordMeta & { previewComments: PostComment[] };
export type NewPostRequest = z.infer<typeof newPostRequestSchema>;
