import type { OpenApiDocument } from './api-document.ts';
import { apiRoutes } from './route-definition.ts';
import { $ } from '@hono/zod-openapi';
import { referencePage } from './openapi-reference-page.ts';
import { REFERENCE_STYLESHEET } from './openapi-reference-style.ts';

/**
 * The same for everyone and changed only by a deployment: browsers keep it five minutes, Cloudflare's
 * edge an hour. https://developers.cloudflare.com/cache/concepts/cache-control/
 */
const PUBLIC_REFERENCE = 'public, max-age=300, s-maxage=3600';

/** Where the reference page's stylesheet is served. */
const STYLESHEET_PATH = '/api/docs.css';

/**
 * The page loads nothing but its stylesheet and the site's icon, and runs no script: the strictest policy
 * that still shows it, whatever the pages' own policy allows.
 */
const REFERENCE_PAGE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The public API's documentation: `/openapi.json` (OpenAPI 3.1, built once per isolate from the routes'
 * definitions, worker/api/api-document.ts) and `/docs`, the same as a page people read.
 */
export const openApiReference = (publicApiDocument: () => OpenApiDocument) =>
  $(
    apiRoutes()
      .get('/openapi.json', (c) => {
        return c.body(JSON.stringify(publicApiDocument()), 200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': PUBLIC_REFERENCE,
          // Readable by API tools running on other sites (the document holds nothing private).
          'Access-Control-Allow-Origin': '*',
        });
      })
      .get('/docs', (c) =>
        c.html(referencePage(publicApiDocument(), new URL(c.req.url).origin, STYLESHEET_PATH), 200, {
          'Cache-Control': PUBLIC_REFERENCE,
          'Content-Security-Policy': REFERENCE_PAGE_POLICY,
        }),
      )
      .get('/docs.css', (c) =>
        c.body(REFERENCE_STYLESHEET, 200, {
          'Content-Type': 'text/css; charset=utf-8',
          'Cache-Control': PUBLIC_REFERENCE,
        }),
      ),
  );
