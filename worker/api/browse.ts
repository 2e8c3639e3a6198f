import { Hono } from 'hono';
import { catalogueQuerySchema, catalogueSelectionOf } from '../../shared/schemas/catalogue-selection.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { browsePageData } from '../browse/browse-page-data.ts';
import { validate } from '../validate.ts';

/**
 * `GET /api/browse?genre|tag=<slug>&after=<cursor>`: the browse page's bundle for the signed-in caller, as
 * the browser's guard loads it on a client navigation (the server render reads the same, see
 * worker/browse/session-source.ts). It is the member's own: never cached.
 */
export const browseApi = new Hono<AppEnv>().get(
  '/',
  requireUser,
  validate('query', catalogueQuerySchema),
  async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const selection = catalogueSelectionOf(c.req.valid('query'));
    return c.json(await browsePageData(c.var.database, c.var.user, selection));
  },
);
