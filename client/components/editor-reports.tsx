import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { OpenReportedItem } from '../../shared/reports/read-open-reports.ts';
import {
  POSTING_BLOCK_DAYS,
  REPORT_REASON_LABELS,
  type PostingBlockDays,
  type ReportOutcome,
} from '../../shared/schemas/report-reasons.ts';
import type { ReportAction } from '../../shared/schemas/report.ts';
import { apiFailureText } from './api-failure-text.ts';
import { callApi } from './browser-capabilities.ts';
import { fieldValue } from './editor-field-value.ts';
import { RelativeTime } from './relative-time.tsx';

const KIND_NAMES: Record<'post' | 'comment', string> = { post: 'Post', comment: 'Comment' };

const DONE: Record<ReportOutcome, string> = {
  removed: 'Removed',
  dismissed: 'Dismissed',
  blocked: 'Stopped from posting',
};

const daysText = (days: number) => (days === 1 ? '1 day' : `${String(days)} days`);

/** One reported item in context, with what the editor can do about it. */
function ReportedItem({ entry, onHandled }: { entry: OpenReportedItem; onHandled: (text: string) => void }) {
  const headingId = useId();
  const [days, setDays] = useState<PostingBlockDays>(POSTING_BLOCK_DAYS[1]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const { item } = entry;
  const author = item?.author.username ?? 'a member who is gone';

  async function act(action: ReportAction) {
    if (busy) return;
    setBusy(true);
    setProblem('');
    try {
      const answer = await callApi((api) =>
        api.editor.reports[':kind'][':itemId'].$post({
          param: { kind: entry.kind, itemId: entry.itemId },
          json: action,
        }),
      );
      const reporters = answer.resolved === 1 ? '1 reporter' : `${String(answer.resolved)} reporters`;
      const what = entry.kind === 'user' ? author : `${entry.kind} by ${author}`;
      onHandled(`${DONE[answer.outcome]}: ${what}. ${reporters} told.`);
    } catch (error) {
      setProblem(apiFailureText(error));
      setBusy(false);
    }
  }

  return (
    <li className="editor-report" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {entry.kind === 'user' ? `Member ${author}` : `${KIND_NAMES[entry.kind]} by ${author}`}
      </h3>
      {item === null ? (
        <p className="editor-report-meta">It is gone (its author deleted it): dismiss its reports.</p>
      ) : (
        <>
          <p className="editor-report-meta">
            {item.link === null ? item.place : <Link to={item.link}>{item.place}</Link>}
          </p>
          {item.text ? <blockquote>{item.text}</blockquote> : null}
        </>
      )}
      <ul className="editor-report-reasons" aria-label="Reports">
        {entry.reports.map((report) => (
          <li key={report.reporter.uid}>
            <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
            {report.words ? ` — “${report.words}”` : null} · {report.reporter.username ?? 'a member'} ·{' '}
            <RelativeTime at={report.timestamp} />
          </li>
        ))}
      </ul>
      <div className="editor-actions">
        {entry.kind !== 'user' && item !== null ? (
          <button type="button" disabled={busy} onClick={() => void act({ action: 'remove' })}>
            Remove {entry.kind}
          </button>
        ) : null}
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => void act({ action: 'dismiss' })}
        >
          Dismiss
        </button>
        {item === null ? null : (
          <>
            <label>
              Stop {author} from posting for
              <select
                value={days}
                onChange={(event) => {
                  setDays(Number(fieldValue(event)) as PostingBlockDays);
                }}
              >
                {POSTING_BLOCK_DAYS.map((choice) => (
                  <option key={choice} value={choice}>
                    {daysText(choice)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void act({ action: 'block', days })}
            >
              Stop from posting
            </button>
          </>
        )}
      </div>
      {problem ? <p role="alert">{problem}</p> : null}
    </li>
  );
}

/**
 * The editors' queue of reported posts, comments and members, the most recently reported first, each
 * with its text, author, place and reasons: remove it, dismiss the reports, or stop its author from
 * posting for a while. Its reporters are told either way.
 */
export function EditorReports() {
  const [items, setItems] = useState<OpenReportedItem[] | null>(null);
  const [status, setStatus] = useState('Loading…');

  async function load() {
    try {
      const { reports } = await callApi((api) => api.editor.reports.$get());
      setItems(reports);
      setStatus(reports.length === 0 ? 'No open reports.' : '');
    } catch (error) {
      setStatus(apiFailureText(error));
    }
  }

  useEffect(() => {
    void load();
  }, []);

  return (
    <section className="editor-section" aria-labelledby="editor-reports">
      <h2 id="editor-reports">Reports</h2>
      {items && items.length > 0 ? (
        <ol className="editor-reports">
          {items.map((entry) => (
            <ReportedItem
              key={`${entry.kind}:${entry.itemId}`}
              entry={entry}
              onHandled={(text) => {
                const left = items.filter((other) => other !== entry);
                setItems(left);
                setStatus(left.length === 0 ? `${text} No open reports left.` : text);
              }}
            />
          ))}
        </ol>
      ) : null}
      <p role="status" className="editor-status">
        {status}
      </p>
      <button type="button" className="secondary" onClick={() => void load()}>
        Check for new reports
      </button>
    </section>
  );
}
