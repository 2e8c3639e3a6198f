import { z } from 'zod';
import { excerptOf } from '../notifications/read-notifications.ts';
import { combineUpdates, type MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  commentNode,
  notificationNode,
  openReportNode,
  pendingReportsNode,
  postNode,
  reportNode,
  userSectionNode,
} from '../rtdb/paths.ts';
import type { RtdbClient, RtdbTagged } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { TransitionBusyError } from './gated-transition.ts';
import { pushId } from '../push-id.ts';
import type { ReportKind, ReportOutcome } from '../schemas/report-reasons.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import {
  reportRecordSchema,
  type OpenReport,
  type ReportRecord,
  type ReportRequest,
} from '../schemas/report.ts';

// Reports, as the write model makes them: a report is keyed by its item and its reporter, so one member
// reports one item once (a repeat finds theirs; parallel first reports write the same key, so a race
// still leaves one), and each write is ONE multi-path PATCH: the report, the item's place in the editors'
// queue and its entry among the item's open reports together; handling the item resolves its open
// reports, tells each reporter and (with a removal or a posting block) changes the item in the same PATCH.

/** The key of a reported item: its kind and id, as feeds name targets (shared/schemas/feed-id.ts explains `:`). */
export const reportItemKey = (kind: ReportKind, itemId: string): string => `${kind}:${itemId}`;

/** Most open reports of one item that one handling resolves; more stay in the queue for the next. */
export const REPORTS_HANDLED_AT_ONCE = 100;

/** The report `uid` makes of `request`'s item, as stored. */
function reportValue(request: ReportRequest): Record<string, unknown> {
  const words = request.words ?? '';
  return { reason: request.reason, ...(words === '' ? {} : { words }), timestamp: SERVER_TIMESTAMP };
}

/** A new report's place in the queue, and its open entry (the report itself is claimed first). */
export function planReportQueued(uid: string, request: ReportRequest): MultiPathUpdate {
  const key = reportItemKey(request.kind, request.itemId);
  return {
    ...openReportNode(key).set({ kind: request.kind, itemId: request.itemId, latest: SERVER_TIMESTAMP }),
    ...pendingReportsNode(key).child(uid).set(SERVER_TIMESTAMP),
  };
}

/** Who wrote a reported item (the member themself for a member), or null when there is no such item. */
export async function reportedAuthor(
  db: RtdbClient,
  kind: ReportKind,
  itemId: string,
): Promise<string | null> {
  switch (kind) {
    case 'post':
      return db.read(postNode(itemId).child('sourceUUID').path, recordIdSchema);
    case 'comment':
      return db.read(commentNode(itemId).child('sourceUUID').path, recordIdSchema);
    case 'user':
      return (await db.read(userSectionNode(itemId, 'public').child('username').path, z.string().min(1))) ===
        null
        ? null
        : itemId;
  }
}

/** What reporting answered: the member's report, and whether this request made it. */
export interface ReportOutcomeAnswer {
  report: ReportRecord;
  created: boolean;
}

/**
 * Reports `request`'s item for `uid`, once: their report when they already made one (open or handled).
 * Otherwise the report is claimed where it is kept with a write conditional on the place's ETag as read
 * (`existing`), so of racing first reports exactly one is made and the others answer it; then the item
 * joins the queue. A queue write that fails takes the claim back, so the member can report again.
 */
export async function commitReport(
  db: RtdbClient,
  uid: string,
  request: ReportRequest,
  existing: RtdbTagged<ReportRecord | null>,
  now: number,
): Promise<ReportOutcomeAnswer> {
  if (existing.value) return { report: existing.value, created: false };
  const path = reportNode(reportItemKey(request.kind, request.itemId), uid).path;
  if (!(await db.putIfUnchanged(path, reportValue(request), existing.etag))) {
    const kept = await db.read(path, reportRecordSchema);
    if (kept) return { report: kept, created: false };
    throw new TransitionBusyError(`report ${path} claimed and taken back meanwhile`);
  }
  try {
    await db.patch('', planReportQueued(uid, request));
  } catch (error) {
    await db.put(path, null).catch(() => undefined);
    throw error;
  }
  const words = request.words ?? '';
  return {
    report: { reason: request.reason, ...(words === '' ? {} : { words }), timestamp: now },
    created: true,
  };
}

/** The member's own report of an item, if they made one, with its place's ETag for the claim. */
export async function readOwnReport(
  db: RtdbClient,
  uid: string,
  kind: ReportKind,
  itemId: string,
): Promise<RtdbTagged<ReportRecord | null>> {
  const { value, etag } = await db.getTagged(reportNode(reportItemKey(kind, itemId), uid).path);
  const report = reportRecordSchema.safeParse(value);
  return { value: report.success ? report.data : null, etag };
}

/**
 * The open reports of an item handled: each reporter's report says what was done, leaves the item's open
 * entries and tells its reporter ("Your report about … was handled"), quoting `about` (the item's text
 * or the member's name, read before a removal). `allResolved` (every open report was read) takes the item
 * out of the queue; otherwise it stays there for the rest. A report arriving between the read and this
 * PATCH puts the item back in the queue with its own write only if it lands after this one; one landing
 * just before stays on record (its reporter finds it on a repeat) without a place in the queue.
 */
export function planReportsHandled(
  open: OpenReport,
  reporters: readonly string[],
  outcome: ReportOutcome,
  about: string,
  allResolved: boolean,
): MultiPathUpdate {
  const key = reportItemKey(open.kind, open.itemId);
  return {
    ...combineUpdates(
      reporters.map((uid) => ({
        ...reportNode(key, uid).merge({ outcome, handledAt: SERVER_TIMESTAMP }),
        ...pendingReportsNode(key).child(uid).set(null),
        ...notificationNode(uid, pushId()).set({
          kind: 'report',
          subject: open.kind,
          outcome,
          excerpt: excerptOf(about),
          timestamp: SERVER_TIMESTAMP,
        }),
      })),
    ),
    ...(allResolved ? openReportNode(key).set(null) : {}),
  };
}

/** Stops `uid` from posting and commenting until `until` (ms since the epoch): kept in their admin section. */
export function planPostingBlock(uid: string, until: number): MultiPathUpdate {
  return userSectionNode(uid, 'admin').child('postingBlockedUntil').set(until);
}

/** Until when `uid` may not post or comment, when that is still after `now`; null when they may. */
export async function postingBlockedUntil(db: RtdbClient, uid: string, now: number): Promise<number | null> {
  const until = await db.read(
    userSectionNode(uid, 'admin').child('postingBlockedUntil').path,
    z.number().nonnegative(),
  );
  return until !== null && until > now ? until : null;
}

/** The sentence a blocked member reads: until when, in UTC (the server does not know their time zone). */
export function postingBlockedMessage(until: number): string {
  const when = new Date(until).toISOString().slice(0, 16).replace('T', ' at ');
  return `An editor has stopped this account from posting and commenting until ${when} UTC.`;
}
