/**
 * The cookie that carries the signed-in user's current ID token to the server, so pages that depend on
 * who is looking (browse) can be rendered for them. Its presence also keeps a request out of the edge
 * cache. `__session` is the one cookie name Firebase Hosting passes through, kept for that reason.
 */
export const SESSION_COOKIE = '__session';

/**
 * The BroadcastChannel on which a tab that signed in or out tells the others of the same browser, which
 * then read the cookie again (client/auth/session-channel.ts). Here, with the cookie, so that the first
 * load of every page and the auth service's chunk share it without one more file.
 */
export const SESSION_CHANNEL = 'questline.session';

/** The ID token in a `Cookie` header (or `document.cookie`), or null when there is no non-empty one. */
export function sessionCookieValue(cookies: string): string | null {
  for (const cookie of cookies.split(';')) {
    const [name, value] = cookie.trim().split('=');
    if (name === SESSION_COOKIE && value) return value;
  }
  return null;
}

/** True when a `Cookie` header (or `document.cookie`) holds a non-empty session cookie. */
export function hasSessionCookie(cookies: string): boolean {
  return sessionCookieValue(cookies) !== null;
}
