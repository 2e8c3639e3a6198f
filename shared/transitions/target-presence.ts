import { commentPath, eventPath, gamePath, postPath, userSectionPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

/** Anything a follow, like, block or post can point at. */
export type TargetKind = 'user' | 'game' | 'event' | 'post' | 'comment';

/** A field every record of the kind has: reading it alone tells whether the record exists, cheaply. */
function presencePath(kind: TargetKind, id: string): string {
  switch (kind) {
    case 'user':
      return `${userSectionPath(id, 'public')}/username`;
    case 'game':
      return `${gamePath(id)}/name`;
    case 'event':
      return `${eventPath(id)}/name`;
    case 'post':
      return `${postPath(id)}/sourceUUID`;
    case 'comment':
      return `${commentPath(id)}/postUUID`;
  }
}

/** Whether a record of this kind exists under `id` (a game id is not a user, even when the ids match). */
export async function targetExists(db: RtdbClient, kind: TargetKind, id: string): Promise<boolean> {
  return (await db.get(presencePath(kind, id))) !== null;
}
