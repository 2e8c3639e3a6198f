import { Hono } from 'hono';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { accountsApi } from './accounts.ts';
import { meApi } from './me.ts';
import { pageViewsApi } from './page-views.ts';
import { pagesApi } from './pages.ts';

/** The JSON API under /api: one sub-app per area of the product, mounted here. */
export const api = new Hono<AppEnv>()
  .route('/pages', pagesApi)
  .route('/page-views', pageViewsApi)
  .route('/me', meApi)
  .route('/accounts', accountsApi)
  .all('*', () => {
    throw apiError(404, 'not-found', { message: 'No such API endpoint.' });
  });
