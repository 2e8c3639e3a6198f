import { $ } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { apiError } from '../api-error.ts';
import { apiDocument } from './api-document.ts';
import { apiRoutes } from './route-definition.ts';
import { accountsApi } from './accounts.ts';
import { meApi } from './me.ts';
import { firstVisitApi } from './first-visit.ts';
import { pageViewsApi } from './page-views.ts';
import { pagesApi } from './pages.ts';
import { blocksApi } from './blocks.ts';
import { browseApi } from './browse.ts';
import { commentsApi } from './comments.ts';
import { developerApi } from './developer.ts';
import { deviceBindingsApi } from './device-bindings.ts';
import { deviceSignInApi } from './device-sign-in.ts';
import { editorApi } from './editor.ts';
import { feedApi } from './feed.ts';
import { hiddenTagsApi } from './hidden-tags.ts';
import { followsApi } from './follows.ts';
import { likesApi } from './likes.ts';
import { libraryApi } from './library.ts';
import { notificationsApi } from './notifications.ts';
import { openApiReference } from './openapi.ts';
import { postsApi } from './posts.ts';
import { profilesApi } from './profiles.ts';
import { profileImagesApi } from './profile-images.ts';
import { reportsApi } from './reports.ts';
import { searchApi } from './search.ts';
import { ratingsApi } from './ratings.ts';
import { reviewsApi } from './reviews.ts';
import { shelvesApi } from './shelves.ts';
import { suggestionsApi } from './suggestions.ts';
import { tasteApi } from './taste.ts';
import { votesApi } from './votes.ts';

/**
 * The largest request body any endpoint takes. The biggest payload today is a profile change (2,000 + 160
 * characters of text and a 2,048-character address: under 10 KB as UTF-8 JSON, even in non-Latin
 * scripts); an endpoint that needs more (an image upload) sets its own limit.
 */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;

/**
 * Bodies past the limit answer 413 before any handler or validator reads them, so nothing is written.
 * Hono's bodyLimit checks a declared Content-Length at once and counts a chunked body as it arrives.
 * https://hono.dev/docs/middleware/builtin/body-limit
 */
const boundedBody = bodyLimit({
  maxSize: MAX_REQUEST_BODY_BYTES,
  onError() {
    throw apiError(413, 'payload-too-large', {
      message: 'This request is too large.',
      detail: 'request body over the limit',
    });
  },
});

/**
 * The API's routes: one router per area of the product, mounted here. Its type is the browser's client
 * (client/browser/api-routes.ts), and its definitions are the OpenAPI document.
 */
const routes = $(
  apiRoutes()
    // Before the JSON limit, which then never runs for it: an image upload sets its own (2 MB).
    .route('/users/me/images', profileImagesApi)
    .use(boundedBody),
)
  .route('/pages', pagesApi)
  .route('/page-views', pageViewsApi)
  .route('/me', meApi)
  .route('/me', firstVisitApi)
  .route('/accounts', accountsApi)
  .route('/blocks', blocksApi)
  .route('/browse', browseApi)
  .route('/comments', commentsApi)
  .route('/developer', developerApi)
  .route('/editor', editorApi)
  .route('/feed', feedApi)
  .route('/functions', deviceSignInApi)
  .route('/functions', deviceBindingsApi)
  .route('/follows', followsApi)
  .route('/hidden-tags', hiddenTagsApi)
  .route('/likes', likesApi)
  .route('/library', libraryApi)
  .route('/notifications', notificationsApi)
  .route('/posts', postsApi)
  .route('/profiles', profilesApi)
  .route('/reports', reportsApi)
  .route('/', reviewsApi)
  .route('/search', searchApi)
  .route('/', shelvesApi)
  .route('/', ratingsApi)
  .route('/suggestions', suggestionsApi)
  .route('/users', tasteApi)
  .route('/votes', votesApi);

/** The JSON API under /api: its routes, their OpenAPI document (/openapi.json) and reference (/docs). */
export const api = routes
  .route(
    '/',
    openApiReference(() => apiDocument(routes)),
  )
  .all('*', () => {
    throw apiError(404, 'not-found', { message: 'No such API endpoint.' });
  });
