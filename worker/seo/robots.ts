import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/**
 * `/robots.txt`: crawl the pages, not the JSON API, and find every page through the sitemap index. The
 * Sitemap line must be an absolute URL, so it is written for the host that was asked.
 * https://www.rfc-editor.org/rfc/rfc9309 https://www.sitemaps.org/protocol.html#submit_robots
 */
export function robotsTxt(c: Context<AppEnv>): Response {
  const origin = new URL(c.req.url).origin;
  c.header('Cache-Control', 'public, max-age=86400');
  return c.text(
    ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'),
  );
}
