import { useEffect, useState, type ComponentType } from 'react';
import { useBrowserSession } from './browser-session.ts';

// The header's member-only tools (the links their roles open, and the notifications bell), in two parts
// so that no page pays for them on first load: this part ships with every page and renders nothing on the
// server and during hydration (public pages are the same for every visitor); once the browser holds a
// session it fetches the tools themselves (member-header-tools.tsx), a chunk only signed-in members load.

export function MemberHeader() {
  const session = useBrowserSession();
  const [Tools, setTools] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (!session || Tools) return;
    let current = true;
    import('./member-header-tools.tsx').then(
      (module) => {
        if (current) setTools(() => module.MemberHeaderTools);
      },
      () => {
        // Without the chunk (offline, a new deployment) the header simply has no tools; the next page retries.
      },
    );
    return () => {
      current = false;
    };
  }, [session, Tools]);

  return session && Tools ? <Tools /> : null;
}
