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
