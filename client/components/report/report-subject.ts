import type { ReportKind } from '../../../shared/schemas/report-reasons.ts';

// What a Report button reports, apart from the hook (use-report.tsx) and the dialog it loads on demand
// (report-dialog.tsx): the hook imports the dialog's chunk, so the dialog may not import the hook.

/** What is reported, as the dialog names it. */
export interface ReportSubject {
  kind: ReportKind;
  /** The post's or comment's id, or the member's uid. */
  itemId: string;
  /** Words for the dialog's title: "this post by ana", "ana". */
  description: string;
}
