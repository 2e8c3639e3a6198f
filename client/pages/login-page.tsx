import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authErrorField, authErrorMessage } from '../auth/auth-errors.ts';
import { loadAuthService } from '../auth/auth-service.ts';
import { AuthStyles, Field, FormMessage } from '../auth/auth-form.tsx';
import { formValue } from '../auth/form-values.ts';
import { returnPath } from '../auth/session-context.ts';
import { PageMeta } from '../components/page-meta.tsx';

type Mode = 'sign-in' | 'forgot' | 'new-password';

/** Sign-in, password reset and guest access. `?t=pwdrs` marks the return from a password reset (spec section 2). */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const resetCode = search.get('mode') === 'resetPassword' ? search.get('oobCode') : null;
  const [mode, setMode] = useState<Mode>(resetCode ? 'new-password' : 'sign-in');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string | undefined; message: string }>();
  const [notice, setNotice] = useState<string>();
  const returnedFromReset = search.get('t') === 'pwdrs';

  async function run(flow: 'sign-in' | 'reset-password' | 'guest', action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await action();
    } catch (caught) {
      setError({ field: authErrorField(caught), message: authErrorMessage(caught, flow) });
    } finally {
      setBusy(false);
    }
  }

  function onSignIn(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formValue(event.currentTarget, 'email');
    const password = formValue(event.currentTarget, 'password');
    void run('sign-in', async () => {
      const auth = await loadAuthService();
      await auth.signIn(email, password);
      await navigate(returnPath(search));
    });
  }

  function onForgot(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formValue(event.currentTarget, 'email');
    void run('reset-password', async () => {
      await (await loadAuthService()).sendPasswordReset(email);
      setNotice('Check your e-mail: we sent you a link to reset your password.');
    });
  }

  function onNewPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = formValue(event.currentTarget, 'password');
    void run('reset-password', async () => {
      await (await loadAuthService()).confirmPasswordReset(resetCode ?? '', password);
      setMode('sign-in');
      await navigate('/login?t=pwdrs', { replace: true });
    });
  }

  function onGuest() {
    void run('guest', async () => {
      await (await loadAuthService()).signInAsGuest();
      await navigate(returnPath(search));
    });
  }

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const formError = error && !error.field ? error.message : undefined;

  return (
    <>
      <PageMeta title="Sign in" description="Sign in to Questline." path="/login" noindex />
      <AuthStyles />
      <section className="auth-card" aria-labelledby="login-title">
        {mode === 'new-password' ? (
          <>
            <h1 id="login-title">Choose a new password</h1>
            <form className="auth-form" onSubmit={onNewPassword} noValidate>
              <Field
                label="New password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                error={fieldError('password')}
              />
              <FormMessage error={formError} />
              <div className="auth-actions">
                <button type="submit" disabled={busy}>
                  Save new password
                </button>
              </div>
            </form>
          </>
        ) : mode === 'forgot' ? (
          <>
            <h1 id="login-title">Reset your password</h1>
            <form className="auth-form" onSubmit={onForgot} noValidate>
              <Field
                label="E-mail"
                name="email"
                type="email"
                autoComplete="email"
                required
                error={fieldError('email')}
              />
              <FormMessage error={formError} notice={notice} />
              <div className="auth-actions">
                <button type="submit" disabled={busy}>
                  Send reset link
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setMode('sign-in');
                  }}
                >
                  Back to sign in
                </button>
              </div>
            </form>
          </>
        ) : (
          <>
            <h1 id="login-title">Sign in</h1>
            {returnedFromReset ? (
              <p className="auth-notice" role="status">
                Your password has been reset. Sign in with your new password.
              </p>
            ) : null}
            <form className="auth-form" onSubmit={onSignIn} noValidate>
              <Field
                label="E-mail"
                name="email"
                type="email"
                autoComplete="email"
                required
                error={fieldError('email')}
              />
              <Field
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={fieldError('password')}
              />
              <FormMessage error={formError} />
              <div className="auth-actions">
                <button type="submit" disabled={busy}>
                  Sign in
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setMode('forgot');
                  }}
                >
                  Forgot password?
                </button>
              </div>
            </form>
            <div className="auth-actions">
              <button type="button" className="secondary" onClick={onGuest} disabled={busy}>
                Continue as guest
              </button>
              <Link
                to={`/signup${search.get('next') ? `?next=${encodeURIComponent(search.get('next') ?? '')}` : ''}`}
              >
                Create an account
              </Link>
            </div>
          </>
        )}
      </section>
    </>
  );
}
