import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// What search engines and link previews read: each public page type's server HTML (meta tags, JSON-LD),
// robots.txt, and the sitemap index with its children. Demo data: seed/demo/.

const PAGES = [
  { path: '/', type: 'WebSite' },
  { path: '/game/the-witcher-3-wild-hunt', type: 'VideoGame' },
  { path: '/user/ana_roguelites', type: 'ProfilePage' },
  { path: '/event/the-game-awards-2020', type: 'Event' },
  { path: '/lists/games/great-rpgs', type: 'ItemList' },
];

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The content of the first `<meta property|name="key">` of the document. */
async function meta(page: Page, key: string): Promise<string | null> {
  return page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content');
}

/**
 * An XML document parsed as a browser parses it: its root element's name and namespace, every `<loc>`,
 * and whether the parser found it malformed.
 */
async function parseXml(page: Page, xml: string) {
  return page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    return {
      malformed: document.getElementsByTagName('parsererror').length > 0,
      root: document.documentElement.localName,
      namespace: document.documentElement.namespaceURI,
      locs: [...document.getElementsByTagName('loc')].map((loc) => loc.textContent),
    };
  }, xml);
}

async function get(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  return { status: response.status(), type: response.headers()['content-type'], body: await response.text() };
}

test('the server HTML of every public page type carries its meta tags and structured data', async ({
  browser,
  baseURL,
}) => {
  // No script runs: what a crawler or a link preview sees.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, type } of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(/ · Questline$/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toBe(
      `${baseURL ?? ''}${path}`,
    );
    for (const key of [
      'description',
      'og:title',
      'og:description',
      'og:type',
      'og:url',
      'og:image',
      'twitter:card',
      'twitter:title',
      'twitter:description',
      'twitter:image',
    ])
      expect(await meta(page, key), `${key} of ${path}`).toBeTruthy();
    expect(await meta(page, 'og:image'), path).toMatch(/^https?:\/\//);
    const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (json) => JSON.parse(json) as Record<string, unknown>,
    );
    expect(structured, path).toContainEqual(
      expect.objectContaining({ '@context': 'https://schema.org', '@type': type }),
    );
  }
  // Installable from any page: the manifest and the browser bar's colour.
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
  await context.close();
});

test('the web app manifest makes the site installable, with icons that load', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Questline',
    short_name: 'Questline',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
});

test('robots.txt names the sitemap index by its absolute URL', async ({ request, baseURL }) => {
  const robots = await get(request, '/robots.txt');
  expect(robots.status).toBe(200);
  expect(robots.body).toContain(`Sitemap: ${baseURL ?? ''}/sitemap.xml`);
  expect(robots.body).toContain('Disallow: /api/');
});

test('the sitemap index lists valid child sitemaps whose every URL answers 200', async ({
  page,
  request,
  baseURL,
}) => {
  const index = await get(request, '/sitemap.xml');
  expect(index.status).toBe(200);
  expect(index.type).toMatch(/^application\/xml/);
  const parsedIndex = await parseXml(page, index.body);
  expect(parsedIndex).toMatchObject({ malformed: false, root: 'sitemapindex', namespace: SITEMAP_NAMESPACE });
  expect(parsedIndex.locs.length).toBeGreaterThanOrEqual(5);

  const urls: string[] = [];
  for (const child of parsedIndex.locs) {
    expect(child, 'a child sitemap on this site').toMatch(new RegExp(`^${baseURL ?? ''}/sitemaps/`));
    const sitemap = await get(request, child);
    expect(sitemap.status, child).toBe(200);
    const parsed = await parseXml(page, sitemap.body);
    expect(parsed, child).toMatchObject({
      malformed: false,
      root: 'urlset',
      namespace: SITEMAP_NAMESPACE,
    });
    urls.push(...parsed.locs);
  }
  // Every kind of public page is there: the home page, games, members, events and curated lists.
  for (const { path } of PAGES) expect(urls).toContain(`${baseURL ?? ''}${path}`);
  expect(new Set(urls).size).toBe(urls.length);
  for (const url of urls) {
    expect(url).toMatch(new RegExp(`^${baseURL ?? ''}/`));
    expect((await request.get(url, { maxRedirects: 0 })).status(), url).toBe(200);
  }
});
