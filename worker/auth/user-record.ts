import { z } from 'zod';
import { isGuestEmail, isGuestName, type CurrentUserRecord } from '../../shared/auth/account-api.ts';
import { userSectionPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { VerifiedUser } from '../app-env.ts';

/** A section as its owner gets it: passed through field for field, whatever fields it has. */
const ownSectionSchema = z.record(z.string(), z.unknown());

/**
 * The signed-in user's own record, read with their ID token so the database rules decide what they may
 * see (never the admin section). Sections are read in parallel, as the spec reads them separately.
 */
export async function readCurrentUser(db: RtdbClient, user: VerifiedUser): Promise<CurrentUserRecord> {
  const [publicSection, privateSection, developer, readOnly] = await Promise.all(
    (['public', 'private', 'developer', 'readOnly'] as const).map(async (section) =>
      db.read(userSectionPath(user.uid, section), ownSectionSchema),
    ),
  );
  const email = typeof user.claims.email === 'string' ? user.claims.email : null;
  return {
    uid: user.uid,
    // A guest has a record too (spec section 6), under its `web-…` name: it is not a member yet.
    registered: typeof publicSection?.username === 'string' && !isGuestName(publicSection.username),
    guest: isGuestEmail(email),
    displayName: typeof user.claims.name === 'string' ? user.claims.name : null,
    public: publicSection ?? null,
    private: privateSection ?? null,
    developer: developer ?? null,
    readOnly: readOnly ?? null,
  };
}
