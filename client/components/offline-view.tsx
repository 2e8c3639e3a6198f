import { useLocation } from 'react-router';

/** The screen of a page that cannot be had offline because it was not kept for reading offline. */
export function OfflineView() {
  const location = useLocation();
  return (
    <section className="not-found offline">
      <title>You’re offline · Questline</title>
      <h1>You’re offline</h1>
      <p>This page hasn’t been saved for reading offline. The pages you viewed recently can still be read.</p>
      <p>
        {/* A full load: the service worker answers it with the network, or with the pages it kept. */}
        <a href={`${location.pathname}${location.search}`}>Try again</a> · <a href="/">Home</a>
      </p>
    </section>
  );
}
