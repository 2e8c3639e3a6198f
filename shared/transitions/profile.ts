import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { profileNode, userSectionNode, usersPublicNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { ProfileUpdateRequest } from '../schemas/profile.ts';
import type { shownProfileTextSchema } from '../schemas/user.ts';

/** The fields of a stored profile that decide what its member's page shows. */
export interface ProfileText {
  brief: string;
  details: string;
  disabled: boolean;
}

const storedProfileTextSchema = z
  .object({
    brief: z.string().catch(''),
    details: z.string().catch(''),
    disabled: z.boolean().catch(false),
  })
  .partial();

/** What the member's page shows of a profile: nothing while its member hides it. */
export function shownProfileText({
  brief,
  details,
  disabled,
}: ProfileText): z.input<typeof shownProfileTextSchema> {
  return disabled ? { brief: '', details: '' } : { brief, details };
}

/**
 * A change to the user's own profile in one PATCH. A new header is also copied to the public section and
 * `users_public`, where pages and lookups read it; the text the member's page shows (the profile as it
 * is after the change, `current` being it before) is kept in the public section, which that page reads
 * anyway (users/{uid}/public/profile), so the page reads no profile.
 */
export function planProfileUpdate(
  uid: string,
  update: ProfileUpdateRequest,
  current: ProfileText | null,
): MultiPathUpdate {
  const after = { brief: '', details: '', disabled: false, ...current, ...update };
  return {
    ...profileNode(uid).merge({ ...update, sourceUUID: uid, modified: SERVER_TIMESTAMP }),
    ...userSectionNode(uid, 'public').child('profile').set(shownProfileText(after)),
    ...(update.header === undefined
      ? {}
      : {
          ...userSectionNode(uid, 'public').child('header').set(update.header),
          ...usersPublicNode(uid).child('header').set(update.header),
        }),
  };
}

/** The text fields of the member's stored profile (null: none yet). */
export async function readProfileText(db: RtdbClient, uid: string): Promise<ProfileText | null> {
  const stored = await db.read(profileNode(uid).path, storedProfileTextSchema);
  return stored ? { brief: '', details: '', disabled: false, ...stored } : null;
}

// The profile is read before its change so that the copy holds the whole text shown: a member sending two
// changes of their own profile at once could leave the copy one change behind (their own text only, and
// the next change sets it right), which is why the read is not made a conditional write.
export async function commitProfileUpdate(
  db: RtdbClient,
  uid: string,
  update: ProfileUpdateRequest,
): Promise<void> {
  await db.patch('', planProfileUpdate(uid, update, await readProfileText(db, uid)));
}
