import { DEFAULT_FOLLOWED_ACCOUNT_UID, guestDisplayName } from '../auth/account-api.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { userSectionNode, usersPublicNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP, serverIncrement } from '../rtdb/server-values.ts';
import { commitFollow } from '../transitions/follow.ts';
import { TransitionRefused } from '../transitions/transition-refused.ts';

/** What an account is created or upgraded with. */
export interface AccountSections {
  uid: string;
  /** A member's username, or a guest's `web-…` display name (spec section 6). */
  profileName: string;
  /** The member's own address; none for a guest (its temporary address is the provider's business). */
  email: string | null;
  /** When the account was first created: kept when a guest becomes a member. */
  created: number | null;
  isOnboarded: boolean;
}

/**
 * Every section of an account (spec sections 3 and 6: readOnly.created, modified, isDeveloper false), as
 * multi-path updates written field by field, never whole sections: a guest upgraded to a member keeps
 * its follows, likes and follower count (an increment of 0 is 0 for a new account and leaves an
 * existing count as it was).
 */
export function planAccountSections(account: AccountSections): MultiPathUpdate {
  const { uid, profileName } = account;
  return {
    ...userSectionNode(uid, 'public').merge({
      uuid: uid,
      username: profileName,
      follows: serverIncrement(0),
    }),
    // A new account has shelved nothing: its copy of the newest shelved games is there, empty, so that its
    // page needs no query of the shelf index (shared/schemas/shelved-copy.ts). `changes` moves by 0, so
    // any change already counted leaves the copy unused; an account kept (a guest signing up) keeps its own.
    ...(account.created === null
      ? userSectionNode(uid, 'public')
          .child('shelved')
          .merge({ changes: serverIncrement(0), basis: 0 })
      : {}),
    // Nor followed a game: the same for the copy of its followed games (shared/schemas/followed-copy.ts).
    ...(account.created === null
      ? userSectionNode(uid, 'public')
          .child('followedGames')
          .merge({ changes: serverIncrement(0), basis: 0 })
      : {}),
    ...userSectionNode(uid, 'private').merge({
      ...(account.email === null ? {} : { email: account.email }),
      isOnboarded: account.isOnboarded,
    }),
    ...userSectionNode(uid, 'admin').merge({ auth: false, forceResetPassword: false }),
    ...userSectionNode(uid, 'developer').child('developerGames').set(null),
    ...userSectionNode(uid, 'readOnly').merge({
      created: account.created ?? SERVER_TIMESTAMP,
      modified: SERVER_TIMESTAMP,
      isDeveloper: false,
    }),
    ...usersPublicNode(uid).set({ username: profileName }),
  };
}

/**
 * Every new account follows the default account (spec section 6). The transition is idempotent, so a
 * repeat never follows twice; a failure is logged and the account stands.
 */
export async function followDefaultAccount(db: RtdbClient, uid: string): Promise<void> {
  if (uid === DEFAULT_FOLLOWED_ACCOUNT_UID) return;
  try {
    await commitFollow(db, { uid, type: 'user', targetId: DEFAULT_FOLLOWED_ACCOUNT_UID, follow: true });
  } catch (error) {
    const why = error instanceof TransitionRefused ? error.message : error;
    console.error('Following the default account failed', why);
  }
}

/**
 * A guest is an account like any other (spec section 6): every section, under its `web-…` display name,
 * `isDeveloper` false, following the default account. Signing up later keeps all of it.
 */
export async function createGuestAccount(db: RtdbClient, uid: string): Promise<void> {
  await db.patch(
    '',
    planAccountSections({
      uid,
      profileName: guestDisplayName(uid),
      email: null,
      created: null,
      isOnboarded: false,
    }),
  );
  await followDefaultAccount(db, uid);
}
