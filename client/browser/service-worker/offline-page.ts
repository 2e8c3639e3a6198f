// The page a navigation gets when the browser is offline and the page was not kept: plain HTML made by
// the service worker, in the site's own stylesheet (kept with the shell), listing what can be read.

/** A page kept for reading offline: its address and title. */
export interface KeptPage {
  address: string;
  title: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The offline page's HTML, linking the stylesheet at `styles` and the pages `kept` (newest first). */
export function offlinePageHtml(styles: string, kept: readonly KeptPage[]): string {
  const list =
    kept.length === 0
      ? ''
      : `<h2>Pages you can read offline</h2><ul class="offline-pages">${kept
          .map(
            ({ address, title }) =>
              `<li><a href="${escapeHtml(address)}">${escapeHtml(title || address)}</a></li>`,
          )
          .join('')}</ul>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>You’re offline · Questline</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${escapeHtml(styles)}">
</head><body><div id="root">
<header class="site-header"><a href="/" class="brand" aria-label="Questline home"><span aria-hidden="true" class="brand-mark">◆</span>Questline</a></header>
<main id="main" class="page"><section class="not-found offline"><h1>You’re offline</h1>
<p>This page hasn’t been saved for reading offline. Check your connection and <a href="">try again</a>.</p>
${list}</section></main></div></body></html>
`;
}
