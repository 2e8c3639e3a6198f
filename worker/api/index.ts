import { Hono } from 'hono';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { accountsApi } from './accounts.ts';
import { meApi } from './me.ts';
import { pageViewsApi } from './page-views.ts';
import { pagesApi } from './pages.ts';
import { blocksApi } from './blocks.ts';
import { commentsApi } from './comments.ts';
import { followsApi } from './follows.ts';
import { likesApi } from './likes.ts';
import { postsApi } from './posts.ts';
import { profilesApi } from './profiles.ts';
import { suggestionsApi } from './suggestions.ts';
import { votesApi } from './votes.ts';

/** The JSON API under /api: one sub-app per area of the product, mounted here. */
export const api = new Hono<AppEnv>()
  .route('/pages', pagesApi)
  .route('/page-views', pageViewsApi)
  .route('/me', meApi)
  .route('/accounts', accountsApi)
  .route('/blocks', blocksApi)
  .route('/comments', commentsApi)
  .route('/follows', followsApi)
  .route('/likes', likesApi)
  .route('/posts', postsApi)
  .route('/profiles', profilesApi)
  .route('/suggestions', suggestionsApi)
  .route('/votes', votesApi)
  .all('*', () => {
    throw apiError(404, 'not-found', { message: 'No such API endpoint.' });
  });
