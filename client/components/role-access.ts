import { useEffect, useState } from 'react';
import type { ApiFailure } from './browser-capabilities.ts';
import { useBrowserSession } from './browser-session.ts';

/**
 * Where a role's page stands with the person looking: still asking, signed out, not holding the role,
 * failed (with the message to show), or let in with what the role's API answered.
 */
export type RoleAccess<T> = 'checking' | 'signed-out' | 'denied' | { failed: string } | { granted: T };

/**
 * The access of a role's page (the developer dashboard, the editor): the server renders the same empty
 * frame for everyone, so after hydration the browser asks the role's API (`probe`), which alone decides
 * who holds the role; 401 means signed out and 403 not holding it. `setGranted` replaces what the page
 * holds once it changes it.
 */
export function useRoleAccess<T>(
  probe: () => Promise<T>,
  failureMessage: (error: unknown) => string,
): [RoleAccess<T>, (granted: T) => void] {
  const session = useBrowserSession();
  const [hydrated, setHydrated] = useState(false);
  const [access, setAccess] = useState<RoleAccess<T>>('checking');

  useEffect(() => {
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    if (!session) {
      setAccess('signed-out');
      return;
    }
    setAccess('checking');
    probe().then(
      (granted) => {
        setAccess({ granted });
      },
      (error: unknown) => {
        const status = (error as Partial<ApiFailure>).status;
        setAccess(
          status === 403 ? 'denied' : status === 401 ? 'signed-out' : { failed: failureMessage(error) },
        );
      },
    );
    // Asked again only when the session changes: the probe and message are the page's own, fixed.
  }, [hydrated, session]);

  return [
    access,
    (granted: T) => {
      setAccess({ granted });
    },
  ];
}
