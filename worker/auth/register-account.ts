import { followDefaultAccount, planAccountSections } from '../../shared/accounts/account-sections.ts';
import { isGuestEmail, isGuestName } from '../../shared/auth/account-api.ts';
import { emailToIdPath, ROOTS, usernameClaimPath, userSectionPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { VerifiedUser } from '../app-env.ts';

/** Why a registration was refused; the API maps each to the catalogue. */
export class RegistrationRefused extends Error {
  override readonly name = 'RegistrationRefused';
  readonly code: 'username-in-use' | 'already-registered';
  constructor(code: 'username-in-use' | 'already-registered') {
    super(code);
    this.code = code;
  }
}

/** Whether some public user already goes by `username` (spec section 5: checked against public users by username). */
export async function usernameInUse(db: RtdbClient, username: string, exceptUid?: string): Promise<boolean> {
  const [byIndex, claim] = await Promise.all([
    db.get(ROOTS.usersPublic, { orderBy: 'username', equalTo: username, limitToFirst: 2 }),
    db.get(usernameClaimPath(username)),
  ]);
  const holders = Object.keys((byIndex ?? {}) as Record<string, unknown>).filter((uid) => uid !== exceptUid);
  return holders.length > 0 || (typeof claim === 'string' && claim !== exceptUid);
}

/** Takes the username for `uid`; false when another account holds it. Repeating a claim one already holds succeeds. */
async function claimUsername(db: RtdbClient, username: string, uid: string): Promise<boolean> {
  const taken = await db.put(usernameClaimPath(username), uid, { ifMatch: 'null_etag' });
  if (taken !== null) return true;
  return (await db.get(usernameClaimPath(username))) === uid;
}

async function releaseUsername(db: RtdbClient, username: string, uid: string): Promise<void> {
  const { value, etag } = await db.getTagged(usernameClaimPath(username));
  if (value === uid) await db.put(usernameClaimPath(username), null, { ifMatch: etag });
}

/** The caller's e-mail address when the provider says its owner proved it (they followed the verification link). */
export function verifiedEmail(user: VerifiedUser): string | null {
  const { email, email_verified: verified } = user.claims;
  return typeof email === 'string' && verified === true && !isGuestEmail(email) ? email : null;
}

/**
 * Makes the signed-in Firebase user a member called `username`: claims the name, then creates every
 * section of the user in ONE multi-path PATCH, then follows the default account. A guest upgrading keeps
 * what it did (its `web-…` name gives way to the username; everything else stays). The address maps to
 * the account in `emails-to-ids` only once it is verified (see claimVerifiedEmail): an unverified
 * address could be someone else's.
 */
export async function registerAccount(db: RtdbClient, user: VerifiedUser, username: string): Promise<void> {
  const email = typeof user.claims.email === 'string' ? user.claims.email : undefined;
  if (!email || isGuestEmail(email)) throw new Error('registration needs the account’s own e-mail address');
  const [existing, created] = await Promise.all([
    db.get(`${userSectionPath(user.uid, 'public')}/username`),
    db.get(`${userSectionPath(user.uid, 'readOnly')}/created`),
  ]);
  if (typeof existing === 'string' && !isGuestName(existing)) {
    if (existing.toLowerCase() === username.toLowerCase()) return; // a repeated request: already done
    throw new RegistrationRefused('already-registered');
  }
  if (await usernameInUse(db, username, user.uid)) throw new RegistrationRefused('username-in-use');
  if (!(await claimUsername(db, username, user.uid))) throw new RegistrationRefused('username-in-use');

  const updates = planAccountSections({
    uid: user.uid,
    profileName: username,
    email,
    created: typeof created === 'number' ? created : null,
    isOnboarded: false,
  });
  const verified = verifiedEmail(user);
  if (verified) updates[emailToIdPath(verified)] = user.uid;
  try {
    await db.patch('', updates);
  } catch (error) {
    await releaseUsername(db, username, user.uid).catch((releaseError: unknown) => {
      console.error('Releasing a username claim failed', releaseError);
    });
    throw error;
  }
  await followDefaultAccount(db, user.uid);
}

/**
 * Maps the member's verified address to their account (`emails-to-ids`), once: the first time their
 * token says the address is verified. Answers whether it wrote. Guests and unverified addresses never map.
 */
export async function claimVerifiedEmail(db: RtdbClient, user: VerifiedUser): Promise<boolean> {
  const email = verifiedEmail(user);
  if (!email) return false;
  const path = emailToIdPath(email);
  if ((await db.get(path)) === user.uid) return false;
  const registered = await db.get(`${userSectionPath(user.uid, 'public')}/username`);
  if (typeof registered !== 'string' || isGuestName(registered)) return false;
  await db.put(path, user.uid);
  return true;
}
