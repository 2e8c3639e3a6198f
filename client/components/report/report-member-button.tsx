import { useEffect, useState } from 'react';
import { useBrowserSession } from '../browser-session.ts';
import { currentMember } from '../current-member.ts';
import { useReport } from './use-report.tsx';

/**
 * "Report" in a member page's header, for anyone but the member themself (a visitor is asked to sign in
 * first). A button of its own rather than a More menu: it is the page's only such action, and the form
 * loads only when opened (see useReport), so the page's first load carries this button alone.
 */
export function ReportMemberButton({ uid, username }: { uid: string; username: string }) {
  const signedIn = useBrowserSession();
  const [self, setSelf] = useState(false);
  const report = useReport({ kind: 'user', itemId: uid, description: username });

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    currentMember().then(
      (me) => {
        if (current) setSelf(me.uid === uid);
      },
      () => undefined, // Shown meanwhile: the API refuses a member's report of themself anyway.
    );
    return () => {
      current = false;
    };
  }, [signedIn, uid]);

  if (self || report.start === null) return null;
  return (
    <>
      <button type="button" className="pill-button report-member" onClick={report.start}>
        Report
      </button>
      {report.dialog}
    </>
  );
}
