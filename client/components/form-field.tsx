import { useId, type InputHTMLAttributes } from 'react';

/** What a form asks for in one field: its name in the submitted form, its label and its kind. */
export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  /** The browser's and password managers' hint (https://html.spec.whatwg.org/#autofill). */
  autoComplete: string;
  /** What the field takes, shown under it before anything is typed and tied to it (aria-describedby). */
  hint?: string;
}

export type FormFieldProps = FieldSpec & {
  /** Shown under the field, announced, and tied to it (aria-describedby + aria-invalid). */
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'autoComplete'>;

/** One labelled input with its inline error: usable with the keyboard and a screen reader alone. */
export function FormField({ label, hint, error, type = 'text', ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="auth-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormMessage({ error, notice }: { error?: string | undefined; notice?: string | undefined }) {
  if (error)
    return (
      <p className="auth-error" role="alert">
        {error}
      </p>
    );
  if (notice)
    return (
      <p className="auth-notice" role="status">
        {notice}
      </p>
    );
  return null;
}
