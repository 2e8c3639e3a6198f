import type { CurrentMember } from '../../shared/auth/account-api.ts';
import { sessionCookieValue } from '../../shared/session-cookie.ts';
import { callApi } from './browser-capabilities.ts';

// Who the signed-in member is (`GET /api/me`), asked once per session however many parts of the page want
// it (the header's role links, a feed's reader). The answer is kept with the session it was asked under
// (the ID token in the session cookie): signing out and in as someone else in the same tab, or the hourly
// token refresh, asks again, so no part of the page ever acts as the member who was signed in before.

/** The page's cookies; none on the server, which never asks who the member is. */
const pageCookies = (): string => (typeof document === 'undefined' ? '' : document.cookie);

let asked: { session: string | null; answer: Promise<CurrentMember> } | null = null;

/** The member's record and roles; a failed answer is not kept, so the next caller asks again. */
export function currentMember(): Promise<CurrentMember> {
  const session = sessionCookieValue(pageCookies());
  if (asked?.session === session) return asked.answer;
  const answer = callApi((api) => api.me.$get()).catch((error: unknown) => {
    if (asked?.answer === answer) asked = null;
    throw error;
  });
  asked = { session, answer };
  return answer;
}
