import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authErrorField, authErrorMessage } from '../auth/auth-errors.ts';
import { loadAuthService } from '../auth/auth-service.ts';
import { AuthStyles, Field, FormMessage } from '../auth/auth-form.tsx';
import { formValue } from '../auth/form-values.ts';
import { returnPath } from '../auth/session-context.ts';
import { PageMeta } from '../components/page-meta.tsx';

/** Sign-up with username, e-mail and password; a guest signing up keeps what it did. */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string | undefined; message: string }>();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = {
      username: formValue(form, 'username').trim(),
      email: formValue(form, 'email').trim(),
      password: formValue(form, 'password'),
    };
    setBusy(true);
    setError(undefined);
    loadAuthService()
      .then((auth) => auth.signUp(input))
      .then(() => navigate(returnPath(search)))
      .catch((caught: unknown) => {
        setError({ field: authErrorField(caught), message: authErrorMessage(caught, 'sign-up') });
      })
      .finally(() => {
        setBusy(false);
      });
  }

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <>
      <PageMeta title="Create your account" description="Join Questline." path="/signup" noindex />
      <AuthStyles />
      <section className="auth-card" aria-labelledby="signup-title">
        <h1 id="signup-title">Create your account</h1>
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            required
            error={fieldError('username')}
          />
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
            autoComplete="new-password"
            required
            error={fieldError('password')}
          />
          <FormMessage error={error && !error.field ? error.message : undefined} />
          <div className="auth-actions">
            <button type="submit" disabled={busy}>
              Sign up
            </button>
            <Link to="/login">I already have an account</Link>
          </div>
        </form>
      </section>
    </>
  );
}
