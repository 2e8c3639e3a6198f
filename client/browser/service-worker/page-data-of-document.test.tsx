import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  data,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageDataOfDocument, titleOfDocument } from './page-data-of-document.ts';

/** A page rendered as the Worker renders one: React Router's static handler and provider. */
async function renderedPage(route: RouteObject, path: string): Promise<string> {
  const handler = createStaticHandler([{ id: 'root', path: '/', children: [route] }]);
  const context = await handler.query(new Request(`https://questline.example${path}`));
  if (context instanceof Response) throw new Error('Unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} />);
}

describe('the data of a kept page', () => {
  it('is read back from its HTML as the page-data endpoint answers it, however odd the text', async () => {
    const game = { name: 'Tom & Jerry </script><script>alert(1)</script> — “quoted” \u2028', follows: 3 };
    const html = await renderedPage(
      { id: 'game', path: 'game/:deepLink', loader: () => ({ game }), Component: () => <h1>{game.name}</h1> },
      '/game/tom-and-jerry',
    );
    expect(pageDataOfDocument(html)).toEqual({ loaderData: { game: { game } }, errors: null });
  });

  it('carries a not-found page’s 404 with its data, as a client navigation expects it', async () => {
    const html = await renderedPage(
      {
        id: 'game',
        path: 'game/:deepLink',
        loader: () => {
          throw data({ topGames: [{ name: 'Hades' }] }, { status: 404 });
        },
        Component: () => <h1>Never shown</h1>,
        ErrorBoundary: () => <h1>Not found</h1>,
      },
      '/game/none',
    );
    const answer = pageDataOfDocument(html);
    expect(answer?.errors?.game).toMatchObject({ status: 404, data: { topGames: [{ name: 'Hades' }] } });
  });

  it('is nothing for HTML without page state', () => {
    expect(pageDataOfDocument('<!doctype html><title>Offline</title>')).toBeNull();
    expect(pageDataOfDocument('window.__staticRouterHydrationData = JSON.parse("{not json");')).toBeNull();
  });
});

describe('the title of a kept page', () => {
  it('is the text of its <title>, entities decoded', () => {
    expect(titleOfDocument('<head><title>Tom &amp; Jerry&#x27;s · Questline</title></head>')).toBe(
      "Tom & Jerry's · Questline",
    );
    expect(titleOfDocument('<p>no title</p>')).toBe('');
  });
});
