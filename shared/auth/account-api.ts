// The accounts API between the browser's auth client and the Worker (worker/api/accounts.ts, me.ts).
// No zod here: the browser imports this, and zod would add ~450 KB to its auth chunk. The request
// schema is in register-account-schema.ts, for the Worker.

/** The domain of guests' generated temporary addresses: `.invalid` never receives mail (RFC 2606). */
export const GUEST_EMAIL_DOMAIN = 'guest.questline.invalid';

/** True for the generated temporary address of a guest account. */
export function isGuestEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && email.toLowerCase().endsWith(`@${GUEST_EMAIL_DOMAIN}`);
}

/** A guest's display name: `web-` and the last 8 characters of its id (spec section 6). */
export function guestDisplayName(uid: string): string {
  return `web-${uid.slice(-8)}`;
}

/** True for a guest's generated display name (`web-` and 8 characters): member usernames cannot take this form. */
export function isGuestName(name: string | null | undefined): boolean {
  return typeof name === 'string' && /^web-[A-Za-z0-9]{8}$/.test(name);
}

/** The uid of the fixed account every new account follows (spec section 6). */
export const DEFAULT_FOLLOWED_ACCOUNT_UID = 'questline';

/** `GET /api/accounts/usernames/:username`. */
export interface UsernameAvailability {
  username: string;
  available: boolean;
}

/** The roles a member holds beyond a member's (spec: `readOnly.isDeveloper`, `admin.auth`). */
export interface MemberRoles {
  developer: boolean;
  admin: boolean;
}

/** `GET /api/me` and `POST /api/accounts`: the signed-in user's own record, section by section. */
export interface CurrentUserRecord {
  uid: string;
  /** False for a signed-in Firebase user with no member record (a guest, or a sign-up not finished). */
  registered: boolean;
  guest: boolean;
  /** The provider's display name (a guest's `web-…`, a member's username), when it has one. */
  displayName: string | null;
  public: Record<string, unknown> | null;
  private: Record<string, unknown> | null;
  developer: Record<string, unknown> | null;
  readOnly: Record<string, unknown> | null;
}

/** `GET /api/accounts/config`: what the browser's Firebase Auth client needs (all public values). */
export interface AuthClientConfig {
  apiKey: string;
  projectId: string;
  /** `http://127.0.0.1:9099` against the local Auth emulator, else null. */
  authEmulatorUrl: string | null;
  /**
   * Where the Firebase functions answer. The browser reaches the sign-in functions only through the Worker
   * (`/api/functions/…`), which they require; the browser tests use this to show a direct call refused.
   */
  functionsBaseUrl: string;
  publicAppMode: boolean;
  /**
   * The Realtime Database's address, which open pages stream their feed's activity from (EventSource,
   * reads as the rules allow visitors): `https://….firebaseio.com`, locally the emulator's.
   */
  databaseUrl: string;
  /** The database's name, sent as `?ns=` (the emulator needs it; Firebase ignores it). */
  databaseNamespace: string;
}

/**
 * `GET /api/me`: the record, and the roles the member holds (read with the server's credential: a member
 * cannot read their own admin section), so the header can offer the tools they may use.
 */
export interface CurrentMember extends CurrentUserRecord {
  roles: MemberRoles;
}
