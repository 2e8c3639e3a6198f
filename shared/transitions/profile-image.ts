import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { profileNode, userSectionNode, usersPublicNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { ProfileImageKind } from '../schemas/profile-image.ts';

/**
 * A member's new profile image in one PATCH: its address in the public section and `users_public`
 * (where pages and lookups read it), and a header also in the profile, which the user page prefers.
 */
export function planProfileImage(uid: string, kind: ProfileImageKind, address: string): MultiPathUpdate {
  return {
    ...userSectionNode(uid, 'public').child(kind).set(address),
    ...usersPublicNode(uid).child(kind).set(address),
    ...(kind === 'header'
      ? profileNode(uid).merge({ header: address, sourceUUID: uid, modified: SERVER_TIMESTAMP })
      : {}),
  };
}

export async function commitProfileImage(
  db: RtdbClient,
  uid: string,
  kind: ProfileImageKind,
  address: string,
): Promise<void> {
  await db.patch('', planProfileImage(uid, kind, address));
}
