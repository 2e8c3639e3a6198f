import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { cachedPublicPage, cacheKeyFor } from '../edge-cache.ts';
import { limitUnlistedSitemapChildren } from '../rate-limit/limits.ts';
import { chunkStarts } from './sitemap-chunks.ts';
import {
  entriesInKeyOrder,
  SITEMAP_KINDS,
  SITEMAP_SOURCES,
  sitemapCursorSchema,
  type SitemapKind,
} from './sitemap-sources.ts';
import { escapeXml, sitemapIndexXml, urlsetXml } from './sitemap-xml.ts';

/**
 * URLs per child sitemap, and records per database read behind one. The protocol allows 50,000; 5,000
 * keeps one child one bounded read (5,000 game records are about 2.3 MB of JSON).
 * https://www.sitemaps.org/protocol.html#index
 */
export const SITEMAP_PAGE_SIZE = 5_000;

/**
 * Sitemaps change slowly and crawlers come rarely: an hour fresh at the edge, then served stale for a day
 * while one request refreshes it, so crawling the whole site costs a handful of database reads a day.
 */
const SITEMAP_FRESHNESS = { freshSeconds: 60 * 60, staleSeconds: 23 * 60 * 60 };

/**
 * The index is one document whatever the address says: it reads no parameter, so every one is dropped
 * from its cache key and its render, and `/sitemap.xml?from=<anything>` is a hit of the one stored copy.
 */
const SITEMAP_INDEX_CACHE = { ...SITEMAP_FRESHNESS, parameters: () => [] };

/**
 * A child sitemap is stored only when the index stored at the edge names it (the cursors it hands out,
 * one per child). Any key is a valid `from`, so a client asking for children at made-up keys would
 * otherwise leave a copy for each, kept a day. Such a child is still answered, read afresh, only not
 * stored: a crawler holding an index older than the stored one (a record added since moves
 * where the children start) gets the right pages, just not from the cache. Asking the stored index costs
 * one Cache API lookup on a child's miss and no database read, so a child stays one bounded read; where
 * no index is stored (none asked for here lately), its children are answered but not stored until it is.
 */
async function readIndexNamesChild(c: Context<AppEnv>): Promise<boolean> {
  // The address as keyed: `from` alone, as the index writes it (childUrl).
  const child = new URL(c.req.url);
  if (!child.searchParams.has('from')) return true;
  const index = await caches.default.match(cacheKeyFor(new URL('/sitemap.xml', child.origin).toString()));
  if (!index?.ok) return false;
  return (await index.text()).includes(`<loc>${escapeXml(child.toString())}</loc>`);
}

/** What the stored index said of a request's child, asked once: by the edge cache, then by the handler. */
const namedByIndex = new WeakMap<Context<AppEnv>, Promise<boolean>>();

function indexNamesChild(c: Context<AppEnv>): Promise<boolean> {
  let named = namedByIndex.get(c);
  if (!named) {
    named = readIndexNamesChild(c);
    namedByIndex.set(c, named);
  }
  return named;
}

const SITEMAP_CHILD_CACHE = {
  ...SITEMAP_FRESHNESS,
  // A child sitemap is the one starting at `from`; no other parameter makes a new copy.
  parameters: () => ['from'],
  keepsCopy: indexNamesChild,
};

const XML = { 'Content-Type': 'application/xml; charset=utf-8' };

const CHILD_FILE = /^(home|games|events|lists|users)\.xml$/;

function originOf(c: Context<AppEnv>): string {
  return new URL(c.req.url).origin;
}

/** The address of the child sitemap of `kind` starting at the key `from` (the first child has none). */
function childUrl(origin: string, kind: SitemapKind, from: string | null): string {
  const url = new URL(`/sitemaps/${kind}.xml`, origin);
  if (from !== null) url.searchParams.set('from', from);
  return url.toString();
}

