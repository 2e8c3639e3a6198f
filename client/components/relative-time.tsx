import { useSyncExternalStore } from 'react';
import { absoluteDate, fullDateTime, relativeTime } from '../../shared/relative-time.ts';

// How a time reads on a page, and why the server does not say "5 minutes ago": public pages are cached at
// the edge (fresh 60 s, then served stale up to 10 more minutes) and read on other clocks and in other time
// zones, so an age computed on the Worker would be wrong by the time it is read. The server therefore
// renders the absolute date in UTC, true whenever the HTML is read (before scripts, by crawlers); the
// browser renders the same on its hydrating pass (useSyncExternalStore's server snapshot, `null`), so
// hydration matches, and right after switches to the age on the reader's clock and in their time zone,
// kept current by one shared timer. https://react.dev/reference/react/useSyncExternalStore

/** How often ages move on ("12 seconds ago" → "27 seconds ago"); one timer for every time on the page. */
const TICK_MS = 15_000;

let clockNow = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribeToClock(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    clockNow = Date.now();
    timer = setInterval(() => {
      clockNow = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function readClock(): number {
  if (clockNow === 0) clockNow = Date.now();
  return clockNow;
}

const noClockYet = (): null => null;

/** What a time shows and its tooltip: the UTC date without a reader's clock, the age with one. */
export function timeLabel(at: number, now: number | null): { text: string; title: string } {
  if (now === null)
    return { text: absoluteDate(at, { timeZone: 'UTC' }), title: fullDateTime(at, { timeZone: 'UTC' }) };
  return { text: relativeTime(at, now), title: fullDateTime(at) };
}

/** A moment (ms since the epoch) as its age, "3 hours ago", with the exact date and time as a tooltip. */
export function RelativeTime({ at }: { at: number }) {
  const now = useSyncExternalStore(subscribeToClock, readClock, noClockYet);
  const { text, title } = timeLabel(at, now);
  return (
    <time dateTime={new Date(at).toISOString()} title={title}>
      {text}
    </time>
  );
}
