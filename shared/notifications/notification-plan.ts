import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { notificationNode } from '../rtdb/paths.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { NotificationKind } from '../schemas/notification-record.ts';

/** What a follow, like or comment tells its recipient. */
export interface NotificationEntry {
  kind: NotificationKind;
  /** Who is told: the member followed, or the author of the post or comment. */
  recipient: string | null | undefined;
  /** Who followed, liked or commented. */
  actor: string;
  /** The follow, like or comment record's id: the notification's key. */
  recordId: string;
  postId?: string;
  commentId?: string;
}

/**
 * The notification's part of a transition's multi-path plan, so that it lands with the follow, like or
 * comment or not at all. `on: false` (an unfollow, an unlike, a deleted comment) removes it: a
 * notification exists exactly while what it tells about does, and a repeated follow or like writes the
 * same key again with a new time (it comes back as new, never as a second one). Nobody is told about
 * their own doings, and nothing is written when the recipient is unknown.
 */
export function planNotification(entry: NotificationEntry, on: boolean): MultiPathUpdate {
  const { recipient, actor, recordId } = entry;
  if (!recipient || recipient === actor) return {};
  const node = notificationNode(recipient, recordId);
  if (!on) return node.set(null);
  return node.set({
    kind: entry.kind,
    actorUUID: actor,
    ...(entry.postId === undefined ? {} : { postUUID: entry.postId }),
    ...(entry.commentId === undefined ? {} : { commentUUID: entry.commentId }),
    timestamp: SERVER_TIMESTAMP,
  });
}
