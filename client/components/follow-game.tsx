import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ApiFailure, FollowState } from '../../shared/api/contract.ts';
import { callApi, useBrowserSession } from './browser-capabilities.ts';

/** Whether the member follows the game: unknown until the API has answered. */
type Membership = 'unknown' | 'signed-out' | { following: boolean };

/** True when an API call failed because nobody is signed in (any more). */
function signedOut(error: unknown): boolean {
  return error instanceof Error && (error as Partial<ApiFailure>).code === 'unauthenticated';
}

/** Whether the signed-in visitor follows the game, and its follower count; null when signed out. */
async function asMember(request: () => Promise<FollowState>): Promise<FollowState | null> {
  try {
    return await request();
  } catch (error) {
    if (signedOut(error)) return null;
    throw error;
  }
}

const readGameFollow = (gameId: string) =>
  asMember(() => callApi('GET /follows/:type/:targetId', { params: { type: 'game', targetId: gameId } }));

/** Follows (PUT) or unfollows (DELETE) the game; both idempotent. */
const changeGameFollow = (gameId: string, follow: boolean) =>
  asMember(() =>
    callApi(follow ? 'PUT /follows/:type/:targetId' : 'DELETE /follows/:type/:targetId', {
      params: { type: 'game', targetId: gameId },
    }),
  );

function followersLabel(count: number): string {
  return count === 1 ? '1 follower' : `${count.toLocaleString('en-US')} followers`;
}

/**
 * A game's follower count with its Follow button. The server renders the signed-out form (a link to
 * sign in, coming back here) so that the page stays the same for every visitor; after hydration a
 * browser holding a session asks the API whether its member follows the game, and the link becomes a
 * toggle button. Following and unfollowing are shown at once and undone if the API refuses.
 */
export function FollowGame({
  gameId,
  gamePath,
  followers,
}: {
  gameId: string;
  gamePath: string;
  followers: number;
}) {
  const session = useBrowserSession();
  const [membership, setMembership] = useState<Membership>('unknown');
  const [count, setCount] = useState(followers);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const navigate = useNavigate();
  const loginPath = `/login?next=${encodeURIComponent(gamePath)}`;

  useEffect(() => {
    if (!session) return;
    let current = true;
    readGameFollow(gameId).then(
      (state) => {
        if (!current) return;
        setMembership(state ? { following: state.following } : 'signed-out');
        if (state) setCount(state.followers);
      },
      () => {
        if (!current) return;
        // Following is idempotent: offering "Follow" cannot do harm if the member already does.
        setMembership({ following: false });
        setMessage('Could not check whether you follow this game.');
      },
    );
    return () => {
      current = false;
    };
  }, [session, gameId]);

  async function toggle(following: boolean) {
    const previousCount = count;
    const follow = !following;
    setBusy(true);
    setMessage('');
    setMembership({ following: follow });
    setCount(Math.max(0, previousCount + (follow ? 1 : -1)));
    try {
      const answer = await changeGameFollow(gameId, follow);
      if (answer) {
        setMembership({ following: answer.following });
        setCount(answer.followers);
      } else {
        // The session ended meanwhile: sign in first, then come back.
        setMembership('signed-out');
        setCount(previousCount);
        await navigate(loginPath);
      }
    } catch {
      setMembership({ following });
      setCount(previousCount);
      setMessage(
        follow
          ? 'Could not follow this game. Please try again.'
          : 'Could not unfollow this game. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  let control;
  if (!session || membership === 'signed-out') {
    control = (
      <Link className="follow-button" to={loginPath}>
        Follow
      </Link>
    );
  } else {
    const following = typeof membership === 'object' && membership.following;
    const waiting = membership === 'unknown' || busy;
    control = (
      <button
        type="button"
        className="follow-button"
        aria-pressed={following}
        aria-disabled={waiting || undefined}
        onClick={() => {
          if (!waiting) void toggle(following);
        }}
      >
        {following ? 'Following' : 'Follow'}
      </button>
    );
  }

  return (
    <div className="follow-game">
      <p className="followers">{followersLabel(count)}</p>
      {control}
      <p className="follow-message" role="status">
        {message}
      </p>
    </div>
  );
}
