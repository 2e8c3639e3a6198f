import { isGuestEmail, isGuestName, type CurrentUserRecord } from '../../shared/auth/account-api.ts';
import { userSectionPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { VerifiedUser } from '../app-env.ts';

function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The signed-in user's own record, read with their ID token so the database rules decide what they may
 * see (never the admin section). Sections are read in parallel, as the spec reads them separately.
 */
export async function readCurrentUser(db: RtdbClient, user: VerifiedUser): Promise<CurrentUserRecord> {
  const [publicSection, privateSection, developer, readOnly] = await Promise.all(
    (['public', 'private', 'developer', 'readOnly'] as const).map(async (section) =>
      asObject(await db.get(userSectionPath(user.uid, section))),
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
