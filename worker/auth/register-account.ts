import { DEFAULT_FOLLOWED_ACCOUNT_UID, isGuestEmail } from '../../shared/auth/account-api.ts';
import { emailToIdPath, ROOTS, userSectionPath, usersPublicPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { SERVER_TIMESTAMP, serverIncrement } from '../../shared/rtdb/server-values.ts';
import type { VerifiedUser } from '../app-env.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';

/**
 * `usernames/{lower-cased username}` → uid: the claim that makes a username one account's. It is taken
 * with a conditional write (if-match `null_etag`: only if nobody holds it), so of two sign-ups racing
 * for one name exactly one wins. Read by no client (the rules' default denies it).
 * https://firebase.google.com/docs/reference/rest/database#section-conditional-requests
 */
export const usernameClaimPath = (username: string): string => `usernames/${username.toLowerCase()}`;

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

/**
 * Makes the signed-in Firebase user a member called `username`: claims the name, then creates every
 * section of the user in ONE multi-path PATCH (spec sections 3 and 6: readOnly.created, modified,
 * isDeveloper false), then follows the default account. A guest upgrading keeps what it did: its
 * follows, likes and counts are left as they are (fields are written one by one, never whole sections).
 */
export async function registerAccount(db: RtdbClient, user: VerifiedUser, username: string): Promise<void> {
  const email = typeof user.claims.email === 'string' ? user.claims.email : undefined;
  if (!email || isGuestEmail(email)) throw new Error('registration needs the account’s own e-mail address');
  const existing = await db.get(`${userSectionPath(user.uid, 'public')}/username`);
  if (typeof existing === 'string') {
    if (existing.toLowerCase() === username.toLowerCase()) return; // a repeated request: already done
    throw new RegistrationRefused('already-registered');
  }
  if (await usernameInUse(db, username, user.uid)) throw new RegistrationRefused('username-in-use');
  if (!(await claimUsername(db, username, user.uid))) throw new RegistrationRefused('username-in-use');

  const created = await db.get(`${userSectionPath(user.uid, 'readOnly')}/created`);
  const pub = userSectionPath(user.uid, 'public');
  const priv = userSectionPath(user.uid, 'private');
  const updates: Record<string, unknown> = {
    [`${pub}/uuid`]: user.uid,
    [`${pub}/username`]: username,
    // An increment of 0 is 0 for a new account and leaves a guest's follower count as it was.
    [`${pub}/follows`]: serverIncrement(0),
    [`${priv}/email`]: email,
    [`${priv}/isOnboarded`]: false,
    [`${userSectionPath(user.uid, 'admin')}/auth`]: false,
    [`${userSectionPath(user.uid, 'admin')}/forceResetPassword`]: false,
    [`${userSectionPath(user.uid, 'developer')}/developerGames`]: null,
    [`${userSectionPath(user.uid, 'readOnly')}/created`]:
      typeof created === 'number' ? created : SERVER_TIMESTAMP,
    [`${userSectionPath(user.uid, 'readOnly')}/modified`]: SERVER_TIMESTAMP,
    [`${userSectionPath(user.uid, 'readOnly')}/isDeveloper`]: false,
    [usersPublicPath(user.uid)]: { username },
    [emailToIdPath(email)]: user.uid,
  };
  try {
    await db.patch('', updates);
  } catch (error) {
    await releaseUsername(db, username, user.uid).catch((releaseError: unknown) => {
      console.error('Releasing a username claim failed', releaseError);
    });
    throw error;
  }

  if (user.uid !== DEFAULT_FOLLOWED_ACCOUNT_UID) {
    // Every new account follows the default account (spec section 6). The transition is idempotent, so
    // a repeated registration never follows twice; a failure is logged, the account stands.
    await commitFollow(db, {
      uid: user.uid,
      type: 'user',
      targetId: DEFAULT_FOLLOWED_ACCOUNT_UID,
      follow: true,
    }).catch((error: unknown) => {
      console.error('Following the default account failed', error);
    });
  }
}
