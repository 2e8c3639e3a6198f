import { Suspense, use, type ComponentType } from 'react';

// A section whose code stays out of a page's first-load JavaScript (the feed, a profile's shelves, a
// game's shelves and ratings): the server renders it into the HTML (the page's loader loaded the module
// first, so nothing suspends there and the section is in the HTML even without scripts), and the browser
// hydrates that HTML once the module arrives. Until then React keeps the server's HTML as it is (a
// Suspense boundary that suspends while hydrating stays dehydrated: https://react.dev/reference/react/Suspense).

/** A module's promise as `use` reads it: once fulfilled, `use` answers its value without suspending. */
type TrackedPromise<M> = Promise<M> & { status?: 'fulfilled'; value?: M };

/** A section loaded on demand: `load` (for the page's loader, on the server) and the component to render. */
export interface OnDemand<P> {
  /** Loads the section's module once; the promise says when it is there. */
  load: () => Promise<unknown>;
  Component: ComponentType<P>;
}

/**
 * The section `pick` finds in the module `importModule` loads, as a component whose code loads on demand.
 * `name` keeps the loaded module where every copy of this module finds it (the Worker's and the page's).
 */
export function onDemand<M, P extends object>(
  name: string,
  importModule: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): OnDemand<P> {
  const loaded = Symbol.for(`questline.${name}`);
  const registry = globalThis as { [key: symbol]: M | undefined };
  let loading: TrackedPromise<M> | undefined;

  function load(): Promise<M> {
    if (!loading) {
      const promise: TrackedPromise<M> = importModule();
      void promise.then((module) => {
        promise.status = 'fulfilled';
        promise.value = module;
        registry[loaded] = module;
      });
      loading = promise;
    }
    return loading;
  }

  // Once loaded (always on the server, whose loader loaded it) it renders at once; while hydrating
  // without it, this suspends and React keeps the server's HTML until the module is there.
  function WhenLoaded(props: P) {
    const Loaded = pick(registry[loaded] ?? use(load()));
    return <Loaded {...props} />;
  }

  function OnDemandSection(props: P) {
    return (
      <Suspense fallback={null}>
        <WhenLoaded {...props} />
      </Suspense>
    );
  }

  return { load, Component: OnDemandSection };
}
