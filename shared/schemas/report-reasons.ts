// What a member may report and why, as plain values: the browser's report form reads these without zod
// (which stays out of every browser chunk), and shared/schemas/report.ts validates against them.

/** What can be reported: a post, a comment, or a member (from their page). */
export const REPORT_KINDS = ['post', 'comment', 'user'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Why, from a short list, in the order the form offers them (the last one asks for words). */
export const REPORT_REASONS = ['spam', 'harassment', 'sexual', 'violence', 'impersonation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The words each reason is offered with. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  harassment: 'Harassment or hate',
  sexual: 'Sexual content',
  violence: 'Violence or threats',
  impersonation: 'Pretending to be someone else',
  other: 'Something else',
};

/** Longest note a reporter may add, in characters: a few sentences, enough to point at what is wrong. */
export const MAX_REPORT_WORDS = 500;

/** How long an editor may stop an account from posting and commenting, in days. */
export const POSTING_BLOCK_DAYS = [1, 7, 30] as const;
export type PostingBlockDays = (typeof POSTING_BLOCK_DAYS)[number];

/** What an editor did about a reported item, as its reporters are told. */
export const REPORT_OUTCOMES = ['removed', 'dismissed', 'blocked'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
