import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

// Form pieces for the account pages: every field labelled, its error announced and tied to it
// (aria-describedby + aria-invalid), usable with the keyboard alone.

const CSS = `
.auth-card{max-width:26rem;margin:2rem auto;padding:1.5rem;border-radius:12px;background:var(--surface,#171a22);display:grid;gap:1rem}
.auth-card h1{margin:0}
.auth-form{display:grid;gap:.9rem}
.auth-field{display:grid;gap:.3rem}
.auth-field label{font-weight:600}
.auth-field input{font:inherit;padding:.6rem .7rem;border-radius:8px;border:1px solid #5b6478;background:#0f1117;color:inherit}
.auth-field input[aria-invalid=true]{border-color:#ff8a8a}
.auth-error{color:#ff9d9d;margin:0}
.auth-notice{color:#a6e3a1;margin:0}
.auth-actions{display:flex;flex-wrap:wrap;gap:.6rem;align-items:center}
.auth-actions button,.auth-button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:0;background:#8ab4ff;color:#0f1117;font-weight:700;cursor:pointer}
.auth-actions button.secondary{background:transparent;color:#8ab4ff;border:1px solid #8ab4ff}
.auth-actions button:disabled{opacity:.6;cursor:progress}
`;

/** The account pages' styles, hoisted into <head> once by React 19. */
export function AuthStyles() {
  return (
    <style href="questline-auth-forms" precedence="default">
      {CSS}
    </style>
  );
}

export function Field({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {hint}
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
