import { sessionCookieValue } from '../../shared/session-cookie.ts';
import { loadAuthService } from '../auth/auth-service.ts';

// Follows of a game from the browser, through the Worker's API (worker/api/follows.ts). The API takes
// the ID token only as a Bearer header, never from the cookie (no CSRF): the token is read from the
// session cookie the auth service keeps, so a game page visit does not load the auth SDK. Only when the
// API refuses that token (expired) is the SDK loaded, once, for a fresh one.

// The only browser global read here; typed locally because the game page's components, which import
// this module, are also type-checked for the Worker (no DOM there).
const browser = globalThis as { document?: { cookie: string } };

/** What the API answers about the caller and a game. */
export interface GameFollowState {
  following: boolean;
  followers: number;
}

/** The API answered something other than success or 401. */
export class FollowRequestError extends Error {
  override readonly name = 'FollowRequestError';
}

/** The ID token in the session cookie, if any. */
function sessionToken(): string | null {
  return sessionCookieValue(browser.document?.cookie ?? '');
}

/**
 * Sends a request with the session's ID token; on 401 once more with a fresh token from the auth
 * service. Null when nobody is signed in (no token, or the fresh one is refused too).
 */
async function asMember(send: (token: string) => Promise<Response>): Promise<Response | null> {
  const token = sessionToken();
  if (token) {
    const response = await send(token);
    if (response.status !== 401) return response;
  }
  const fresh = await (await loadAuthService()).freshIdToken();
  if (!fresh) return null;
  const retried = await send(fresh);
  return retried.status === 401 ? null : retried;
}

function gameFollowUrl(gameId: string): string {
  return `/api/follows/game/${encodeURIComponent(gameId)}`;
}

async function followState(response: Response | null): Promise<GameFollowState | null> {
  if (!response) return null;
  if (!response.ok) throw new FollowRequestError(`The follow API answered ${String(response.status)}`);
  const body = (await response.json()) as Partial<GameFollowState>;
  return {
    following: body.following === true,
    followers: typeof body.followers === 'number' ? body.followers : 0,
  };
}

/** Whether the signed-in visitor follows the game, and its follower count; null when signed out. */
export async function readGameFollow(gameId: string): Promise<GameFollowState | null> {
  return followState(
    await asMember((token) =>
      fetch(gameFollowUrl(gameId), {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      }),
    ),
  );
}

/** Follows (PUT) or unfollows (DELETE) the game; both idempotent. Null when signed out. */
export async function changeGameFollow(gameId: string, follow: boolean): Promise<GameFollowState | null> {
  return followState(
    await asMember((token) =>
      fetch(gameFollowUrl(gameId), {
        method: follow ? 'PUT' : 'DELETE',
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      }),
    ),
  );
}
