import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { robotsTxt } from './robots.ts';
import { sitemapRoutes } from './sitemap.ts';

/** What search engines read besides the pages: robots.txt and the sitemaps (`sitemapPageSize` URLs a child). */
export function seoRoutes(sitemapPageSize: number) {
  return new Hono<AppEnv>().get('/robots.txt', robotsTxt).route('/', sitemapRoutes(sitemapPageSize));
}
