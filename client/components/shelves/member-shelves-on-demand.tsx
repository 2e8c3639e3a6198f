import { Suspense, use } from 'react';
import type { MemberShelves as MemberShelvesNow } from './member-shelves.tsx';

// A member's shelves on their profile stay out of the user page's first-load JavaScript, as the feed does
// (feed/feed-section-on-demand.tsx): the server renders them into the HTML (the page's loader loaded the
// module first: member-shelves.loader.ts), and the browser hydrates that HTML once the module arrives;
// until then React keeps the server's HTML as it is (https://react.dev/reference/react/Suspense).

type MemberShelvesModule = typeof import('./member-shelves.tsx');
type TrackedPromise = Promise<MemberShelvesModule> & { status?: 'fulfilled'; value?: MemberShelvesModule };

let loading: TrackedPromise | undefined;
/** The module once loaded; kept where every copy of this module finds it. */
const LOADED = Symbol.for('questline.member-shelves');
const registry = globalThis as { [LOADED]?: MemberShelvesModule };

/** Loads the shelves' module once; the promise says when it is there, so `use` reads it without waiting. */
export function loadMemberShelves(): Promise<MemberShelvesModule> {
  if (!loading) {
    const promise: TrackedPromise = import('./member-shelves.tsx');
    void promise.then((module) => {
      promise.status = 'fulfilled';
      promise.value = module;
      registry[LOADED] = module;
    });
    loading = promise;
  }
  return loading;
}

function MemberShelvesWhenLoaded(props: Parameters<typeof MemberShelvesNow>[0]) {
  const { MemberShelves: Loaded } = registry[LOADED] ?? use(loadMemberShelves());
  return <Loaded {...props} />;
}

/** A member's shelves on their profile (see member-shelves.tsx), its code loaded on demand. */
export function MemberShelves(props: Parameters<typeof MemberShelvesNow>[0]) {
  return (
    <Suspense fallback={null}>
      <MemberShelvesWhenLoaded {...props} />
    </Suspense>
  );
}
