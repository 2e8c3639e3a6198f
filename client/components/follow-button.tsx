import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import type { FollowTargetType } from '../../shared/schemas/follow.ts';
import { useBrowserSession } from './browser-session.ts';
import { FollowersCount } from './followers-count.tsx';

/** The member's toggle: its code loads only in a browser holding a session, after hydration. */
const FollowToggle = lazy(() =>
  import('./follow-toggle.tsx').then((module) => ({ default: module.FollowToggle })),
);

/**
 * A user's, game's, event's or list's follower count with its Follow button. The server renders the
 * signed-out form (a link to sign in, coming back to this page) so that the page stays the same for every
 * visitor; in a browser holding a session the member's toggle (follow-toggle.tsx) loads after hydration
 * and takes its place, so a page's first load carries the count and the link alone. Key it by target so
 * that its state does not carry over to the next page of the same type.
 */
export function FollowButton(props: {
  type: FollowTargetType;
  targetId: string;
  /** The follower count the page was rendered with. */
  followers: number;
}) {
  const session = useBrowserSession();
  const { pathname } = useLocation();
  const signedOut = (
    <div className="follow-control">
      <FollowersCount count={props.followers} />
      <Link
        className="pill-button pill-button-filled follow-button"
        to={`/login?next=${encodeURIComponent(pathname)}`}
      >
        Follow
      </Link>
      <p className="follow-message" role="status" />
    </div>
  );
  if (!session) return signedOut;
  return (
    <Suspense fallback={signedOut}>
      <FollowToggle {...props} />
    </Suspense>
  );
}
