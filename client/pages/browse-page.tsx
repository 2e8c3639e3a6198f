import { useState, type SubmitEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { CurrentUserRecord } from '../../shared/auth/account-api.ts';
import { authErrorMessage } from '../auth/auth-errors.ts';
import { loadAuthService } from '../auth/auth-service.ts';
import { AuthStyles, Field, FormMessage } from '../auth/auth-form.tsx';
import { formValue, resetForm } from '../auth/form-values.ts';
import { PageMeta } from '../components/page-meta.tsx';

/** The browse page: only for a signed-in user (the guard in its loader); their account at a glance. */
export function Component() {
  const me = useLoaderData<CurrentUserRecord>();
  const navigate = useNavigate();
  const username = typeof me.public?.username === 'string' ? me.public.username : null;
  const name = username ?? me.displayName ?? 'there';
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error?: string; notice?: string }>({});

  function onChangePassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const current = formValue(formElement, 'current');
    const next = formValue(formElement, 'next');
    setBusy(true);
    setMessage({});
    loadAuthService()
      .then((auth) => auth.changePassword(current, next))
      .then(() => {
        resetForm(formElement);
        setMessage({ notice: 'Your password has been changed.' });
      })
      .catch((caught: unknown) => {
        setMessage({ error: authErrorMessage(caught, 'change-password') });
      })
      .finally(() => {
        setBusy(false);
      });
  }

  function onSignOut() {
    void loadAuthService()
      .then((auth) => auth.signOut())
      .then(() => navigate('/'));
  }

  return (
    <>
      <PageMeta title="Browse" description="Your Questline." path="/browse" noindex />
      <AuthStyles />
      <section className="auth-card" aria-labelledby="browse-title">
        <h1 id="browse-title">Hi, {name}</h1>
        {me.guest ? (
          <p>
            You are browsing as a guest. <Link to="/signup?next=/browse">Create an account</Link> to keep what
            you do here.
          </p>
        ) : null}
        <div className="auth-actions">
          <button type="button" className="secondary" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </section>
      {me.guest ? null : (
        <section className="auth-card" aria-labelledby="password-title">
          <h2 id="password-title">Change password</h2>
          <form className="auth-form" onSubmit={onChangePassword} noValidate>
            <Field
              label="Current password"
              name="current"
              type="password"
              autoComplete="current-password"
              required
            />
            <Field label="New password" name="next" type="password" autoComplete="new-password" required />
            <FormMessage error={message.error} notice={message.notice} />
            <div className="auth-actions">
              <button type="submit" disabled={busy}>
                Change password
              </button>
            </div>
          </form>
        </section>
      )}
    </>
  );
}
