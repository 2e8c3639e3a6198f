import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../routes.tsx';
import {
  handlingOf,
  isKeepable,
  isPublicPage,
  pageDataKey,
  PUBLIC_PAGE_ROUTE_IDS,
} from './request-policy.ts';

const ORIGIN = 'https://questline.example';

function request(path: string, init: { method?: string; mode?: string; headers?: HeadersInit } = {}) {
  return {
    method: init.method ?? 'GET',
    url: new URL(path, ORIGIN).toString(),
    mode: init.mode ?? 'cors',
    headers: new Headers(init.headers),
  };
}

const navigation = (path: string) => request(path, { mode: 'navigate' });

function answer(status: number, cacheControl: string | null, extra: Record<string, string> = {}) {
  const headers = new Headers(extra);
  if (cacheControl !== null) headers.set('Cache-Control', cacheControl);
  return { status, type: 'basic', headers };
}

describe('what the service worker keeps for reading offline', () => {
  it('keeps the public pages opened: home, game, member, event, list (any page of it), not-found', () => {
    for (const path of ['/', '/game/hades', '/user/ana_roguelites', '/event/gdc-2031', '/lists/games/best']) {
      expect(handlingOf(navigation(path), ORIGIN), path).toEqual({ kind: 'page', page: path });
    }
    expect(handlingOf(navigation('/lists/games/best?page=2#top'), ORIGIN)).toEqual({
      kind: 'page',
      page: '/lists/games/best?page=2',
    });
    expect(handlingOf(navigation('/404'), ORIGIN)).toEqual({ kind: 'page', page: '/404' });
  });

  it('keeps a public page’s data under the page’s address, whichever routes were asked for', () => {
    expect(handlingOf(request('/api/pages/game/hades?_routes=game'), ORIGIN)).toEqual({
      kind: 'page-data',
      page: '/game/hades',
      routeIds: ['game'],
    });
    expect(handlingOf(request('/api/pages/?_routes=home'), ORIGIN)).toEqual({
      kind: 'page-data',
      page: '/',
      routeIds: ['home'],
    });
    expect(pageDataKey('/lists/games/best?page=2')).toBe('/api/pages/lists/games/best?page=2');
  });

  it('never keeps a member’s own pages, the sign-in pages or other paths', () => {
    for (const path of [
      '/browse',
      '/login',
      '/signup',
      '/login?t=pwdrs',
      '/game/hades/extra',
      '/no/such/page',
    ])
      expect(handlingOf(navigation(path), ORIGIN), path).toEqual({ kind: 'other-navigation' });
    expect(handlingOf(request('/api/pages/browse?_routes=browse'), ORIGIN)).toEqual({ kind: 'network' });
  });

  it('leaves writes, the API, credentials and other sites to the network', () => {
    expect(handlingOf(request('/api/me'), ORIGIN)).toEqual({ kind: 'network' });
    expect(handlingOf(request('/api/search?q=hades'), ORIGIN)).toEqual({ kind: 'network' });
    expect(handlingOf(request('/api/follows', { method: 'POST' }), ORIGIN)).toEqual({ kind: 'network' });
    expect(
      handlingOf(request('/api/pages/game/hades', { headers: { Authorization: 'Bearer token' } }), ORIGIN),
    ).toEqual({ kind: 'network' });
    expect(handlingOf(request('https://cdn.example/steam/hades.jpg'), ORIGIN)).toEqual({ kind: 'network' });
    expect(handlingOf(request('/sitemap.xml'), ORIGIN)).toEqual({ kind: 'network' });
  });

  it('serves content-hashed files from the cache first', () => {
    expect(handlingOf(request('/assets/entry-client-ABCD1234.js'), ORIGIN)).toEqual({ kind: 'asset' });
  });

  it('treats every page of the route table with Worker data as public, except browse', () => {
    const examples: Record<string, string> = {
      home: '/',
      game: '/game/portal-2',
      user: '/user/ana_roguelites',
      event: '/event/the-game-awards-2019',
      list: '/lists/games/indie-essentials',
      'not-found': '/404',
      login: '/login',
      signup: '/signup',
      browse: '/browse',
    };
    for (const [routeId, path] of Object.entries(examples)) {
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      expect(leaf?.id, path).toBe(routeId);
      const servedByWorker = typeof leaf?.loader === 'function' && routeId !== 'browse';
      expect(isPublicPage(path), path).toBe(servedByWorker);
      expect(PUBLIC_PAGE_ROUTE_IDS.includes(routeId), routeId).toBe(servedByWorker);
    }
  });
});

describe('which answers may be kept', () => {
  it('keeps what the Worker marks public: pages and not-found pages', () => {
    expect(isKeepable(answer(200, 'public, max-age=60, stale-while-revalidate=600'))).toBe(true);
    expect(isKeepable(answer(404, 'public, max-age=60, stale-while-revalidate=600'))).toBe(true);
    expect(isKeepable(answer(200, 'Public, No-Cache'))).toBe(true);
  });

  it('never keeps what was rendered for a session, or what says nothing', () => {
    expect(isKeepable(answer(200, 'private, no-store'))).toBe(false);
    expect(isKeepable(answer(200, 'public, no-store'))).toBe(false);
    expect(isKeepable(answer(200, 'public, private'))).toBe(false);
    expect(isKeepable(answer(200, null))).toBe(false);
    expect(isKeepable(answer(200, 'max-age=60'))).toBe(false);
    expect(isKeepable(answer(200, 'public', { 'Set-Cookie': '__session=x' }))).toBe(false);
  });

  it('never keeps redirects, errors or answers of another origin', () => {
    expect(isKeepable(answer(302, 'public'))).toBe(false);
    expect(isKeepable(answer(500, 'public'))).toBe(false);
    expect(isKeepable(answer(503, 'public'))).toBe(false);
    expect(isKeepable({ ...answer(200, 'public'), type: 'opaque' })).toBe(false);
    expect(isKeepable({ ...answer(0, 'public'), type: 'opaqueredirect' })).toBe(false);
  });
});
