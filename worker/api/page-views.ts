import { Hono } from 'hono';
import { pageViewSchema } from '../../shared/schemas/page-view.ts';
import { recordPageView } from '../analytics/record-page-view.ts';
import type { AppEnv } from '../app-env.ts';
import { validate } from '../validate.ts';
import { limitPageViews } from '../rate-limit/limits.ts';

/** Page views sent by the browser after each completed navigation. */
export const pageViewsApi = new Hono<AppEnv>().post(
  '/',
  limitPageViews,
  validate('json', pageViewSchema),
  (c) => {
    const view = c.req.valid('json');
    c.executionCtx.waitUntil(
      recordPageView(c.env, c.var.database, view, c.req.header('cf-ipcountry')).catch((error: unknown) => {
        console.error('Recording a page view failed', error);
      }),
    );
    return c.body(null, 204);
  },
);
