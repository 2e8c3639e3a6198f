import { commentNode, eventNode, gameNode, listPath, postNode, userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

/** Anything a follow, like, block or post can point at. */
export type TargetKind = 'user' | 'game' | 'event' | 'list' | 'post' | 'comment';

/** A field every record of the kind has: reading it alone tells whether the record exists, cheaply. */
function presencePath(kind: TargetKind, id: string): string {
  switch (kind) {
    case 'user':
      return userSectionNode(id, 'public').child('username').path;
    case 'game':
      return gameNode(id).child('name').path;
    case 'event':
      return eventNode(id).child('name').path;
    case 'list':
      return `${listPath(id)}/name`;
    case 'post':
      return postNode(id).child('sourceUUID').path;
    case 'comment':
      return commentNode(id).child('postUUID').path;
  }
}

/** Whether a record of this kind exists under `id` (a game id is not a user, even when the ids match). */
export async function targetExists(db: RtdbClient, kind: TargetKind, id: string): Promise<boolean> {
  return (await db.get(presencePath(kind, id))) !== null;
}
