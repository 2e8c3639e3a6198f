import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetPageData,
  keptPageData,
  PAGE_DATA_MAX_AGE_MS,
  PAGES_KEPT_PER_TYPE,
  rememberPageData,
} from './page-data-cache.ts';

const AT = Date.UTC(2031, 4, 17, 9, 30, 0);
const game = (name: string) => ({ loaderData: { game: { game: { name } } }, errors: null });

describe('page data kept in the browser', () => {
  beforeEach(() => {
    forgetPageData();
  });

  it('answers a page seen a moment ago as the Worker did, and asks again once it is old', () => {
    rememberPageData('/game/hades', ['game'], game('Hades'), AT);
    expect(keptPageData('/game/hades', ['game'], AT + 1000)).toEqual(game('Hades'));
    expect(keptPageData('/game/hades', ['game'], AT + PAGE_DATA_MAX_AGE_MS + 1)).toBeUndefined();
    expect(keptPageData('/game/celeste', ['game'], AT)).toBeUndefined();
    expect(keptPageData('/game/hades?page=2', ['game'], AT)).toBeUndefined();
  });

  it('keeps a not-found page as a marker with its 404 bundle, so it shows at its own address again', () => {
    const notFound = { status: 404, statusText: 'Not Found', data: { topGames: [{ uuid: 'hades' }] } };
    rememberPageData('/game/nope', ['game'], { loaderData: {}, errors: { game: notFound } }, AT);
    expect(keptPageData('/game/nope', ['game'], AT)).toEqual({ loaderData: {}, errors: { game: notFound } });
  });

  it('keeps neither redirects nor other failures, and needs every route asked for', () => {
    rememberPageData('/old', ['unknown-path'], { redirect: '/404', status: 302 }, AT);
    rememberPageData('/game/x', ['game'], { loaderData: {}, errors: { game: { message: 'boom' } } }, AT);
    rememberPageData('/', ['home'], { loaderData: { home: {} }, errors: null }, AT);
    expect(keptPageData('/old', ['unknown-path'], AT)).toBeUndefined();
    expect(keptPageData('/game/x', ['game'], AT)).toBeUndefined();
    expect(keptPageData('/', ['home', 'other'], AT)).toBeUndefined();
  });

  it(`keeps the ${PAGES_KEPT_PER_TYPE} most recent pages of each type`, () => {
    for (let n = 0; n <= PAGES_KEPT_PER_TYPE; n += 1)
      rememberPageData(`/game/g${n}`, ['game'], game(`G${n}`), AT);
    rememberPageData('/', ['home'], { loaderData: { home: {} }, errors: null }, AT);
    expect(keptPageData('/game/g0', ['game'], AT)).toBeUndefined();
    expect(keptPageData(`/game/g${PAGES_KEPT_PER_TYPE}`, ['game'], AT)).toEqual(
      game(`G${PAGES_KEPT_PER_TYPE}`),
    );
    expect(keptPageData('/', ['home'], AT)).toBeDefined();
  });

  it('forgets everything after a change the member makes', () => {
    rememberPageData('/game/hades', ['game'], game('Hades'), AT);
    forgetPageData();
    expect(keptPageData('/game/hades', ['game'], AT)).toBeUndefined();
  });
});
