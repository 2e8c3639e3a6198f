import { useEffect, useState } from 'react';

// A part of a page whose code stays out of its first load and out of its HTML (taste in common, a member's
// reviews, a game card's shelf button): the browser loads the module after hydration (effects run only
// then), once it is wanted.

/**
 * The module `importModule` loads, once `wanted`: undefined until it is there, and when it could not load
 * (offline, or a new deploy): the page reads well without it. `importModule` is read when wanted only.
 */
export function useModuleWhen<M>(wanted: boolean, importModule: () => Promise<M>): M | undefined {
  const [loaded, setLoaded] = useState<M>();
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    importModule().then(
      (module) => {
        if (current) setLoaded(() => module);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // The module is the same on every render: loaded once it is wanted.
  }, [wanted, loaded]);
  return loaded;
}
