import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Link, useLocation } from 'react-router';
import {
  MAX_REPORT_WORDS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../shared/schemas/report-reasons.ts';
import { callApi, type ApiFailure } from '../browser-capabilities.ts';
import { refusalMessage } from '../refusal-message.ts';
import type { ReportSubject } from './report-subject.ts';

/**
 * The report form, as a modal dialog (https://developer.mozilla.org/docs/Web/HTML/Element/dialog: the
 * page behind is inert, Escape closes it, and focus goes back to where it was, the item's More button):
 * a reason from a short list, optional words, then a thank-you that says the member will be told.
 */
export function ReportDialog({ subject, onClose }: { subject: ReportSubject; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const doneButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const wordsId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [words, setWords] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState<string | null>(null);
  // The session ended while the form was open: the words say so, with a way back to this page.
  const [signedOut, setSignedOut] = useState(false);
  const { pathname, search } = useLocation();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    if (done !== null) doneButton.current?.focus();
  }, [done]);

  const close = () => {
    dialog.current?.close();
  };

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (reason === null) {
      setProblem('Choose what is wrong first.');
      firstReason.current?.focus();
      return;
    }
    setSending(true);
    setProblem('');
    try {
      const answer = await callApi((api) =>
        api.reports.$post({
          json: { kind: subject.kind, itemId: subject.itemId, reason, ...(words.trim() ? { words } : {}) },
        }),
      );
      setDone(
        answer.created
          ? 'Thanks for telling us. An editor will look at it, and your notifications will say what was done.'
          : answer.report.outcome
            ? 'You reported this before, and an editor has already handled it.'
            : 'You reported this before: an editor will look at it, and your notifications will say what was done.',
      );
    } catch (error) {
      setSignedOut((error as Partial<ApiFailure>).code === 'unauthenticated');
      setProblem(refusalMessage(error, 'send the report'));
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog ref={dialog} className="report-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>Report {subject.description}</h2>
      {done === null ? (
        <form onSubmit={(event) => void send(event)} noValidate>
          <fieldset aria-invalid={problem !== '' && reason === null ? true : undefined}>
            <legend>What is wrong with it?</legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value} className="report-reason">
                <input
                  ref={index === 0 ? firstReason : undefined}
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setProblem('');
                  }}
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={wordsId}>Anything the editors should know? (optional)</label>
          <textarea
            id={wordsId}
            rows={3}
            maxLength={MAX_REPORT_WORDS}
            value={words}
            onChange={(event) => {
              setWords(event.target.value);
            }}
          />
          <p className="report-problem" role="alert">
            {problem}
            {signedOut ? (
              <>
                {' '}
                <Link to={`/login?next=${encodeURIComponent(pathname + search)}`}>Sign in</Link>
              </>
            ) : null}
          </p>
          <div className="report-actions">
            <button type="button" className="pill-button secondary" onClick={close}>
              Cancel
            </button>
            <button
              type="submit"
              className="pill-button pill-button-filled"
              aria-disabled={sending || undefined}
            >
              {sending ? 'Sending…' : 'Send report'}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p role="status">{done}</p>
          <div className="report-actions">
            <button ref={doneButton} type="button" className="pill-button pill-button-filled" onClick={close}>
              Done
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
