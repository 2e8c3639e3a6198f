/** The screen of a page that cannot be had offline because it was not kept for reading offline. */
export function OfflineView() {
  return (
    <section className="not-found offline">
      <title>You’re offline · Questline</title>
      <h1>You’re offline</h1>
      <p>This page hasn’t been saved for reading offline. The pages you viewed recently can still be read.</p>
      {/* An empty address is this page's: a full load, which the service worker answers with the network
          or with the offline page listing the pages it kept. */}
      <p>
        <a href="">Try again</a> · <a href="/">Home</a>
      </p>
    </section>
  );
}
