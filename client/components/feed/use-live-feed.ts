import { useEffect, useRef } from 'react';
import type { FeedKind } from '../../../shared/schemas/feed-id.ts';
import type { FeedUpdate } from './live-feed.ts';

/**
 * Keeps an open feed live (client/components/feed/live-feed.ts, loaded only after hydration so that no
 * page's first load carries it): `onUpdate` gets each re-read first page while the component is mounted.
 * `shownAt` is the activity time the page's posts were read at; later renders do not restart following.
 */
export function useLiveFeed(
  targetType: FeedKind,
  targetId: string,
  shownAt: number | null | undefined,
  onUpdate: (update: FeedUpdate) => void,
): void {
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });
  const startedAt = useRef(shownAt);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    import('./live-feed.ts').then(
      (live) => {
        if (!unmounted)
          stop = live.followFeed(targetType, targetId, startedAt.current, (update) => {
            latest.current(update);
          });
      },
      () => undefined, // Without the live code the page stays as it was read.
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [targetType, targetId]);
}
