import { createStaticHandler, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../client/routes.tsx';
import { routeMatches } from './route-matches.ts';

const { dataRoutes } = createStaticHandler(routes);
const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id) ?? null;

describe('route matches remembered per address', () => {
  it('are the matches react-router answers, asked once or again', () => {
    for (const pathname of [
      '/',
      '/game/portal-2',
      '/user/ana_roguelites',
      '/lists/games/x',
      '/no/such/page',
    ]) {
      const expected = matchRoutes(dataRoutes, pathname);
      expect(ids(routeMatches(dataRoutes, pathname))).toEqual(ids(expected));
      const again = routeMatches(dataRoutes, pathname);
      expect(ids(again)).toEqual(ids(expected));
      expect(again?.at(-1)?.params).toEqual(expected?.at(-1)?.params);
    }
  });

  it('stay right for any number of addresses (only so many are remembered)', () => {
    for (let i = 0; i < 1500; i++) routeMatches(dataRoutes, `/game/game-${String(i)}`);
    expect(routeMatches(dataRoutes, '/game/game-3')?.at(-1)?.params).toEqual({ deepLink: 'game-3' });
    expect(routeMatches(dataRoutes, '/game/game-1499')?.at(-1)?.params).toEqual({ deepLink: 'game-1499' });
  });

  it('are kept apart per route table', () => {
    const other = createStaticHandler([{ id: 'only', path: '/game/:deepLink' }]).dataRoutes;
    expect(ids(routeMatches(other, '/game/portal-2'))).toEqual(['only']);
    expect(ids(routeMatches(dataRoutes, '/game/portal-2'))).toEqual(
      ids(matchRoutes(dataRoutes, '/game/portal-2')),
    );
  });
});
