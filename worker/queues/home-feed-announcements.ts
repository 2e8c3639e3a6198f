import type { FeedId, TargetName } from '../../shared/schemas/feed-id.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import { apiError } from '../api-error.ts';
import { clearCardRewritePending, markCardRewritePending } from '../../shared/feed/home-feed-card-pending.ts';
import { postOfComment } from '../../shared/feed/home-feed-fanout.ts';
import { databaseFor } from '../database.ts';
import { sendHomeFeedMessages } from './home-feed-queue.ts';

// What the Worker's writes tell the home-feed queue (home-feed-queue.ts), each at its place in the write.

/**
 * A post about to be written: sent before its PATCH, so that a post is never written without its
 * message (a failed send refuses the post with a 503, nothing written; a failed PATCH leaves a message
 * whose post never comes, which the consumer drops after a few tries).
 */
export async function announcePost(
  env: Env,
  post: { postId: string; feed: FeedId; author: string; now: number },
): Promise<void> {
  try {
    await sendHomeFeedMessages(env, [
      {
        kind: 'post-written',
        postId: post.postId,
        feed: post.feed,
        author: post.author,
        timestamp: post.now,
      },
    ]);
  } catch (error) {
    // Nothing is written: the member tries again in a moment (the queue's words stay in the log).
    throw apiError(503, 'unavailable', {
      message: 'Posting is not available just now. Please try again in a moment.',
      detail: `The home-feed queue refused post ${post.postId}`,
      headers: { 'Retry-After': '5' },
      cause: error,
    });
  }
}

/**
 * A post deleted (after its PATCH): its cards leave the home feeds they were written into (its feed's
 * followers', the wall owner's and its author's). A failed send leaves its cards in home feeds until the
 * cap drops them: logged for an operator (the dead-letter job cannot see a message never sent).
 */
export async function announcePostDeleted(
  env: Env,
  post: { postId: string; feed: FeedId; author: string },
): Promise<void> {
  try {
    await sendHomeFeedMessages(env, [{ kind: 'post-deleted', ...post }]);
  } catch (error) {
    console.error(`Home feed: the deletion of ${post.postId} could not be queued`, error);
  }
}

/**
 * A post's card changed (after the PATCH of a like, a comment or a comment deleted; a comment's like names
 * the comment, whose post is read): the consumer writes the card again as the post is now. Sent only when
 * no rewrite of the post is pending already (shared/feed/home-feed-card-pending.ts): the pending one reads
 * the post after this change and carries it, so a post liked by hundreds a second, or one member toggling
 * a like, queues one rewrite at a time. When the marker cannot be read or set, the message is sent anyway
 * (a rewrite too many, never a change lost). A failed send clears the marker again and leaves the card as
 * it was until the post's next change: logged.
 */
export async function announceCardChanged(
  env: Env,
  changed: { postId: string } | { commentId: string },
  clock: () => number = Date.now,
): Promise<void> {
  const db = databaseFor(env).server;
  // As it is if the marker cannot be checked: the consumer reads a comment's post itself.
  let message: HomeFeedMessage =
    'postId' in changed
      ? { kind: 'post-changed', postId: changed.postId }
      : { kind: 'comment-changed', commentId: changed.commentId };
  let marked: string | null = null;
  try {
    const postId = 'postId' in changed ? changed.postId : await postOfComment(db, changed.commentId);
    // A comment gone meanwhile: its deletion sent its post's own message.
    if (postId === null) return;
    if (!(await markCardRewritePending(db, postId, clock()))) return;
    message = { kind: 'post-changed', postId };
    marked = postId;
  } catch (error) {
    console.error('Home feed: the pending rewrite of a post could not be checked; sending', error);
  }
  try {
    await sendHomeFeedMessages(env, [message]);
  } catch (error) {
    console.error('Home feed: a change of a post could not be queued', error);
    if (marked !== null) await clearCardRewritePending(db, marked).catch(() => undefined);
  }
}

/**
 * A feed followed (after its PATCH): its recent posts join the member's home feed. A failed send leaves
 * the feed's next posts to come in as they are written.
 */
export async function announceFollow(env: Env, uid: string, feed: FeedId): Promise<void> {
  try {
    await sendHomeFeedMessages(env, [{ kind: 'feed-followed', uid, feed }]);
  } catch (error) {
    console.error(`Home feed: following ${feed} could not be queued`, error);
  }
}

/**
 * How long an unfollow's clean-up waits before it takes the target's cards out of the member's home feed.
 * A fan-out that read the feed's followers before the unfollow landed still writes its card into the
 * member's home feed after it: a delivery reads its page of followers and PATCHes within one consumer
 * invocation (milliseconds, seconds at the very worst; a retry reads the followers again), so a minute
 * later every such card has landed and is deleted with the rest. Until then the member's page leaves them
 * out by the unfollow's marker (shared/feed/home-feed-follows.ts), so waiting costs the member nothing.
 */
export const UNFOLLOW_CLEANUP_DELAY_SECONDS = 60;

/**
 * A follow taken back (after its PATCH, which wrote the marker dated `at`): its cards leave the member's
 * home feed a minute later (`feed-unfollowed`). A failed send leaves the marker, which keeps them out of
 * every page until the member follows the target again: logged.
 */
export async function announceUnfollow(
  env: Env,
  unfollow: { uid: string; target: TargetName; at: number },
): Promise<void> {
  try {
    await sendHomeFeedMessages(env, [{ kind: 'feed-unfollowed', ...unfollow }], {
      delaySeconds: UNFOLLOW_CLEANUP_DELAY_SECONDS,
    });
  } catch (error) {
    console.error(`Home feed: unfollowing ${unfollow.target} could not be queued`, error);
  }
}

/**
 * A curated list followed (after its PATCH): its latest events join the member's home feed. A failed send
 * leaves the list's next events to come in as they happen.
 */
export async function announceListFollow(env: Env, uid: string, code: string): Promise<void> {
  try {
    await sendHomeFeedMessages(env, [{ kind: 'list-followed', uid, code }]);
  } catch (error) {
    console.error(`Home feed: following the list ${code} could not be queued`, error);
  }
}

/**
 * A curated list gained games (after the PATCH that wrote its event): the event joins its followers' home
 * feeds. A failed send is logged; the list's next gain brings it in too (a message writes its latest few).
 */
export async function announceListGainedGames(env: Env, code: string): Promise<void> {
  try {
    await sendHomeFeedMessages(env, [{ kind: 'list-gained-games', code }]);
  } catch (error) {
    console.error(`Home feed: the games the list ${code} gained could not be queued`, error);
  }
}
