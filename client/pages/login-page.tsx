import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loadAuthService } from '../auth/auth-service.ts';
import { AuthCard, AuthForm, authForm, FIELDS, useAuthForms } from '../auth/auth-form.tsx';
import { returnPath } from '../auth/return-path.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { safeReturnPath } from '../../shared/return-path.ts';

type Mode = 'sign-in' | 'forgot' | 'new-password';

/** Sign-in, password reset and guest access. `?t=pwdrs` marks the return from a password reset (spec section 2). */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const resetCode = search.get('mode') === 'resetPassword' ? search.get('oobCode') : null;
  const [mode, setMode] = useState<Mode>(resetCode ? 'new-password' : 'sign-in');
  // Switching forms removes the button that had the focus: the new form's first field takes it.
  const [switched, setSwitched] = useState(false);
  const forms = useAuthForms();
  const returnedFromReset = search.get('t') === 'pwdrs';
  // Carried on to sign-up only when it is a path of this site (the same check as after signing in).
  const next = safeReturnPath(search.get('next'), '');

  function switchTo(other: Mode, label: string) {
    return (
      <button
        type="button"
        className="pill-button secondary"
        onClick={() => {
          forms.clear();
          setSwitched(true);
          setMode(other);
        }}
      >
        {label}
      </button>
    );
  }

  const form = {
    'sign-in': authForm({
      title: 'Sign in',
      flow: 'sign-in',
      fields: [FIELDS.email, FIELDS.password],
      submitLabel: 'Sign in',
      onSubmit: async ({ email, password }) => {
        await (await loadAuthService()).signIn(email, password);
        await navigate(returnPath(search));
      },
      actions: switchTo('forgot', 'Forgot password?'),
    }),
    forgot: authForm({
      title: 'Reset your password',
      flow: 'reset-password',
      fields: [FIELDS.email],
      submitLabel: 'Send reset link',
      onSubmit: async ({ email }) => (await loadAuthService()).sendPasswordReset(email),
      notice: 'Check your e-mail: we sent you a link to reset your password.',
      actions: switchTo('sign-in', 'Back to sign in'),
    }),
    'new-password': authForm({
      title: 'Choose a new password',
      flow: 'reset-password',
      fields: [FIELDS.resetPassword],
      submitLabel: 'Save new password',
      onSubmit: async ({ password }) => {
        await (await loadAuthService()).confirmPasswordReset(resetCode ?? '', password);
        setMode('sign-in');
        await navigate('/login?t=pwdrs', { replace: true });
      },
    }),
  }[mode];

  function onGuest() {
    forms.run('guest', async () => {
      await (await loadAuthService()).signInAsGuest();
      await navigate(returnPath(search));
    });
  }

  return (
    <>
      <PageMeta title="Sign in" description="Sign in to Questline." path="/login" noindex />
      <AuthCard title={form.title}>
        {mode === 'sign-in' && returnedFromReset ? (
          <p className="auth-notice" role="status">
            Your password has been reset. Sign in with your new password.
          </p>
        ) : null}
        <AuthForm key={mode} forms={forms} focusFirstField={switched} {...form} />
        {mode === 'sign-in' ? (
          <div className="auth-actions">
            <button type="button" className="pill-button secondary" onClick={onGuest} disabled={forms.busy}>
              Continue as guest
            </button>
            <Link to={`/signup${next ? `?next=${encodeURIComponent(next)}` : ''}`}>Create an account</Link>
          </div>
        ) : null}
      </AuthCard>
    </>
  );
}
