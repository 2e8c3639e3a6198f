import { pageViewSchema } from '../../shared/schemas/page-view.ts';
import { recordPageView } from '../analytics/record-page-view.ts';
import { limitPageViews } from '../rate-limit/limits.ts';
import { apiRoutes, jsonBody, publicRoute } from './route-definition.ts';

/** The site's own analytics beacon: not for others to build on, so left out of the document. */
const pageView = publicRoute({
  method: 'post',
  path: '/',
  hide: true,
  summary: 'A page view',
  description: 'The final path of a completed navigation, sent by the site’s pages.',
  middleware: [limitPageViews],
  request: { body: jsonBody(pageViewSchema) },
  responses: { 204: { description: 'Recorded (or dropped); no body.' } },
});

/** Page views sent by the browser after each completed navigation. */
export const pageViewsApi = apiRoutes().openapi(pageView, (c) => {
  const view = c.req.valid('json');
  c.executionCtx.waitUntil(
    recordPageView(c.env, c.var.database, view, c.req.header('cf-ipcountry')).catch((error: unknown) => {
      console.error('Recording a page view failed', error);
    }),
  );
  return c.body(null, 204);
});
