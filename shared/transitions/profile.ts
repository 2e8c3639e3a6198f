import { profilePath, userSectionPath, usersPublicPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { ProfileUpdateRequest } from '../schemas/profile.ts';

/**
 * A change to the user's own profile in one PATCH; a new header is also copied to the public section
 * and `users_public`, where pages and lookups read it.
 */
export function planProfileUpdate(uid: string, update: ProfileUpdateRequest): Record<string, unknown> {
  const updates: Record<string, unknown> = {
    [`${profilePath(uid)}/sourceUUID`]: uid,
    [`${profilePath(uid)}/modified`]: SERVER_TIMESTAMP,
  };
  for (const [field, value] of Object.entries(update)) updates[`${profilePath(uid)}/${field}`] = value;
  if (update.header !== undefined) {
    updates[`${userSectionPath(uid, 'public')}/header`] = update.header;
    updates[`${usersPublicPath(uid)}/header`] = update.header;
  }
  return updates;
}

export async function commitProfileUpdate(
  db: RtdbClient,
  uid: string,
  update: ProfileUpdateRequest,
): Promise<void> {
  await db.patch('', planProfileUpdate(uid, update));
}
