import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

/** Every route of the table, children included. */
function everyRoute(table: RouteObject[]): RouteObject[] {
  return table.flatMap((route) => [route, ...everyRoute(route.children ?? [])]);
}

describe('route table', () => {
  // The Worker preloads a page's chunks by this convention (worker/client-assets.ts): a page whose module
  // were named otherwise would render, then hydrate only after its script had been fetched.
  it('loads each lazy page from client/pages/<route id>-page.tsx, the module preloaded for that route', async () => {
    const lazyRoutes = everyRoute(routes).filter((route) => typeof route.lazy === 'function');
    expect(lazyRoutes.map((route) => route.id)).toEqual(
      expect.arrayContaining(['home', 'game', 'not-found', 'browse']),
    );
    for (const route of lazyRoutes) {
      if (typeof route.lazy !== 'function') continue;
      const loaded = await route.lazy();
      const pageModule: unknown = await import(/* @vite-ignore */ `./pages/${String(route.id)}-page.tsx`);
      expect(loaded.Component, `route ${String(route.id)}`).toBeTypeOf('function');
      expect(pageModule, `route ${String(route.id)}`).toHaveProperty('Component', loaded.Component);
    }
  });
});
