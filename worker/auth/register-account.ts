import { followDefaultAccount, planAccountSections } from '../../shared/accounts/account-sections.ts';
import { isGuestEmail, isGuestName } from '../../shared/auth/account-api.ts';
import { z } from 'zod';
import { emailToIdNode, ROOTS, usernameClaimNode, userSectionNode } from '../../shared/rtdb/paths.ts';
import { Refusal } from '../../shared/refusal.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { VerifiedUser } from '../app-env.ts';

/** Why a registration was refused (409): the name is someone else's, or the account already has one. */
export class RegistrationRefused extends Refusal {
  override readonly name = 'RegistrationRefused';
  declare readonly code: 'username-in-use' | 'already-registered';
  constructor(code: 'username-in-use' | 'already-registered') {
    super(
      409,
      code,
      code === 'already-registered' ? { message: 'This account already has a username.' } : {},
    );
  }
}

/**
 * Holders of one username read at most: a name is held once, so a second holder (another account, when
 * `exceptUid` is the first) is all that must be seen to answer; a third would change nothing.
 */
const USERNAME_HOLDERS_READ = 2;

/** Whether some public user already goes by `username` (spec section 5: checked against public users by username). */
export async function usernameInUse(db: RtdbClient, username: string, exceptUid?: string): Promise<boolean> {
  const [byIndex, claim] = await Promise.all([
    db.query(
      ROOTS.usersPublic,
      { orderBy: 'username', equalTo: username, limitToFirst: USERNAME_HOLDERS_READ },
      z.record(z.string(), z.unknown()),
    ),
    db.read(usernameClaimNode(username).path, z.string()),
  ]);
  const holders = Object.keys(byIndex ?? {}).filter((uid) => uid !== exceptUid);
  return holders.length > 0 || (claim !== null && claim !== exceptUid);
}

/** Takes the username for `uid`; false when another account holds it. Repeating a claim one already holds succeeds. */
async function claimUsername(db: RtdbClient, username: string, uid: string): Promise<boolean> {
  const claim = usernameClaimNode(username).path;
  const taken = await db.put(claim, uid, { ifMatch: 'null_etag' });
  if (taken !== null) return true;
  return (await db.read(claim, z.string())) === uid;
}

async function releaseUsername(db: RtdbClient, username: string, uid: string): Promise<void> {
  const claim = usernameClaimNode(username).path;
  const { value, etag } = await db.getTagged(claim);
  if (value === uid) await db.put(claim, null, { ifMatch: etag });
}

/** The caller's e-mail address when the provider says its owner proved it (they followed the verification link). */
export function verifiedEmail(user: VerifiedUser): string | null {
  const { email, email_verified: verified } = user.claims;
  return typeof email === 'string' && verified === true && !isGuestEmail(email) ? email : null;
}

/**
 * Makes the signed-in Firebase user a member called `username`: claims the name, takes the account's own
 * username slot, then creates every section of the user in ONE multi-path PATCH, then follows the default
 * account. A guest upgrading keeps what it did (its `web-…` name gives way to the username; everything else
 * stays). The address maps to the account in `emails-to-ids` only once it is verified (see
 * claimVerifiedEmail): an unverified address could be someone else's.
 *
 * One account, one username: registrations by one account racing with different names each claim their
 * name, but only one can move the account's own `users/{uid}/public/username` from what was read (none, or
 * a guest's `web-…` name) by a conditional PUT on its ETag (the database's compare-and-set, as editors'
 * saves use in shared/transitions/editor-revision.ts). Every other racer finds the slot taken, releases
 * the name it claimed and is refused (already-registered); one that asked for the very name that won is
 * answered as done. https://firebase.google.com/docs/database/rest/save-data#section-conditional-requests
 */
export async function registerAccount(db: RtdbClient, user: VerifiedUser, username: string): Promise<void> {
  const email = typeof user.claims.email === 'string' ? user.claims.email : undefined;
  if (!email || isGuestEmail(email)) throw new Error('registration needs the account’s own e-mail address');
  const usernameSlot = userSectionNode(user.uid, 'public').child('username').path;
  const [existing, created, onboarded] = await Promise.all([
    db.getTagged(usernameSlot),
    db.read(userSectionNode(user.uid, 'readOnly').child('created').path, z.number()),
    // A guest who went through the first visit and then signs up is not asked again.
    db.read(userSectionNode(user.uid, 'private').child('isOnboarded').path, z.boolean()),
  ]);
  if (typeof existing.value === 'string' && !isGuestName(existing.value)) {
    if (existing.value.toLowerCase() === username.toLowerCase()) return; // a repeated request: already done
    throw new RegistrationRefused('already-registered');
  }
  if (await usernameInUse(db, username, user.uid)) throw new RegistrationRefused('username-in-use');
  if (!(await claimUsername(db, username, user.uid))) throw new RegistrationRefused('username-in-use');

  if (!(await db.putIfUnchanged(usernameSlot, username, existing.etag))) {
    // Another registration of this account took the slot first: this one's name goes back, unless it is
    // the very name that won (then the claim is the winner's too, and this request is a repeat).
    const now = await db.read(usernameSlot, z.string());
    if (now !== null && now.toLowerCase() === username.toLowerCase()) return;
    await releaseUsername(db, username, user.uid).catch((releaseError: unknown) => {
      console.error('Releasing a username claim failed', releaseError);
    });
    throw new RegistrationRefused('already-registered');
  }

  const verified = verifiedEmail(user);
  const updates = {
    ...planAccountSections({
      uid: user.uid,
      profileName: username,
      email,
      created,
      isOnboarded: onboarded === true,
    }),
    ...(verified ? emailToIdNode(verified).set(user.uid) : {}),
  };
  try {
    await db.patch('', updates);
  } catch (error) {
    // The account goes back to what it was (no name, or its guest name), and so does the claim.
    await Promise.all([db.put(usernameSlot, existing.value), releaseUsername(db, username, user.uid)]).catch(
      (releaseError: unknown) => {
        console.error('Releasing a username claim failed', releaseError);
      },
    );
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
  const mapping = emailToIdNode(email);
  if ((await db.read(mapping.path, z.string())) === user.uid) return false;
  const registered = await db.read(userSectionNode(user.uid, 'public').child('username').path, z.string());
  if (registered === null || isGuestName(registered)) return false;
  await db.put(mapping.path, user.uid);
  return true;
}
