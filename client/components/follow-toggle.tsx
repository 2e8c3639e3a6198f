import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { followChangeSchema, followCheckSchema } from '../../shared/schemas/api-answers.ts';
import type { FollowTargetType } from '../../shared/schemas/follow.ts';
import { callApi, type ApiFailure } from './browser-capabilities.ts';
import { useBrowserSession } from './browser-session.ts';
import { tooOftenMessage } from './too-often.ts';
import { FollowersCount } from './followers-count.tsx';

/** Whether the member follows the target: unknown until the API has answered; `self` on one's own page. */
type Membership = 'unknown' | 'signed-out' | 'self' | { following: boolean };

/** How each kind of target is named in the button's messages. */
const TARGET_NOUN: Record<FollowTargetType, string> = {
  user: 'member',
  game: 'game',
  event: 'event',
  list: 'list',
};

/** True when an API call failed because nobody is signed in (any more). */
function signedOut(error: unknown): boolean {
  return error instanceof Error && (error as Partial<ApiFailure>).code === 'unauthenticated';
}

/** The API's answer for the signed-in visitor; null when signed out. */
async function asMember<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (signedOut(error)) return null;
    throw error;
  }
}

/** The API's words when the member may not follow (403: the member to follow blocked them). */
function refusedMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return (error as Partial<ApiFailure>).code === 'forbidden' ? error.message : undefined;
}

/** The caller's follow state of a target, as its route answers it. */
type FollowCheck = z.infer<typeof followCheckSchema>;
/** What a follow or an unfollow did, as its route answers it. */
type FollowState = z.infer<typeof followChangeSchema>;

const readFollow = (type: FollowTargetType, targetId: string): Promise<FollowCheck | null> =>
  asMember(() => callApi((api) => api.follows[':type'][':targetId'].$get({ param: { type, targetId } })));

/** Follows (PUT) or unfollows (DELETE) the target; both idempotent. */
const changeFollow = (
  type: FollowTargetType,
  targetId: string,
  follow: boolean,
): Promise<FollowState | null> =>
  asMember(() =>
    callApi((api) => {
      const target = api.follows[':type'][':targetId'];
      return follow
        ? target.$put({ param: { type, targetId } })
        : target.$delete({ param: { type, targetId } });
    }),
  );

/**
 * The member's Follow button (follow-button.tsx loads this module after hydration in a browser holding a
 * session): it asks the API whether its member follows the target, and the sign-in link becomes a toggle
 * button (none on a member's own page: nobody follows themself). Following and unfollowing are shown at
 * once and undone if the API refuses.
 */
export function FollowToggle({
  type,
  targetId,
  followers,
}: {
  type: FollowTargetType;
  targetId: string;
  /** The follower count the page was rendered with. */
  followers: number;
}) {
  const session = useBrowserSession();
  const [membership, setMembership] = useState<Membership>('unknown');
  const [count, setCount] = useState(followers);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const loginPath = `/login?next=${encodeURIComponent(pathname)}`;
  const noun = TARGET_NOUN[type];

  useEffect(() => {
    if (!session) return;
    let current = true;
    readFollow(type, targetId).then(
      (state) => {
        if (!current) return;
        if (!state) setMembership('signed-out');
        else setMembership(state.self ? 'self' : { following: state.following });
        if (state) setCount(state.followers);
      },
      () => {
        if (!current) return;
        // Following is idempotent: offering "Follow" cannot do harm if the member already does.
        setMembership({ following: false });
        setMessage(`Could not check whether you follow this ${noun}.`);
      },
    );
    return () => {
      current = false;
    };
  }, [session, type, targetId, noun]);

  async function toggle(following: boolean) {
    const previousCount = count;
    const follow = !following;
    setBusy(true);
    setMessage('');
    setMembership({ following: follow });
    setCount(Math.max(0, previousCount + (follow ? 1 : -1)));
    try {
      const answer = await changeFollow(type, targetId, follow);
      if (answer) {
        setMembership({ following: answer.following });
        setCount(answer.followers);
      } else {
        // The session ended meanwhile: sign in first, then come back.
        setMembership('signed-out');
        setCount(previousCount);
        await navigate(loginPath);
      }
    } catch (error) {
      setMembership({ following });
      setCount(previousCount);
      setMessage(
        tooOftenMessage(error) ??
          refusedMessage(error) ??
          (follow
            ? `Could not follow this ${noun}. Please try again.`
            : `Could not unfollow this ${noun}. Please try again.`),
      );
    } finally {
      setBusy(false);
    }
  }

  let control;
  if (membership === 'self') {
    control = null;
  } else if (!session || membership === 'signed-out') {
    control = (
      <Link className="pill-button pill-button-filled follow-button" to={loginPath}>
        Follow
      </Link>
    );
  } else {
    const following = typeof membership === 'object' && membership.following;
    const waiting = membership === 'unknown' || busy;
    control = (
      <button
        type="button"
        className="pill-button pill-button-filled follow-button"
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
    <div className="follow-control">
      <FollowersCount count={count} />
      {control}
      <p className="follow-message" role="status">
        {message}
      </p>
    </div>
  );
}
