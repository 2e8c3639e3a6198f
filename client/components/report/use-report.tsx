import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ReportSubject } from './report-subject.ts';
import { useBrowserSession } from '../browser-session.ts';

// "Report" in a post's, comment's or member page's More menu. The form's code (reasons, words, sending)
// loads only when a member opens it, so no page's first load carries it; a visitor is sent to sign in
// first, and comes back to the page they were on.

const ReportDialog = lazy(() =>
  import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })),
);

const noChanges = () => () => undefined;

/**
 * The report action of one item: `start` (a menu action's run) opens the form, or the sign-in page for a
 * visitor; `dialog` is rendered where the item is, and is nothing until then. `start` is null in the
 * server's HTML and until the page is hydrated: a Report that could not open anything yet is not offered
 * (and public pages' HTML stays as it was for everyone).
 */
export function useReport(subject: ReportSubject): { start: (() => void) | null; dialog: ReactNode } {
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const signedIn = useBrowserSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const start = () => {
    if (signedIn) setOpen(true);
    else void navigate(`/login?next=${encodeURIComponent(pathname + search)}`);
  };
  return {
    start: hydrated ? start : null,
    dialog: open ? (
      <Suspense fallback={null}>
        <ReportDialog
          subject={subject}
          onClose={() => {
            setOpen(false);
          }}
        />
      </Suspense>
    ) : null,
  };
}
