import type { ReactNode } from 'react';

/**
 * The end of a form that saves through the API: its submit button (which says "Saving…" while the request
 * is out), then what came of the last try: the refusal as an alert, which screen readers say at once, or
 * the confirmation as a polite status. `buttonClassName` styles the button (the developer forms' filled pill).
 */
export function FormOutcome({
  label,
  saving,
  disabled = false,
  buttonClassName,
  error,
  notice,
}: {
  label: string;
  saving: boolean;
  disabled?: boolean;
  buttonClassName?: string;
  error: string | null;
  notice: ReactNode;
}) {
  return (
    <>
      <div className="auth-actions">
        <button type="submit" className={buttonClassName} disabled={saving || disabled}>
          {saving ? 'Saving…' : label}
        </button>
      </div>
      <FormMessages error={error} notice={notice} />
    </>
  );
}

/**
 * What came of a form's last try: the refusal as an alert, which screen readers say at once (`errorId`
 * lets a field name it with aria-describedby), or the confirmation as a polite status.
 */
export function FormMessages({
  error,
  notice,
  errorId,
}: {
  error: string | null;
  notice: ReactNode;
  errorId?: string;
}) {
  return (
    <>
      {error ? (
        <p id={errorId} className="auth-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="auth-notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}
