import type { Params } from 'react-router';
import { isGuestName } from '../../shared/auth/account-api.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import { usernameSchema } from '../../shared/schemas/user.ts';

/**
 * Pages whose document head is sent before their loaders read the database, and the status that goes
 * out with it. The HTTP status leaves with the first byte, so a page may start early only when nothing
 * its loaders can still decide changes what the status line or the headers must say:
 *
 * - Only pages whose loaders never redirect. The browse guard (it redirects by session) and the
 *   catch-all (it redirects to /404 without reading anything) are not here: they answer as before.
 * - A not-found known from the URL alone keeps its real 404: a deep link or profile name that fails its
 *   schema is answered 404 by the loader without reading the record, so such a URL does not start
 *   early (the checks below are the loaders' own, from the same shared schemas; the worker tests of each
 *   page check that such a URL still answers 404). /404 always answers 404, so it starts early with it.
 * - A record that turns out to be missing (or failing) once read is known only after the head left with
 *   200: the page then carries the not-found screen with `<meta name="robots" content="noindex">` and its
 *   canonical URL, as Next.js does for a not-found found while streaming; search engines drop a noindex
 *   page as they drop a 404. The final status is kept for the edge cache (`settledStatusOf` in
 *   render-page.tsx), which remembers the address as missing (it stores no copy of a 404) and answers
 *   a repeat with the status it settles on: the real 404.
 * - Search is not here: its 400 (a query too long) and 503 (search unavailable) are answers clients read.
 */
const EARLY_START: Record<string, (params: Params) => boolean> = {
  home: () => true,
  game: ({ deepLink }) => deepLinkSchema.safeParse(deepLink).success,
  event: ({ deepLink }) => deepLinkSchema.safeParse(deepLink).success,
  list: ({ deepLink }) => deepLinkSchema.safeParse(deepLink).success,
  user: ({ profileName }) => usernameSchema.safeParse(profileName).success || isGuestName(profileName),
  'not-found': () => true,
};

/** Status of the not-found route, known from its URL alone. */
const STATUS_OF_ROUTE: Record<string, number> = { 'not-found': 404 };

/**
 * The status to send the page's head with before its data is read, or null when the page must wait for
 * its loaders (see EARLY_START).
 */
export function earlyStatusOf(routeId: string, params: Params): number | null {
  const startsEarly = Object.hasOwn(EARLY_START, routeId) ? EARLY_START[routeId] : undefined;
  if (!startsEarly?.(params)) return null;
  return STATUS_OF_ROUTE[routeId] ?? 200;
}