/** Where each child sitemap of `kind` starts: one read of the node's keys (and of list summaries). */
async function childStarts(c: Context<AppEnv>, kind: SitemapKind, limit: number): Promise<(string | null)[]> {
  const source = SITEMAP_SOURCES[kind];
  // The one read of whole collections a visitor can cause, on purpose: the index must know every start.
  // A shallow read answers the keys alone; it cannot be combined with a query, so it reads every key,
  // which at 20,000 games is about 0.5 MB (lists-public's values: one small summary per curated list).
  // https://firebase.google.com/docs/reference/rest/database#section-param-shallow
  // It is bounded in time instead: the index keeps no parameter (SITEMAP_INDEX_CACHE), so it is made at
  // most once per location an hour, refreshed behind the stored copy.
  const node = await c.var.database.server.get(
    source.root,
    source.indexNeedsValues ? undefined : { shallow: true },
  );
  const entries = entriesInKeyOrder(node);
  return chunkStarts(entries.map(source.weight), limit).map((start, index) =>
    index === 0 ? null : (entries[start]?.key ?? null),
  );
}

function unavailable(c: Context<AppEnv>, error: unknown): Response {
  console.error(`Sitemap ${new URL(c.req.url).pathname} failed`, error);
  c.header('Retry-After', '60');
  return c.text('The sitemap is unavailable just now.', 503);
}

/**
 * The sitemap index at `/sitemap.xml` (https://www.sitemaps.org/protocol.html#index): the home page's
 * sitemap, then the games', events', curated lists' and members' children, each of at most `limit` URLs.
 * A child is named by the key it starts at (`/sitemaps/games.xml?from=<deep link>`), so that it reads
 * exactly its own records with one bounded query (orderBy="$key", startAt, limitToFirst) rather than
 * every key before it. A record added or removed since the index was made shifts where a child ends:
 * until the index is refreshed (an hour), a child may end a few records early or repeat a few.
 */
function sitemapIndex(limit: number) {
  return async function sitemapIndexHandler(c: Context<AppEnv>): Promise<Response> {
    const origin = originOf(c);
    try {
      const starts = await Promise.all(SITEMAP_KINDS.map((kind) => childStarts(c, kind, limit)));
      const children = SITEMAP_KINDS.flatMap((kind, index) =>
        (starts[index] ?? []).map((from) => childUrl(origin, kind, from)),
      );
      return c.body(sitemapIndexXml([`${origin}/sitemaps/home.xml`, ...children]), 200, XML);
    } catch (error) {
      return unavailable(c, error);
    }
  };
}

/** One child sitemap: `/sitemaps/<kind>.xml[?from=<key>]`, or `home.xml` for the home page. */
function childSitemap(limit: number) {
  return async function childSitemapHandler(c: Context<AppEnv, string>): Promise<Response> {
    const origin = originOf(c);
    const kind = CHILD_FILE.exec(c.req.param('file') ?? '')?.[1];
    if (kind === 'home') return c.body(urlsetXml([`${origin}/`]), 200, XML);
    if (!kind) return c.text('No such sitemap.', 404);
    const source = SITEMAP_SOURCES[kind as SitemapKind];
    const from = c.req.query('from') ?? null;
    if (from !== null && !sitemapCursorSchema.safeParse(from).success) return c.text('No such sitemap.', 404);
    // A start the stored index does not name is read afresh and never stored (SITEMAP_CHILD_CACHE):
    // counted against the visitor's address before anything is read, so made-up starts cannot make
    // unbounded work (429 with Retry-After past the limit).
    if (!(await indexNamesChild(c))) await limitUnlistedSitemapChildren(c, () => Promise.resolve());
    try {
      const paths = await source.sitemap(c.var.database.server, from, limit);
      return c.body(urlsetXml(paths.map((path) => `${origin}${path}`)), 200, XML);
    } catch (error) {
      return unavailable(c, error);
    }
  };
}

/** `/sitemap.xml` and its children, edge-cached like public pages. */
export function sitemapRoutes(limit: number) {
  return new Hono<AppEnv>()
    .get('/sitemap.xml', cachedPublicPage(sitemapIndex(limit), SITEMAP_INDEX_CACHE))
    .get('/sitemaps/:file', cachedPublicPage(childSitemap(limit), SITEMAP_CHILD_CACHE));
}
