import { Suspense, use } from 'react';
import type { FeedSection as FeedSectionNow } from './feed-section.tsx';

// The feed's code (posts, comments, likes, composers) stays out of a page's first-load JavaScript: the
// server renders the feed into the HTML (its loader has loaded the module first, so nothing suspends
// there and the posts are in the HTML even without scripts), and the browser hydrates that HTML once
// the module arrives. Until then React keeps the server's HTML as it is (a Suspense boundary that
// suspends while hydrating stays dehydrated: https://react.dev/reference/react/Suspense).

type FeedSectionModule = typeof import('./feed-section.tsx');
type TrackedPromise = Promise<FeedSectionModule> & { status?: 'fulfilled'; value?: FeedSectionModule };

let loading: TrackedPromise | undefined;
/** The module once loaded; kept where every copy of this module finds it (see FeedSection). */
const LOADED = Symbol.for('questline.feed-section');
const registry = globalThis as { [LOADED]?: FeedSectionModule };

/** Loads the feed's module once; the promise says when it is there, so `use` reads it without waiting. */
export function loadFeedSection(): Promise<FeedSectionModule> {
  if (!loading) {
    const promise: TrackedPromise = import('./feed-section.tsx');
    void promise.then((module) => {
      promise.status = 'fulfilled';
      promise.value = module;
      registry[LOADED] = module;
    });
    loading = promise;
  }
  return loading;
}

function FeedSectionWhenLoaded(props: Parameters<typeof FeedSectionNow>[0]) {
  // Once loaded (always on the server, whose loader loaded it) it renders at once: nothing suspends, so
  // the server's HTML has the feed in place. While hydrating without it, this suspends and React keeps
  // the server's HTML until the module is there.
  const { FeedSection: Loaded } = registry[LOADED] ?? use(loadFeedSection());
  return <Loaded {...props} />;
}

/** The feed of a user's, game's or event's page (see feed-section.tsx), its code loaded on demand. */
export function FeedSection(props: Parameters<typeof FeedSectionNow>[0]) {
  return (
    <Suspense fallback={null}>
      <FeedSectionWhenLoaded {...props} />
    </Suspense>
  );
}
