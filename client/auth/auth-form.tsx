import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { FormField, FormMessage, type FieldSpec } from '../components/form-field.tsx';
import { authErrorField, authErrorMessage, type AuthFlow } from './auth-errors.ts';
import { formValue } from './form-values.ts';

// The account pages' forms in one place: their fields, their card, and what every submit does (busy
// while it runs, the catalogue's words for a failure, shown beside the field it belongs to).

const CSS = `
.auth-card{max-width:26rem;margin:2rem auto;padding:1.5rem;border-radius:12px;background:var(--surface,#171a22);display:grid;gap:1rem}
.auth-card h1{margin:0}
.auth-form{display:grid;gap:.9rem}
.auth-field{display:grid;gap:.3rem}
.auth-field label{font-weight:600}
.auth-field input{font:inherit;padding:.6rem .7rem;border-radius:8px;border:1px solid #5b6478;background:#0f1117;color:inherit}
.auth-field input[aria-invalid=true]{border-color:#ff8a8a}
.auth-hint{color:var(--muted);font-size:.875rem;margin:0}
.auth-error{color:#ff9d9d;margin:0}
.auth-notice{color:#a6e3a1;margin:0}
.auth-actions{display:flex;flex-wrap:wrap;gap:.6rem;align-items:center}
/* :where(): these defaults weigh nothing, so the pill-button classes of client/styles.css win, also on a page this sheet stayed in after a client-side navigation */
:where(.auth-actions button),.auth-button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:0;background:#8ab4ff;color:#0f1117;font-weight:700;cursor:pointer}
:where(.auth-actions button.secondary){background:transparent;color:#8ab4ff;border:1px solid #8ab4ff}
.auth-actions button:disabled{opacity:.6;cursor:progress}
`;

/** The account pages' styles, hoisted into <head> once by React 19. */
function AuthStyles() {
  return (
    <style href="questline-auth-forms" precedence="default">
      {CSS}
    </style>
  );
}

/** Every field the account pages ask for. */
export const FIELDS = {
  username: { name: 'username', label: 'Username', autoComplete: 'username' },
  email: { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  password: { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  chosenPassword: { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  resetPassword: { name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password' },
  currentPassword: {
    name: 'currentPassword',
    label: 'Current password',
    type: 'password',
    autoComplete: 'current-password',
  },
  newPassword: { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
} as const satisfies Record<string, FieldSpec>;

/** A card of an account page, titled by its heading. */
export function AuthCard({
  title,
  level = 1,
  children,
}: {
  title: ReactNode;
  level?: 1 | 2;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="auth-card" aria-labelledby={id}>
      <AuthStyles />
      <Heading id={id}>{title}</Heading>
      {children}
    </section>
  );
}

/** What went wrong: beside `field` when the form has it, otherwise about the whole form. */
export interface FormFailure {
  field?: string | undefined;
  message: string;
}

/** The state one account page's forms share, and the way each of its actions runs. */
export interface AuthForms {
  busy: boolean;
  failure: FormFailure | undefined;
  notice: string | undefined;
  /** Runs an action: busy meanwhile; a failure in the catalogue's words, or `notice` once it succeeds. */
  run(flow: AuthFlow, action: () => Promise<void>, notice?: string): void;
  /** Forgets the last failure and notice (when the page shows another form). */
  clear(): void;
}

export function useAuthForms(): AuthForms {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>();
  const [notice, setNotice] = useState<string>();
  const clear = () => {
    setFailure(undefined);
    setNotice(undefined);
  };
  return {
    busy,
    failure,
    notice,
    clear,
    run(flow, action, success) {
      setBusy(true);
      clear();
      action()
        .then(() => {
          setNotice(success);
        })
        .catch((caught: unknown) => {
          setFailure({ field: authErrorField(caught, flow), message: authErrorMessage(caught, flow) });
        })
        .finally(() => {
          setBusy(false);
        });
    },
  };
}

/** What one account form asks for and does. */
export interface AuthFormSpec<Name extends string> {
  flow: AuthFlow;
  fields: readonly (FieldSpec & { name: Name })[];
  submitLabel: string;
  /** Gets the fields' values by name (and the form, to reset it). */
  onSubmit: (values: Record<Name, string>, form: HTMLFormElement) => Promise<void>;
  /** Shown once `onSubmit` has succeeded. */
  notice?: string;
  /** Further buttons or links beside the submit button. */
  actions?: ReactNode;
  /** Focus the first field when the form appears (it replaced another form the visitor was using). */
  focusFirstField?: boolean;
}

/** A titled form spec, its field names checked where it is written and forgotten afterwards. */
export function authForm<Name extends string>(
  spec: AuthFormSpec<Name> & { title: string },
): AuthFormSpec<string> & { title: string } {
  return spec;
}

/** One account form: its labelled fields, its message, its submit button and any further actions. */
export function AuthForm<Name extends string>({
  forms,
  flow,
  fields,
  submitLabel,
  onSubmit,
  notice: success,
  actions,
  focusFirstField = false,
}: AuthFormSpec<Name> & { forms: AuthForms }) {
  const { busy, failure, notice } = forms;
  const onField = (name: string) => fields.some((field) => field.name === name);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(
      fields.map((field) => [field.name, formValue(form, field.name)]),
    ) as Record<Name, string>;
    forms.run(flow, () => onSubmit(values, form), success);
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {fields.map((field, index) => (
        <FormField
          key={field.name}
          {...field}
          autoFocus={focusFirstField && index === 0}
          required
          error={failure?.field === field.name ? failure.message : undefined}
        />
      ))}
      <FormMessage
        error={failure && !(failure.field && onField(failure.field)) ? failure.message : undefined}
        notice={notice}
      />
      <div className="auth-actions">
        <button type="submit" className="pill-button pill-button-filled" disabled={busy}>
          {submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
