/**
 * An example of each page type in the demo data (as tests/e2e/game-page.spec.ts's EXAMPLE_URLS): the
 * pages `npm run bench` measures and scripts/bench/profile-pages.ts profiles.
 */
export const BENCH_PAGES = {
  home: '/',
  game: '/game/portal-2',
  user: '/user/ana_roguelites',
  event: '/event/the-game-awards-2019',
  list: '/lists/games/indie-essentials',
  'not-found': '/game/no-such-game',
} as const;

/**
 * The search results page (22 games found, each with its icon): its Worker asks the `http-doSearch`
 * function rather than the database, so it is measured only where the bench has started the Functions
 * emulator (bench-functions.ts), and it is kept apart from BENCH_PAGES, whose rows behind the 20 ms
 * database proxy count database reads a search page does not make.
 */
export const SEARCH_BENCH_PAGE = { search: '/search?q=portal' } as const;
