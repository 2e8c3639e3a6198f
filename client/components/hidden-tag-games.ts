import { useEffect, useState } from 'react';
import { callApi } from './browser-capabilities.ts';
import { useBrowserSession } from './browser-session.ts';

// Public pages are rendered alike for everyone (and cached at the edge), so the games a signed-in member
// does not want to see (a tag they hide, issue 12) leave a public page's grids only after hydration.

const NONE: ReadonlySet<string> = new Set();

/**
 * Which of these games have a tag the signed-in member hides: none on the server, during hydration and for
 * a visitor; then what `GET /api/hidden-tags/games` answers (one request per set of games shown). When the
 * request fails, nothing is left out: the page stays as everyone sees it.
 */
export function useGamesWithHiddenTags(gameIds: readonly string[]): ReadonlySet<string> {
  const session = useBrowserSession();
  const [hidden, setHidden] = useState(NONE);
  const ids = gameIds.join(',');
  useEffect(() => {
    if (!session || ids === '') return undefined;
    let current = true;
    callApi((api) => api['hidden-tags'].games.$get({ query: { ids } })).then(
      (answer) => {
        if (current) setHidden(new Set(answer.hidden));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [session, ids]);
  return hidden;
}
