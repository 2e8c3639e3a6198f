import { createContext } from 'react-router';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';

/**
 * The database as page loaders read it: the Worker's public client (no credential, only what the rules make
 * public), so a page is the same for every visitor and can be cached. Set by the Worker for each request;
 * page loaders run only there (see client/pages/*.loader.ts), the browser asks the Worker for their data.
 */
export const publicDatabaseContext = createContext<RtdbClient>();

/** What a route may say about its data in its `handle`. */
export interface PageDataHandle {
  /**
   * The route's loader runs in the browser on client navigations instead of on the Worker: its data
   * depends on what only the browser knows (the browse guard waits for the browser's auth state).
   */
  loadsInBrowser?: boolean;
}

/** True when the route's loader runs in the browser on client navigations (see PageDataHandle). */
export function loadsInBrowser(route: { handle?: unknown }): boolean {
  const handle: unknown = route.handle;
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'loadsInBrowser' in handle &&
    handle.loadsInBrowser === true
  );
}
