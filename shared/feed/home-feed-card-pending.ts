import type { RtdbClient } from '../rtdb/rest-client.ts';

// At most one rewrite of a post's home-feed cards waits in the queue at a time, however many likes,
// comments and comments' likes it gets (issue 23, point 1: a post liked by hundreds a second, or one member
// toggling a like, would otherwise queue one rewrite of every follower's card per change).
//
// `home_feed_card_pending/{postId}` = when a `post-changed` message for the post was sent and not yet
// delivered. Whoever is about to send one (a like's, a comment's write, or the consumer's own follow-up)
// first sets the marker, with a conditional write; while it is set, a change sends nothing. The consumer
// clears the marker BEFORE it reads the post, so a change is never lost: a change that saw the marker had
// already been written, and the pending rewrite reads the post after the marker went, so it carries it;
// a change that comes after the marker went sets it again and sends its own message. A marker left behind
// (a message whose send failed and whose marker could not be cleared, or one that went to the dead-letter
// queue) stops counting after CARD_PENDING_STALE_MS: the next change sends again. Server only.

/** The markers: post id → when the pending rewrite's message was sent (the sender's clock, ms). */
export const HOME_FEED_CARD_PENDING_PATH = 'home_feed_card_pending';
/**
 * How long a marker holds back further messages: well past a message's wait in a busy queue (a batch
 * waits up to 5 s), short enough that a marker left behind delays a card by a minute at most.
 */
export const CARD_PENDING_STALE_MS = 60_000;

const pendingPath = (postId: string): string => `${HOME_FEED_CARD_PENDING_PATH}/${postId}`;

/** Whether a marker set at `since` still holds at `now` (a sender's clock ahead of ours counts too). */
function holds(since: unknown, now: number): boolean {
  return typeof since === 'number' && Math.abs(now - since) < CARD_PENDING_STALE_MS;
}

/**
 * Marks a rewrite of `postId`'s cards as pending, unless one already is: answers whether the caller is
 * to send the `post-changed` message (true), or one is already on its way and will carry this change.
 * Two reads and writes at once: only one wins the conditional write, only it sends.
 */
export async function markCardRewritePending(db: RtdbClient, postId: string, now: number): Promise<boolean> {
  const { value, etag } = await db.getTagged(pendingPath(postId));
  if (holds(value, now)) return false;
  return db.putIfUnchanged(pendingPath(postId), now, etag);
}

/**
 * The pending rewrite starts (the consumer, before it reads the post), or its message could not be sent
 * (the sender): a change from now on sends a message again.
 */
export async function clearCardRewritePending(db: RtdbClient, postId: string): Promise<void> {
  await db.patch('', { [pendingPath(postId)]: null });
}
