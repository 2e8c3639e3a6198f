// The sitemaps protocol's two documents: a urlset (the pages) and a sitemap index (the sitemaps).
// https://www.sitemaps.org/protocol.html

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * A URL as the protocol wants it inside `<loc>`: entity-escaped (`&` → `&amp;` and the other four).
 * https://www.sitemaps.org/protocol.html#escaping
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A `<urlset>` listing `urls` (absolute, already percent-encoded). */
export function urlsetXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${entries}\n</urlset>\n`;
}

/** A `<sitemapindex>` listing the child sitemaps at `urls` (absolute). */
export function sitemapIndexXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${entries}\n</sitemapindex>\n`;
}
