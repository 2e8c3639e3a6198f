import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  gameNode,
  gamelistEntryPath,
  gameReviewsNode,
  postNode,
  postPath,
  reviewsByUserIdNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { feedIdOf, type FeedId } from '../schemas/feed-id.ts';
import { postSchema, type PostRecord } from '../schemas/post.ts';
import type { ReviewBadge } from '../schemas/review-badge.ts';
import { reviewRank } from '../schemas/review.ts';
import { gamelistEntrySchema, type GamelistEntry } from '../schemas/shelf.ts';
import { planFeedActivity } from './feed-activity.ts';
import {
  commitGatedTransition,
  settledEntry,
  TransitionBusyError,
  type TransitionPlan,
} from './gated-transition.ts';
import { planDeletePost, planNewPost } from './post.ts';
import { NoSuchGameRefusal } from './shelf.ts';

// A member's review of a game (issue 24): one a member and game, a post on the game's feed (comments,
// likes, reports, blocks and deletion work on it as on any post) marked with its badge, the member's
// score and shelf (shared/schemas/review-badge.ts). The member's `gamelist` entry names it, so the entry's
// gate (gated-transition.ts) orders writing it against their rating and shelf changes, which move its badge
// in their own PATCH (rating.ts, shelf.ts): two racing first reviews make one post, and a badge never
// says a score the member no longer gives. The badge is copied from that entry, never from the request.

export interface ReviewChange {
  uid: string;
  gameId: string;
  /** The review's words (bounded and trimmed by the request's schema); null deletes the review. */
  text: string | null;
}

/** What a review write did, and the review's post (null once deleted, or when there was none). */
export interface ReviewOutcome {
  postId: string | null;
  /** A new review (false: rewritten, deleted, or nothing to do). */
  created: boolean;
  changed: boolean;
  /**
   * The post a deletion removed: the one the gate decided on, which may be a first review that landed
   * while the deletion waited (never the pointer read before the gate), so its home-feed message names it.
   */
  deletedPostId?: string;
}

/** What the write read beside the member's entry: the game and the post the entry named when read. */
export interface ReviewContext {
  game: { exists: boolean; name?: string | undefined };
  /** The post the entry named as read, and its record (null: deleted since; its pointer is then stale). */
  named: { postId: string; post: PostRecord | null } | null;
  author: { name: string | null; developer: boolean };
  /** The id a new review's post takes, and the Worker's time, which orders it in the game's feed. */
  newPostId: string;
  now: number;
}

/** The entry named another post than the one read beside it (a racing write): read again and retry. */
class StaleReviewRead extends Error {}

/** The badge a review carries: the member's score and shelf of the game as their entry holds them now. */
export function reviewBadgeOf(gameId: string, entry: GamelistEntry | null): ReviewBadge {
  return {
    game: gameId,
    ...(entry?.score === undefined ? {} : { score: entry.score }),
    ...(entry?.status ? { status: entry.status } : {}),
  };
}

const sameBadge = (a: ReviewBadge | undefined, b: ReviewBadge) =>
  a?.game === b.game && a.score === b.score && a.status === b.status;

/** The entry as it stays, naming `review` (or no review when undefined). */
function entryNaming(current: GamelistEntry | null, review: string | undefined): GamelistEntry {
  return {
    status: current?.status ?? null,
    ...(current?.timestamp === undefined ? {} : { timestamp: current.timestamp }),
    ...(current?.score === undefined ? {} : { score: current.score }),
    ...(review === undefined ? {} : { review }),
  };
}

/**
 * The review transition as a pure function of the member's entry: a first review writes the post (with
 * its badge), the game's and the member's index entries and the entry's pointer in one PATCH; writing
 * again rewrites the words and the badge; deleting removes the post as a post's deletion does. The same
 * words again, or deleting no review, changes nothing.
 */
