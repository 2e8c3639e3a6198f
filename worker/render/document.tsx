import type { ReactNode } from 'react';
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
 * page's title, description and canonical link, known only from its data, follow it (`LateDocument`).
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
 * What React renders of the document once the page's data is there. Its `<html><head>` opening is the
 * one `earlyHead` already sent, so the renderer drops it (LATE_DOCUMENT_START) and the page's title and
 * meta tags, which React hoists into <head>, land in the head that is still open. Only #root hydrates.
 */
export function LateDocument({
  children,
  noindex,
  preload,
  nonce,
}: {
  children: ReactNode;
  noindex: boolean;
  /** Modules the page turned out to need once its data was read (the not-found screen's). */
  preload: readonly string[];
  nonce: string;
}) {
  return (
    <html lang="en">
      <head>
        {noindex ? <meta name="robots" content="noindex" /> : null}
        {preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={nonce} fetchPriority={SCRIPT_PRIORITY} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}

/** How React begins `LateDocument`'s HTML: the part `earlyHead` has already written. */
export const LATE_DOCUMENT_START = '<!DOCTYPE html><html lang="en"><head>';
