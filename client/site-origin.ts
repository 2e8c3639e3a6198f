import { createContext, useContext } from 'react';

/**
 * The site's origin (`https://questline.example`): the request's on the server, `location.origin` in the
 * browser, which is the same host, so hydration matches. Canonical and Open Graph URLs must be absolute.
 */
export const SiteOriginContext = createContext('');

/** The absolute URL of a path on this site. */
export function useAbsoluteUrl(path: string): string {
  return `${useContext(SiteOriginContext)}${path}`;
}
