import { combineUpdates, type MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  commentNode,
  gamelistEntryPath,
  gameReviewsNode,
  likesActiveNode,
  postCommentsNode,
  postNode,
  postPreviewCommentsNode,
  postsByIdNode,
  postsByUidNode,
  reviewsByUserIdNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { planNotification } from '../notifications/notification-plan.ts';
import { isGameDeveloper } from './developer-game.ts';
import { planFeedActivity } from './feed-activity.ts';
import { readAuthorName, type AuthorName } from './author-name.ts';
import { planPreviewOfNewComment, readPreviewCopies } from './preview-comments.ts';
import { targetMissing } from './transition-refused.ts';
import { blockedByAny, blockedReach, readPostPlace, wallOwner } from './wall-reach.ts';
import { feedKey } from '../feed/feed-key.ts';
import { feedIdOf, postFeedId, type FeedId } from '../schemas/feed-id.ts';
import type { FeedComment, FeedPost } from '../feed/read-feed.ts';
import { storedCommentOf, storedPostOf } from '../feed/read-posts.ts';
import { writtenValue } from '../rtdb/written-value.ts';
import type { NewPostRequest, PostRecord } from '../schemas/post.ts';
import type { PostCommentRecord } from '../schemas/post-comment.ts';
import type { PreviewCopies } from '../schemas/preview-comment.ts';

/** What a new post stores besides the request, decided by the server. */
export interface Authorship {
  /** The author's username (shared/transitions/author-name.ts); null stores none. */
  authorName?: string | null;
  /** The time its feed key holds (the post's place in its feed); the record's `timestamp` is the database's. */
  now?: number;
}

/**
 * A new post: the record, the target's feed index, the author's index and the feed's activity in one PATCH.
 * `fromDeveloper` marks a post by a developer of the game whose feed it is on (never taken from the request);
 * the record also holds its author's name and its feed key (shared/feed/feed-key.ts), never from the request.
 */
export function planNewPost(
  uid: string,
  post: NewPostRequest,
  postId: string = pushId(),
  fromDeveloper = false,
  { authorName = null, now = Date.now() }: Authorship = {},
): MultiPathUpdate {
  // The feed is named by the target's kind and id (shared/schemas/feed-id.ts): a post on the event `hades`
  // is on `event:hades`, never on the game `hades`'s feed.
  const feed = feedIdOf(post.targetType, post.targetId);
  return {
    ...postNode(postId).set({
      uuid: postId,
      targetUUID: post.targetId,
      targetType: post.targetType,
      sourceUUID: uid,
      ...(authorName === null ? {} : { authorName }),
      feed_key: feedKey(feed, now, postId),
      content: post.content,
      type: post.type,
      likes: 0,
      timestamp: SERVER_TIMESTAMP,
      ...(fromDeveloper ? { fromDeveloper: true } : {}),
    }),
    ...postsByIdNode(feed).child(postId).set(SERVER_TIMESTAMP),
    ...postsByUidNode(uid).child(postId).set(SERVER_TIMESTAMP),
    ...planFeedActivity(feed),
  };
}

/**
 * Writes a new post: whether its author develops the game, their name and, on a member's wall, whether
 * that member blocked them (refused with TransitionRefused `blocked`, nothing written) are read in
 * parallel, then one PATCH. `now` (the Worker's clock by default) orders it in its feed; `authorName`,
 * when given, is the name's read already under way, and `targetPresent` the caller's check that the
 * target exists (the API starts both with its own checks, so they cost no round of their own). Answers
 * the post as feeds show it, from what the PATCH wrote (no read after it): two rounds in all.
 */
export async function writeNewPost(
  db: RtdbClient,
  uid: string,
  post: NewPostRequest,
  {
    now = Date.now(),
    authorName: nameRead,
    targetPresent,
    announce,
  }: {
    now?: number;
    authorName?: Promise<AuthorName>;
    targetPresent?: Promise<void>;
    /**
     * Told of the post once every check passed, before its PATCH (the home-feed queue's message: a post
     * is then never written without it). A throw writes nothing.
     */
    announce?: (post: { postId: string; feed: FeedId; now: number }) => Promise<void>;
  } = {},
): Promise<FeedPost> {
  const postId = pushId(now);
  const [fromDeveloper, name, blocked] = await Promise.all([
    post.targetType === 'game' ? isGameDeveloper(db, uid, post.targetId) : false,
    nameRead ?? readAuthorName(db, uid),
    blockedByAny(db, [wallOwner({ targetType: post.targetType, targetUUID: post.targetId })], uid),
    targetPresent,
  ]);
  if (blocked) throw blockedReach('post on this feed');
  const updates = planNewPost(uid, post, postId, fromDeveloper, { authorName: name.stored, now });
  await announce?.({ postId, feed: feedIdOf(post.targetType, post.targetId), now });
  const answer = await db.patch('', updates);
  const path = postNode(postId).path;
  const stored = storedPostOf(writtenValue(updates, answer, path, now), postId);
  // The plan is this module's own: a record it cannot read back as a post is a bug here, not bad input.
  if (stored === null) throw new Error(`New post ${postId} as written is not a post`);
  // A new post has no comments yet; a guest's name is not stored with it, and is shown as it is now.
  return { ...stored, authorName: stored.authorName ?? name.shown ?? undefined, previewComments: [] };
}

/**
 * Writes a new post (see writeNewPost) and answers its id. `authorName`, when given, is the read of the
 * name it stores (storedAuthorName) already under way.
 */
export async function commitNewPost(
  db: RtdbClient,
  uid: string,
  post: NewPostRequest,
  {
    authorName,
    ...options
  }: { now?: number; authorName?: Promise<string | null>; targetPresent?: Promise<void> } = {},
): Promise<string> {
  const name = authorName?.then((stored) => ({ stored, shown: stored }));
  const written = await writeNewPost(db, uid, post, { ...options, ...(name ? { authorName: name } : {}) });
  return written.uuid;
}

/**
 * Deleting a post removes it, both its indexes, its comments and its active likes, and moves its feed's
 * activity, in one PATCH.
 */
export function planDeletePost(
  postId: string,
  post: Pick<PostRecord, 'targetUUID' | 'targetType' | 'sourceUUID' | 'comments'> &
    Partial<Pick<PostRecord, 'review'>>,
): MultiPathUpdate {
  const feed = postFeedId(post);
  const reviewed = post.review?.game;
  return {
    // A review leaves the game's and its author's lists of reviews, and its author's entry for the game
    // no longer names it (shared/transitions/review.ts), so that they can write another.
    ...(reviewed === undefined
      ? {}
      : {
          ...gameReviewsNode(reviewed).child(postId).set(null),
          ...reviewsByUserIdNode(post.sourceUUID).child(reviewed).set(null),
          [`${gamelistEntryPath(post.sourceUUID, reviewed)}/review`]: null,
        }),
    ...postNode(postId).set(null),
    ...(feed === null ? {} : postsByIdNode(feed).child(postId).set(null)),
    ...postsByUidNode(post.sourceUUID).child(postId).set(null),
    ...likesActiveNode(postId).set(null),
    ...planFeedActivity(feed),
    ...combineUpdates(Object.keys(post.comments).map((commentId) => commentNode(commentId).set(null))),
    // The author's notifications of its comments go with them; those of its likes (their ids are in no
    // record read here) stay, and are left out when notifications are read and counted.
    ...combineUpdates(
      Object.keys(post.comments).map((commentId) =>
        planNotification(
          { kind: 'comment', recipient: post.sourceUUID, actor: '', recordId: commentId },
          false,
        ),
      ),
    ),
  };
}

/**
 * A new comment: the record (with its author's name, `authorName`, when they have one), its entry in
 * the post's comments map, its copy among the post's preview comments (with the copies past the newest
 * few of `previewCopies`, the post's as read, dropped: shared/transitions/preview-comments.ts), the post
 * author's notification (`postAuthor`; none when unknown or when commenting on one's own post) and the
 * activity of the feed the post is on (`feedId`, when known) in one PATCH.
 */
export function planNewComment(
  uid: string,
  postId: string,
  content: string,
  commentId: string = pushId(),
  postAuthor: string | null = null,
  feedId: FeedId | null = null,
  authorName: string | null = null,
  previewCopies: PreviewCopies | null = null,
): MultiPathUpdate {
  const record = {
    postUUID: postId,
    sourceUUID: uid,
    ...(authorName === null ? {} : { authorName }),
    content,
    likes: 0,
    timestamp: SERVER_TIMESTAMP,
  };
  return {
    ...commentNode(commentId).set(record),
    ...postCommentsNode(postId).child(commentId).set(SERVER_TIMESTAMP),
    ...planPreviewOfNewComment(postId, commentId, record, previewCopies),
    ...planFeedActivity(feedId),
    ...planNotification(
      { kind: 'comment', recipient: postAuthor, actor: uid, recordId: commentId, postId, commentId },
      true,
    ),
  };
}

/**
 * Writes a new comment: the post's author and feed and the commenter's name are read at once, then
 * whether the post's author or the member whose wall it is on blocked the commenter (refused with
 * TransitionRefused `blocked`, nothing written; a missing post is `target-missing`), then one PATCH.
 * Answers the comment as feeds show it, from what the PATCH wrote (no read after it): three rounds.
 */
export async function writeNewComment(
  db: RtdbClient,
  uid: string,
  postId: string,
  content: string,
  /** The caller's own check that the commenter may write (a posting block), read in the same round. */
  mayWrite?: Promise<void>,
  now: number = Date.now(),
): Promise<FeedComment> {
  const commentId = pushId(now);
  // The post's preview copies are read with its place: a few comments at most (no round more).
  const [place, name, copies] = await Promise.all([
    readPostPlace(db, postId),
    readAuthorName(db, uid),
    readPreviewCopies(db, postId).catch(() => null),
    mayWrite,
  ]);
  if (place === null) throw targetMissing('post', postId);
  // Neither the post's author nor the member whose wall it is on hears from whom they blocked.
  if (await blockedByAny(db, [place.author, wallOwner(place)], uid))
    throw blockedReach('comment on this post');
  const feedId = place.targetType && place.targetUUID ? feedIdOf(place.targetType, place.targetUUID) : null;
  const updates = planNewComment(uid, postId, content, commentId, place.author, feedId, name.stored, copies);
  const answer = await db.patch('', updates);
  const path = commentNode(commentId).path;
  const stored = storedCommentOf(writtenValue(updates, answer, path, now), commentId);
  if (stored === null) throw new Error(`New comment ${commentId} as written is not a comment`);
  return { ...stored, authorName: stored.authorName ?? name.shown ?? undefined };
}

/** Writes a new comment (see writeNewComment) and answers its id. */
export async function commitNewComment(
  db: RtdbClient,
  uid: string,
  postId: string,
  content: string,
  mayWrite?: Promise<void>,
): Promise<string> {
  return (await writeNewComment(db, uid, postId, content, mayWrite)).uuid;
}

/**
 * Deleting a comment removes it, its entry in the post, its copy among the post's preview comments, its
 * active likes and the post author's notification of it (`postAuthor`, when known), and moves the
 * activity of the post's feed (`feedId`, when known), in one PATCH. The comment that takes its place in the
 * preview is planPreviewAfterRemoval's (shared/transitions/preview-comments.ts), in the same PATCH.
 */
export function planDeleteComment(
  commentId: string,
  comment: Pick<PostCommentRecord, 'postUUID' | 'sourceUUID'>,
  postAuthor: string | null = null,
  feedId: FeedId | null = null,
): MultiPathUpdate {
  return {
    ...commentNode(commentId).set(null),
    ...postCommentsNode(comment.postUUID).child(commentId).set(null),
    ...postPreviewCommentsNode(comment.postUUID).child(commentId).set(null),
    ...likesActiveNode(commentId).set(null),
    ...planFeedActivity(feedId),
    ...planNotification(
      { kind: 'comment', recipient: postAuthor, actor: comment.sourceUUID, recordId: commentId },
      false,
    ),
  };
}
