// The caches the service worker keeps (Cache Storage, shared with the pages of the origin). Named once
// here, because the pages clear the first two on sign-out (forget-offline-pages.ts).

/** Recently viewed public pages, as HTML documents: a reload or a link opened offline reads them. */
export const PAGES_CACHE = 'questline-pages-v1';
/** The same pages' data (`/api/pages/…` answers): a client navigation offline reads them. */
export const PAGE_DATA_CACHE = 'questline-page-data-v1';
/** Content-hashed scripts, stylesheets and icons: never change, so served from here first. */
export const ASSETS_CACHE = 'questline-assets-v1';

/** Every cache the service worker owns; any other `questline-` cache is an older version's, deleted. */
export const OWN_CACHES = [PAGES_CACHE, PAGE_DATA_CACHE, ASSETS_CACHE];

/** How many pages stay readable offline: the most recently viewed, the oldest evicted first. */
export const RECENT_PAGES = 50;
/** How many hashed files are kept: enough for the pages of a few deploys, which name their own builds. */
export const KEPT_ASSETS = 150;

/** When a response was stored (ms since the epoch), so the oldest can be evicted. */
export const STORED_AT_HEADER = 'x-questline-stored-at';
/** A stored page's title, for the list of pages readable offline. */
export const TITLE_HEADER = 'x-questline-title';
