import { z } from 'zod';
import { listFeedEventSchema } from './list-feed-event.ts';
import { eventSchema } from './event.ts';
import { followIndexEntrySchema } from './follow.ts';
import { gameSchema } from './game.ts';
import { recordIdSchema } from './keys.ts';
import { postCommentSchema } from './post-comment.ts';
import { POST_TARGET_TYPES, postSchema } from './post.ts';
import { profileSchema } from './profile.ts';

// What the API answers, as zod schemas: each route's definition names its answer's schema
// (worker/api/route-definition.ts), so the compiler holds the handler to it, the browser's client is typed
// by it and the OpenAPI document publishes it as JSON Schema: the document cannot promise a field a route
// does not send. The answers are built by the Worker, never parsed with these: they describe, they do not
// filter.

/** What every record read from the database carries besides its own fields (shared/schemas/record-meta.ts). */
const recordMetaShape = {
  /** The record's key. */
  uuid: recordIdSchema,
  /** The node it was read from (`posts`, `comments`, `profiles`…). */
  root: z.string(),
  /** The entity it is. */
  type: z.string(),
};

/** A comment as feeds show it: the record, its meta and its author's username when they have one. */
export const feedCommentSchema = postCommentSchema.extend({
  ...recordMetaShape,
  authorName: z.string().optional(),
});

/** A post as read on its own (`GET /posts/{postId}`): with its up to 3 latest comments. */
export const postAnswerSchema = postSchema.extend({
  root: recordMetaShape.root,
  previewComments: z.array(postCommentSchema.extend(recordMetaShape)),
});

/**
 * A post as feeds show it: with its author's and its comments' authors' usernames; the copies it keeps of
 * its newest comments are shown as its `previewComments`, never as they are stored.
 */
export const feedPostSchema = postSchema.omit({ preview_comments: true }).extend({
  root: recordMetaShape.root,
  authorName: z.string().optional(),
  previewComments: z.array(feedCommentSchema),
  /** Only in the home feed, which mixes feeds: the feed it was written on and that feed's name. */
  postedOn: z
    .object({
      type: z.enum(POST_TARGET_TYPES),
      /** What the page's address holds: a member's username, a game's or an event's deep link. */
      key: z.string(),
      name: z.string(),
    })
    .optional(),
});

/** Where the next page starts: pass it back as `cursor`; null on the last page. */
const nextCursorSchema = z.string().nullable();

/** A page of a user's, game's or event's feed, newest first. */
export const feedPageSchema = z.object({
  posts: z.array(feedPostSchema),
  nextCursor: nextCursorSchema,
  /** On a first page: when the feed last changed (null: never, or unknown). */
  activityAt: z.number().nullable().optional(),
});

/** A page of the member's home feed: posts of what they follow, and the followed lists' new games. */
export const homeFeedAnswerSchema = feedPageSchema.extend({
  listEvents: z.array(listFeedEventSchema).optional(),
});

/** A page of a post's comments, newest first. */
export const commentsPageSchema = z.object({
  comments: z.array(feedCommentSchema),
  nextCursor: nextCursorSchema,
});

/** Whether the caller follows a target, how many do, and whether the target is the caller. */
export const followCheckSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
  self: z.boolean(),
});

/** What a follow or an unfollow did: a repeat answers `changed: false`. */
export const followChangeSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
  changed: z.boolean(),
  /** The follow record's id; null when there never was one. */
  followId: recordIdSchema.nullable(),
});

/** What a member follows, newest first. */
export const followListSchema = z.object({
  follows: z.array(followIndexEntrySchema.extend({ targetId: recordIdSchema })),
});

/** What a like or an unlike did, and the post's or comment's like count after it. */
export const likeChangeSchema = z.object({
  changed: z.boolean(),
  liking: z.boolean(),
  /** The like record's id; null when there never was one. */
  likeId: recordIdSchema.nullable(),
  likes: z.number().int().nonnegative(),
});

/** A game's page fields as read, with its record meta. */
export const gameAnswerSchema = gameSchema.extend(recordMetaShape);

/** An event as read, with its record meta. */
export const eventAnswerSchema = eventSchema.extend(recordMetaShape);

/** A member's profile with its record meta. */
export const profileAnswerSchema = z.object({ profile: profileSchema.extend(recordMetaShape) });
