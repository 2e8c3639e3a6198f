import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { profileNode, userSectionNode, usersPublicNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { ProfileUpdateRequest } from '../schemas/profile.ts';

/**
 * A change to the user's own profile in one PATCH; a new header is also copied to the public section
 * and `users_public`, where pages and lookups read it.
 */
export function planProfileUpdate(uid: string, update: ProfileUpdateRequest): MultiPathUpdate {
  return {
    ...profileNode(uid).merge({ ...update, sourceUUID: uid, modified: SERVER_TIMESTAMP }),
    ...(update.header === undefined
      ? {}
      : {
          ...userSectionNode(uid, 'public').child('header').set(update.header),
          ...usersPublicNode(uid).child('header').set(update.header),
        }),
  };
}

export async function commitProfileUpdate(
  db: RtdbClient,
  uid: string,
  update: ProfileUpdateRequest,
): Promise<void> {
  await db.patch('', planProfileUpdate(uid, update));
}
