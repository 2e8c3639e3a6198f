import type { RouteObject } from 'react-router';
import { routeMatches } from './route-matches.ts';

// Whether a page's answer is worth a copy at the edge (worker/edge-cache.ts, `keepsCopy`): every page
// but those at an address a client can make up without bound, each of which would otherwise be stored
// for 11 minutes, so that one client asking for random ones would fill the Cache API.
//
// - The search results for a text. Folding the text first (case, spacing, accents) and storing only
//   pages that found something would not bound them: search matches any word of the text, with typos
//   (shared/search/search-index.ts), so "zelda <random>" finds Zelda. Not storing them costs little: the
//   search function answers from the index it keeps in memory, `GET /api/search` (what the header's box
//   asks as visitors type) keeps its own few seconds' answers, and a results page is rendered by the
//   server only when a visitor presses Enter on a page's first load or follows a shared link. `/search`
//   without a text is one page and is stored.
// - A list's page number written otherwise than the list's own links write it (`?page=01`, `?page=x`,
//   `?page=1.0` all show a page the loader reads as a number). Written plainly, the numbers are bounded
//   by the list itself: a page past its end is a 404, which is not stored.
// - The sign-in page with any parameter it reads but `?t=pwdrs` (the return from a password reset, which
//   the app writes itself): a reset link's one-time code (`oobCode`) and where to go after signing in
//   (`next`, any path) take any value, while the page itself reads no database. Sign-up reads none
//   (page-parameters.ts), so its one copy serves every address.
// Such a page is still answered as any other (its browser may keep it), only not stored at the edge.

/** A page number as the list's links write it: a whole number from 1, no sign, point or leading zero. */
const PLAIN_PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;

/** False for a page at an address without bound (see above); true for every other page. */
export function keepsPageCopy(routes: RouteObject[], url: string): boolean {
  const address = new URL(url);
  const page = routeMatches(routes, address.pathname)?.at(-1)?.route.id;
  if (page === 'search') return (address.searchParams.get('q') ?? '').trim() === '';
  if (page === 'login') {
    const kept = [...address.searchParams];
    return kept.length === 0 || (kept.length === 1 && address.searchParams.get('t') === 'pwdrs');
  }
  if (page === 'list') {
    const number = address.searchParams.get('page');
    return number === null || PLAIN_PAGE_NUMBER.test(number);
  }
  return true;
}
