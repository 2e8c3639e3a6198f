import { PAGE_DATA_CACHE, PAGES_CACHE } from './cache-names.ts';

/**
 * Deletes the pages kept for reading offline, from the page's side (Cache Storage is shared with the
 * service worker). Called on sign-out: whoever uses this browser next finds nothing of the last session.
 * The service worker never stores what was rendered for a session, so this is a second lock on the door.
 */
export async function forgetOfflinePages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([PAGES_CACHE, PAGE_DATA_CACHE].map((name) => caches.delete(name)));
}
