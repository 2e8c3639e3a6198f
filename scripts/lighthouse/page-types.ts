// Every public page type, each with one address of the demo data (the browser tests' EXAMPLE_URLS), and
// the audits a page type fails on purpose.

export interface PageType {
  name: string;
  path: string;
  /** The status the page answers with: the not-found page must say 404. */
  status: number;
  /**
   * Audits this page type fails by design. They still show in the report; the goal is judged on the
   * others.
   */
  expectedFailures?: Record<string, ExpectedFailure>;
}

export interface ExpectedFailure {
  reason: string;
  /** Expected only when every row the audit failed on matches (any other row is a real failure). */
  onlyRows?: RegExp;
}

/** Pages that ask search engines not to index them (README: search results, sign-in and sign-up). */
const NOT_INDEXED = (what: string): Record<string, ExpectedFailure> => ({
  'is-crawlable': { reason: `${what} asks not to be indexed (noindex)` },
});

export const PAGE_TYPES: readonly PageType[] = [
  { name: 'home', path: '/', status: 200 },
  { name: 'game', path: '/game/portal-2', status: 200 },
  { name: 'user', path: '/user/ana_roguelites', status: 200 },
  { name: 'event', path: '/event/the-game-awards-2019', status: 200 },
  { name: 'list', path: '/lists/games/indie-essentials', status: 200 },
  {
    name: 'search',
    path: '/search?q=portal',
    status: 200,
    expectedFailures: NOT_INDEXED('a page of search results, other pages’ links,'),
  },
  { name: 'login', path: '/login', status: 200, expectedFailures: NOT_INDEXED('the sign-in form') },
  { name: 'signup', path: '/signup', status: 200, expectedFailures: NOT_INDEXED('the sign-up form') },
  {
    // Where any unknown address ends (measured there, so that the redirect does not count).
    name: '404',
    path: '/404',
    status: 404,
    expectedFailures: {
      'http-status-code': { reason: 'a missing page must answer 404, or search engines would keep it' },
      'is-crawlable': { reason: 'a missing page asks not to be indexed (noindex)' },
      'errors-in-console': {
        reason: 'Chromium logs the page’s own 404 as a failed load',
        onlyRows:
          /^Failed to load resource: the server responded with a status of 404 \(Not Found\) — http:\/\/[^/]+\/404$/,
      },
    },
  },
];

/** Page types chosen by name (`--pages game,user`); all of them when none are named. */
export function selectPageTypes(names: readonly string[]): PageType[] {
  if (names.length === 0) return [...PAGE_TYPES];
  return names.map((name) => {
    const found = PAGE_TYPES.find((pageType) => pageType.name === name);
    if (!found) {
      const known = PAGE_TYPES.map((pageType) => pageType.name).join(', ');
      throw new Error(`No page type "${name}"; the page types are ${known}.`);
    }
    return found;
  });
}
