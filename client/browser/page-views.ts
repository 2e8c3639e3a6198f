import type { PageView } from '../../shared/schemas/page-view.ts';
import { callDeadline, type CallDeadline } from '../components/call-deadline.ts';

/** What the tracking reads of the router: where it is, whether it has arrived, and each change. */
interface Navigations {
  readonly state: { location: { key: string; pathname: string }; navigation: { state: string } };
  subscribe(listener: () => void): unknown;
}

/**
 * One page-view event per completed navigation, with the final path (after redirects), sent to the
 * Worker. A keepalive request, as sendBeacon's, survives the page being closed and never delays a
 * navigation; unlike sendBeacon's it takes a deadline: the spec's analytics timeout (call-deadline.ts).
 * A view that cannot be sent is lost, never retried nor shown. A fetch of its own rather than the API's
 * client: no token, no refresh, and no forgetting of the pages kept for reuse, as a write does; its body
 * is the route's schema (worker/api/page-views.ts), sent as JSON with its type (another is refused).
 */
export function trackPageViews(
  router: Navigations,
  send: typeof fetch = fetch,
  deadline: CallDeadline = callDeadline,
): void {
  let lastKey: string | undefined;
  const record = () => {
    const { location, navigation } = router.state;
    if (navigation.state !== 'idle' || location.key === lastKey) return;
    lastKey = location.key;
    send('/api/page-views', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: location.pathname } satisfies PageView),
      keepalive: true,
      signal: deadline(),
    }).catch(() => undefined);
  };
  record();
  router.subscribe(record);
}
