import { Link, useLoaderData, useNavigate } from 'react-router';
import type { CurrentUserRecord } from '../../shared/auth/account-api.ts';
import { loadAuthService } from '../auth/auth-service.ts';
import { AuthCard, AuthForm, FIELDS, useAuthForms } from '../auth/auth-form.tsx';
import { resetForm } from '../auth/form-values.ts';
import { PageMeta } from '../components/page-meta.tsx';

/** The browse page: only for a signed-in user (the guard in its loader); their account at a glance. */
export function Component() {
  const me = useLoaderData<CurrentUserRecord>();
  const navigate = useNavigate();
  const username = typeof me.public?.username === 'string' ? me.public.username : null;
  const name = username ?? me.displayName ?? 'there';
  const forms = useAuthForms();

  function onSignOut() {
    void loadAuthService()
      .then((auth) => auth.signOut())
      .then(() => navigate('/'));
  }

  return (
    <>
      <PageMeta title="Browse" description="Your Questline." path="/browse" noindex />
      <AuthCard title={`Hi, ${name}`}>
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
      </AuthCard>
      {me.guest ? null : (
        <AuthCard title="Change password" level={2}>
          <AuthForm
            forms={forms}
            flow="change-password"
            fields={[FIELDS.currentPassword, FIELDS.newPassword]}
            submitLabel="Change password"
            onSubmit={async ({ currentPassword, newPassword }, form) => {
              await (await loadAuthService()).changePassword(currentPassword, newPassword);
              resetForm(form);
            }}
            notice="Your password has been changed."
          />
        </AuthCard>
      )}
    </>
  );
}