export function planReview(
  current: GamelistEntry | null,
  change: ReviewChange,
  context: ReviewContext,
): TransitionPlan<GamelistEntry, ReviewOutcome> {
  const { uid, gameId, text } = change;
  const pointer = current?.review;
  if (pointer !== undefined && pointer !== context.named?.postId) throw new StaleReviewRead();
  // A pointer to a post deleted since (by an editor, or a deletion that raced a rating) is no review.
  const existing = pointer !== undefined && context.named?.post ? context.named.post : null;
  const badge = reviewBadgeOf(gameId, current);

  if (text === null) {
    if (existing === null || pointer === undefined)
      return { kind: 'unchanged', result: { postId: null, created: false, changed: false } };
    // The entry itself is written by the gate, without the pointer (one path of the PATCH, not two).
    const pointerPath = `${gamelistEntryPath(uid, gameId)}/review`;
    const updates = Object.fromEntries(
      Object.entries(planDeletePost(pointer, existing)).filter(([path]) => path !== pointerPath),
    );
    return {
      kind: 'write',
      next: entryNaming(current, undefined),
      updates,
      result: { postId: null, created: false, changed: true, deletedPostId: pointer },
    };
  }

  if (existing !== null && pointer !== undefined) {
    if (existing.content === text && sameBadge(existing.review, badge))
      return { kind: 'unchanged', result: { postId: pointer, created: false, changed: false } };
    return {
      kind: 'write',
      next: entryNaming(current, pointer),
      updates: {
        ...postNode(pointer).child('content').set(text),
        ...postNode(pointer).child('review').set(badge),
        ...planFeedActivity(feedIdOf('game', gameId)),
      },
      result: { postId: pointer, created: false, changed: true },
    };
  }

  if (!context.game.exists) throw new NoSuchGameRefusal(gameId);
  const postId = context.newPostId;
  const post = planNewPost(
    uid,
    { targetType: 'game', targetId: gameId, content: text, type: 'text' },
    postId,
    context.author.developer,
    { authorName: context.author.name, now: context.now },
  );
  const record = post[postPath(postId)];
  const updates: MultiPathUpdate = {
    ...post,
    // The marker goes into the record's own value: a PATCH may not write a path and one inside it.
    [postPath(postId)]: { ...(record as object), review: badge },
    ...gameReviewsNode(gameId)
      .child(postId)
      .set({ rank: reviewRank(0, context.now) }),
    ...reviewsByUserIdNode(uid)
      .child(gameId)
      .set({
        postId,
        timestamp: SERVER_TIMESTAMP,
        ...(context.game.name === undefined ? {} : { name: context.game.name }),
      }),
  };
  return {
    kind: 'write',
    next: entryNaming(current, postId),
    updates,
    result: { postId, created: true, changed: true },
  };
}

/** How often a write starts again when the member's entry moved to another review between its reads. */
const STALE_READS_TRIED = 3;

/**
 * Writes, rewrites or deletes the member's review of the game, once however often it is repeated or
 * raced. The member's entry, the game's name and the author's name (and developer mark) are read in one
 * round; the post the entry names in the next (only when it names one); then the gate and one PATCH.
 * `authorName` and `developer` are reads the caller already started (they cost no round of their own).
 */
export async function commitReview(
  db: RtdbClient,
  change: ReviewChange,
  {
    now,
    authorName,
    developer,
    mayWrite,
    announce,
  }: {
    now: () => number;
    authorName: Promise<string | null>;
    developer: Promise<boolean>;
    /** The caller's own checks that the member may post (a posting block), read in the first round. */
    mayWrite?: Promise<void>;
    /**
     * Told of a new review's post under the gate, before its PATCH, as a new post's home-feed message is
     * (shared/transitions/post.ts): a review's post is then never written without it. A throw writes nothing.
     */
    announce?: (post: { postId: string; feed: FeedId; now: number }) => Promise<void>;
  },
): Promise<ReviewOutcome> {
  const gatePath = gamelistEntryPath(change.uid, change.gameId);
  for (let attempt = 1; ; attempt++) {
    const firstRead = db.getTagged(gatePath);
    const [name, author, isDeveloper, read] = await Promise.all([
      db.read(gameNode(change.gameId).child('name').path, z.string()),
      authorName,
      developer,
      firstRead,
      change.text === null ? undefined : mayWrite,
    ]);
    // The entry as the gate decides from: a first review still on its way marks the entry naming its new
    // post before the post is written, and that post read now as absent would pass for one deleted since
    // (planReview), so a racing second review would make a post of its own.
    const pointer = settledEntry(read.value, gamelistEntrySchema)?.review;
    const named =
      pointer === undefined
        ? null
        : { postId: pointer, post: await db.read(postNode(pointer).path, postSchema) };
    const at = now();
    const context: ReviewContext = {
      game: { exists: name !== null, name: name ?? undefined },
      named,
      author: { name: author, developer: isDeveloper },
      newPostId: pushId(at),
      now: at,
    };
    try {
      return await commitGatedTransition(db, {
        gatePath,
        entrySchema: gamelistEntrySchema,
        firstRead,
        decide: (current) => planReview(current, change, context),
        beforeCommit: async ({ postId, created }) => {
          if (created && postId !== null && announce)
            await announce({ postId, feed: feedIdOf('game', change.gameId), now: context.now });
        },
      });
    } catch (error) {
      if (!(error instanceof StaleReviewRead)) throw error;
      if (attempt >= STALE_READS_TRIED)
        throw new TransitionBusyError(`the review pointer of ${gatePath} kept moving`);
    }
  }
}
