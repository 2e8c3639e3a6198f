import { Link, useLocation } from 'react-router';
import type { ApiFailure } from '../browser-capabilities.ts';
import { tooOftenMessage } from '../too-often.ts';

// What a member's own choice of a game shares, whether a shelf (shelf-control.tsx, a card's shelf menu)
// or a score (ratings/rating-control.tsx): the way to sign in and come back, and how a failure reads.

/** True when an API call failed because nobody is signed in (any more). */
export function signedOut(error: unknown): boolean {
  return error instanceof Error && (error as Partial<ApiFailure>).code === 'unauthenticated';
}

/** The sign-in page, coming back to this one. */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

/** "Sign in to …", for a visitor (or a member whose session ended) where a member's buttons go. */
export function SignInTo({ action }: { action: string }) {
  return (
    <p className="shelf-sign-in">
      <Link to={useLoginPath()}>Sign in</Link> {`to ${action}.`}
    </p>
  );
}

/** What a failed change says: the API's words when the member goes too fast, else `otherwise`. */
export function changeFailure(error: unknown, otherwise: string): string {
  return tooOftenMessage(error) ?? otherwise;
}
