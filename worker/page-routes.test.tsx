import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { useRequestContext } from '@hono/react-renderer';
import { data, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicDatabaseContext } from '../client/page-data-context.ts';
import { routes } from '../client/routes.tsx';
import { GAME } from '../shared/records/record-kinds.ts';
import { readRecord } from '../shared/records/read-records.ts';
import { createApp } from './app.ts';
import { dropEdgeCopy } from './edge-cache.ts';
import { hydrationData } from './test-support/page-state.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

// A page type is its route, its loader and its component: a page defined here, added to the route table
// and nothing else, is rendered by the Worker, embedded for hydration and served to client navigations.
const env = testEnv();

/** The new page's loader: one game by its deep link, from the public database the Worker gives loaders. */
async function spotlightLoader({ context, params }: LoaderFunctionArgs) {
  const game = await readRecord(context.get(publicDatabaseContext), GAME, params.deepLink ?? '');
  if (!game) throw data({ topGames: [] }, { status: 404 });
  return { name: game.name, followers: game.follows };
}

function SpotlightPage() {
  const { name, followers } = useLoaderData<typeof spotlightLoader>();
  return (
    <section>
      <h1>Spotlight: {name}</h1>
      <p>{followers} followers</p>
    </section>
  );
}

const spotlight: RouteObject = {
  id: 'spotlight',
  path: 'spotlight/:deepLink',
  loader: spotlightLoader,
  Component: SpotlightPage,
};

const broken: RouteObject = {
  id: 'broken',
  path: 'broken',
  loader: () => {
    throw new Error(`could not reach ${env.FIREBASE_DATABASE_URL}`);
  },
  Component: () => <h1>Never shown</h1>,
};

// A page rendered on the server only, reading the request where it is rendered (the pages' renderer,
// render/page-renderer.tsx, gives every page's tree the request: @hono/react-renderer's useRequestContext).
const whoAsks: RouteObject = {
  id: 'who-asks',
  path: 'who-asks',
  Component: function WhoAsks() {
    const c = useRequestContext();
    return <h1>Asked in {c.req.header('accept-language') ?? 'no language'}</h1>;
  },
};

/** The app's route table with pages added beside the others (before the catch-all). */
function withPages(table: RouteObject[], added: RouteObject[]): RouteObject[] {
  return table.map((route): RouteObject => {
    if (route.index === true) return route;
    const children = route.id === 'pages' ? [...added, ...(route.children ?? [])] : route.children;
    return { ...route, children: children && withPages(children, route.id === 'pages' ? [] : added) };
  });
}

/** A request to the app with the pages above added, or (`withoutAddedPages`) the app as it ships. */
async function request(path: string, { withoutAddedPages = false } = {}, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const app = createApp(withoutAddedPages ? {} : { routes: withPages(routes, [spotlight, broken, whoAsks]) });
  // The edge's copy is dropped before and after: every request runs the loaders of its own route table.
  const url = `http://questline.test${path}`;
  await dropEdgeCopy(url);
  const response = await app.request(url, init, env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  await dropEdgeCopy(url);
  return { response, body };
}

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    'games/celeste': { ...testGame('celeste', 'Celeste', 30), follows: 7 },
  });
});

describe('a page added to the route table and nowhere else', () => {
  it('is rendered by the Worker inside the layout, with its loader data embedded for hydration', async () => {
    const { response, body } = await request('/spotlight/celeste');
    expect(response.status).toBe(200);
    expect(body).toContain('<h1>Spotlight: <!-- -->Celeste</h1>');
    expect(body).toContain('Questline home');
    expect(hydrationData(body).loaderData.spotlight).toEqual({ name: 'Celeste', followers: 7 });
  });

  it('serves its data to client navigations from /api/pages', async () => {
    const { response, body } = await request('/api/pages/spotlight/celeste');
    expect(response.status).toBe(200);
    expect(JSON.parse(body)).toEqual({
      loaderData: { spotlight: { name: 'Celeste', followers: 7 } },
      errors: null,
    });
  });

  it('answers its not-found case with 404, rendered and as data', async () => {
    const rendered = await request('/spotlight/no-such-game');
    expect(rendered.response.status).toBe(404);
    expect(rendered.body).toContain('We couldn’t find that page');
    const { response, body } = await request('/api/pages/spotlight/no-such-game');
    expect(response.status).toBe(404);
    const answer = JSON.parse(body) as {
      loaderData: object;
      errors: { spotlight: { status: number; data: unknown } };
    };
    expect(answer.loaderData).toEqual({});
    expect(answer.errors.spotlight.status).toBe(404);
    expect(answer.errors.spotlight.data).toEqual({ topGames: [] });
  });

  it('runs only the loaders a client navigation asks for', async () => {
    const { response, body } = await request('/api/pages/spotlight/celeste?_routes=root');
    expect(response.status).toBe(200);
    expect(JSON.parse(body)).toEqual({ loaderData: {}, errors: null });
  });

  it('answers a loader failure with 500 and a generic error, without leaking it', async () => {
    const rendered = await request('/broken');
    expect(rendered.response.status).toBe(500);
    expect(rendered.body).toContain('Something went wrong');
    expect(rendered.body).not.toContain(env.FIREBASE_DATABASE_URL);
    const { response, body } = await request('/api/pages/broken');
    expect(response.status).toBe(500);
    expect(JSON.parse(body)).toEqual({
      loaderData: {},
      errors: { broken: { message: 'Unexpected Server Error' } },
    });
  });

  it('reads the request it is rendered for where it is rendered, as the same tree the browser hydrates', async () => {
    const { response, body } = await request('/who-asks', {}, { headers: { 'Accept-Language': 'fr-CA' } });
    expect(response.status).toBe(200);
    expect(body).toContain('<h1>Asked in <!-- -->fr-CA</h1>');
    // The renderer adds no element: the page's tree is #root's, whole, after the document's head.
    expect(body).toMatch(/<\/head><body><div id="root"><a class="skip-link" href="#main">/);
  });

  it('is unknown to the app without it: its address goes to the not-found page', async () => {
    const { response } = await request('/spotlight/celeste', { withoutAddedPages: true });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/404');
  });
});
