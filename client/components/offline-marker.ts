/**
 * What the service worker answers for the data of a page it has not kept, when the browser is offline:
 * each route asked for fails with this status and data, so the page's error screen says "offline"
 * (client/pages/route-error-page.tsx) rather than that something went wrong.
 */
export const OFFLINE_STATUS = 503;

export interface OfflineMarker {
  offline: true;
}

/** True for the data of the service worker's offline answer. */
export function isOfflineMarker(data: unknown): data is OfflineMarker {
  return typeof data === 'object' && data !== null && (data as Partial<OfflineMarker>).offline === true;
}

/** The page-data answer (`{ loaderData, errors }`) for a page that cannot be had offline. */
export function offlinePageData(routeIds: readonly string[]): {
  loaderData: Record<string, never>;
  errors: Record<string, { status: number; statusText: string; data: OfflineMarker }>;
} {
  return {
    loaderData: {},
    errors: Object.fromEntries(
      routeIds.map((id) => [id, { status: OFFLINE_STATUS, statusText: 'Offline', data: { offline: true } }]),
    ),
  };
}
