import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { createServerPageDataSource } from '../page-data/server-page-data-source.ts';

/**
 * Page bundles as JSON, for client-side navigations: the same loaders the server render uses, so a
 * page looks the same whether it was rendered at the edge or in the browser.
 */
export const pagesApi = new Hono<AppEnv>()
  .get('/home', async (c) => c.json(await createServerPageDataSource(c.var.database.public).homePage()))
  .get('/game/:deepLink', async (c) => {
    const result = await createServerPageDataSource(c.var.database.public).gamePage(c.req.param('deepLink'));
    return c.json(result, result.found ? 200 : 404);
  })
  .get('/not-found', async (c) =>
    c.json(await createServerPageDataSource(c.var.database.public).notFoundPage()),
  );
