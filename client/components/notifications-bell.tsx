import { useEffect, useState, type ComponentType } from 'react';
import { useBrowserSession } from './browser-capabilities.ts';

// The header's notifications bell, in two parts so that no page pays for it on first load: this part
// ships with every page and renders nothing on the server and during hydration (public pages are the
// same for every visitor); once the browser holds a session it fetches the bell itself
// (notifications-panel.tsx: the unread count, the list), a chunk only signed-in members load.

export function NotificationsBell() {
  const session = useBrowserSession();
  const [Panel, setPanel] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (!session || Panel) return;
    let current = true;
    import('./notifications-panel.tsx').then(
      (module) => {
        if (current) setPanel(() => module.NotificationsPanel);
      },
      () => {
        // Without the chunk (offline, a new deployment) the header simply has no bell; the next page retries.
      },
    );
    return () => {
      current = false;
    };
  }, [session, Panel]);

  return session && Panel ? <Panel /> : null;
}
