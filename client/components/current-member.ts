import type { CurrentMember } from '../../shared/auth/account-api.ts';
import { callApi } from './browser-capabilities.ts';

// Who the signed-in member is (`GET /api/me`), asked once per page load however many parts of the page
// want it (the header's role links, a feed's reader), and asked again after the session ends.

let asked: Promise<CurrentMember> | null = null;

/** The member's record and roles; a failed answer is not kept, so the next caller asks again. */
export function currentMember(): Promise<CurrentMember> {
  asked ??= callApi('GET /me', {}).catch((error: unknown) => {
    asked = null;
    throw error;
  });
  return asked;
}

/** Forgets the member: called when the browser no longer holds a session (signed out). */
export function forgetCurrentMember(): void {
  asked = null;
}
