/**
 * The cookie that carries the signed-in user's current ID token to the server, so pages that depend on
 * who is looking (browse) can be rendered for them. Its presence also keeps a request out of the edge
 * cache. `__session` is the one cookie name Firebase Hosting passes through, kept for that reason.
 */
export const SESSION_COOKIE = '__session';

/** True when a `Cookie` header (or `document.cookie`) holds a non-empty session cookie. */
export function hasSessionCookie(cookies: string): boolean {
  return cookies.split(';').some((cookie) => {
    const [name, value] = cookie.trim().split('=');
    return name === SESSION_COOKIE && Boolean(value);
  });
}
