import { useBrowserSession } from '../browser-session.ts';
import { useModuleWhen } from '../use-module-when.ts';

// Taste in common is the visitor's own (their ratings beside the member's), so the server never renders
// it: the profile stays the same page for everyone and can be kept at the edge. After hydration, a browser
// holding a session loads the section's code (out of the user page's first-load JavaScript) and the
// section asks the API (taste-in-common.tsx); a visitor who is not signed in loads nothing.

interface TasteProps {
  uid: string;
  username: string;
}

/** Taste in common with the member whose profile this is, for a signed-in visitor; nothing otherwise. */
export function TasteInCommon(props: TasteProps) {
  const signedIn = useBrowserSession();
  const loaded = useModuleWhen(signedIn, () => import('./taste-in-common.tsx'));
  return signedIn && loaded ? <loaded.TasteInCommonSection {...props} /> : null;
}
