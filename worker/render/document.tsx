import { clientAssets } from '../client-assets.ts';

// Runs before any image loads: an image that fails (catalogue art lives on Steam's servers) is hidden so the
// placeholder beneath shows, even before the app has hydrated.
const IMAGE_FALLBACK = `document.addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='IMG'&&t.hasAttribute('data-fallback'))t.hidden=true},true)`;

// The service worker (client/browser/service-worker/) keeps recently viewed pages readable offline. It is
// registered once the page has loaded, so it takes nothing from the first load, and costs the page's
// JavaScript nothing: these few bytes of HTML are all.
const REGISTER_SERVICE_WORKER = `if('serviceWorker' in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})`;

/**
 * How urgently the browser fetches the page's scripts. A module preload is fetched at high priority by
 * default, as a script that blocks the parser would be, though module scripts never block rendering;
 * Chromium gives deferred scripts low priority, and this says the same of ours. The stylesheet and the
 * images then come first on a slow connection, and page-load measures (Lighthouse's simulation) no
 * longer count the scripts as holding the first paint, which they do not.
 * https://web.dev/articles/fetch-priority
 */
export const SCRIPT_PRIORITY = 'low';

/** Escapes a value for a double-quoted HTML attribute (the asset paths and the nonce never need it: belt and braces). */
function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

// The start of the head that is the same on every page, written once per isolate.
const HEAD_START =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
  `<link rel="stylesheet" href="${attribute(clientAssets.styles)}"/>`;

// The rest of the shared head: the browser's own bars in the site header's colour, light or dark as the
// system is (styles.css), the icons and the web app manifest.
const HEAD_LINKS =
  '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ededf4"/>' +
  '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1d2024"/>' +
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
  '<link rel="manifest" href="/manifest.webmanifest"/>' +
  '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>';

/**
 * The first bytes of every page, sent before its data is read: charset and viewport, the stylesheet first
 * (it blocks the first paint), then module preloads of the entry, every chunk it imports and the matched
 * page's chunks, so the browser fetches them while the database answers. The entry itself is a module
 * script, which runs once the document is parsed, whole page streamed in (module scripts are deferred:
 * https://html.spec.whatwg.org/multipage/scripting.html#attr-script-defer). The head stays open: the
 * page's title, description and canonical link, known only from its data, follow it (`lateDocument`).
 * Every script and module preload names the page's nonce (the policy in content-security-policy.ts).
 *
 * The scripts are fetched at low priority (SCRIPT_PRIORITY): the server's HTML is the whole page, so the
 * scripts are not needed for its first paint; they hydrate it afterwards.
 */
export function earlyHead(nonce: string, preload: readonly string[]): string {
  const n = attribute(nonce);
  let head = HEAD_START;
  for (const href of preload)
    head += `<link rel="modulepreload" href="${attribute(href)}" nonce="${n}" fetchpriority="${SCRIPT_PRIORITY}"/>`;
  return (
    head +
    HEAD_LINKS +
    `<script nonce="${n}">${IMAGE_FALLBACK}</script>` +
    `<script nonce="${n}">${REGISTER_SERVICE_WORKER}</script>` +
    `<script type="module" src="${attribute(clientAssets.entry)}" nonce="${n}" fetchpriority="${SCRIPT_PRIORITY}"></script>`
  );
}

/**
 * The head's last part and the document around the app, once the page's data is there: what React hoisted
 * of the app (its title, meta tags and canonical link, see `splitHoisted`), a `noindex` for a page that is
 * not what it should be, and the modules the page turned out to need; then `#root` holding the app's HTML.
 * Written as a string around React's render of the app alone, not rendered with it: the browser hydrates
 * `#root` as a root of its own (client/browser/entry-client.tsx), and React derives `useId`'s ids from
 * where a component stands under its root, so the server must render the app as a root too or every id
 * in its HTML would differ from the browser's (a label pointing at nothing once the browser re-renders).
 */
export function lateDocument({
  hoisted,
  app,
  noindex,
  preload,
  nonce,
}: {
  hoisted: string;
  app: string;
  noindex: boolean;
  /** Modules the page turned out to need once its data was read (the not-found screen's). */
  preload: readonly string[];
  nonce: string;
}): string {
  let head = noindex ? '<meta name="robots" content="noindex"/>' : '';
  for (const href of preload)
    head += `<link rel="modulepreload" href="${attribute(href)}" nonce="${attribute(nonce)}" fetchpriority="${SCRIPT_PRIORITY}"/>`;
  return `${head}${hoisted}</head><body><div id="root">${app}</div></body></html>`;
}

/**
 * What React writes first when it renders a tree that is not a whole document: the elements it hoists to
 * the head, before the tree's own HTML. Stylesheets with a precedence first (the sign-in pages' own rules,
 * client/auth/auth-form.tsx: `<style data-precedence=…>`, CSS holding no `<`), then `<title>`, `<meta>`,
 * `<link>` and `<base>`, each written whole with its attribute values and text escaped (no `<` or `>`).
 */
const HOISTED =
  /^(?:<style data-precedence="[^"<>]*"[^<>]*>[^<]*<\/style>|<title>[^<>]*<\/title>|<(?:meta|link|base)\b[^<>]*\/>)*/;

/** React's render of the app split into what it hoisted for the head and the app's own HTML. */
export function splitHoisted(html: string): { hoisted: string; app: string } {
  const hoisted = HOISTED.exec(html)?.[0] ?? '';
  return { hoisted, app: html.slice(hoisted.length) };
}
