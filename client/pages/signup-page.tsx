import { Link, useNavigate, useSearchParams } from 'react-router';
import { loadAuthService } from '../auth/auth-service.ts';
import { AuthCard, AuthForm, FIELDS, useAuthForms } from '../auth/auth-form.tsx';
import { returnPath } from '../auth/return-path.ts';
import { checkUsername, USERNAME_HINT } from '../auth/username-check.ts';
import { PageMeta } from '../components/page-meta.tsx';

/** Sign-up with username, e-mail and password; a guest signing up keeps what it did. */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const forms = useAuthForms();
  return (
    <>
      <PageMeta title="Create your account" description="Join Questline." path="/signup" noindex />
      <AuthCard title="Create your account">
        <AuthForm
          forms={forms}
          flow="sign-up"
          fields={[{ ...FIELDS.username, hint: USERNAME_HINT }, FIELDS.email, FIELDS.chosenPassword]}
          submitLabel="Sign up"
          onSubmit={async ({ username, email, password }) => {
            const name = username.trim();
            // A name outside the rule is refused here, beside its field, before anything is asked.
            checkUsername(name);
            const auth = await loadAuthService();
            await auth.signUp({ username: name, email: email.trim(), password });
            await navigate(returnPath(search));
          }}
          actions={<Link to="/login">I already have an account</Link>}
        />
      </AuthCard>
    </>
  );
}
