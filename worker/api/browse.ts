import { browsePageDataSchema } from '../../shared/api/browse-page-answer.ts';
import { catalogueQuerySchema, catalogueSelectionOf } from '../../shared/schemas/catalogue-selection.ts';
import { browsePageData } from '../browse/browse-page-data.ts';
import { apiRoutes, jsonAnswer, memberRoute } from './route-definition.ts';

const browsePage = memberRoute({
  method: 'get',
  path: '/',
  // The browse page's bundle, shaped for that page: left out of the document.
  hide: true,
  summary: 'The browse page’s bundle for the caller',
  request: { query: catalogueQuerySchema },
  responses: { 200: jsonAnswer(browsePageDataSchema, 'The bundle.') },
});

/**
 * `GET /api/browse?genre|tag=<slug>&after=<cursor>`: the browse page's bundle for the signed-in caller, as
 * the browser's guard loads it on a client navigation (the server render reads the same, see
 * worker/browse/session-source.ts). It is the member's own: never cached.
 */
export const browseApi = apiRoutes().openapi(browsePage, async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const selection = catalogueSelectionOf(c.req.valid('query'));
  return c.json(await browsePageData(c.var.database, c.var.user, selection), 200);
});
