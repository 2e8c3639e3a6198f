import type { DataRouter } from 'react-router';

/**
 * One page-view event per completed navigation, with the final path (after redirects), sent to the
 * Worker. sendBeacon survives the page being closed and never delays a navigation.
 */
export function trackPageViews(router: DataRouter): void {
  let lastKey: string | undefined;
  const record = () => {
    const { location, navigation } = router.state;
    if (navigation.state !== 'idle' || location.key === lastKey) return;
    lastKey = location.key;
    const body = new Blob([JSON.stringify({ path: location.pathname })], { type: 'application/json' });
    navigator.sendBeacon('/api/page-views', body);
  };
  record();
  router.subscribe(record);
}
