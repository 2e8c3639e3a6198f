import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { ImageUpload } from './image-upload.tsx';
import { callApi, type ApiFailure } from './browser-capabilities.ts';
import { FormOutcome } from './form-outcome.tsx';

/** The profile's limits (shared/schemas/profile.ts), counted as the server counts: trimmed. */
const LIMITS = { brief: 160, details: 2000 } as const;
type TextField = keyof typeof LIMITS;

const LABELS: Record<TextField, string> = { brief: 'Brief', details: 'Details' };

function tooLong(field: TextField, value: string): string {
  const over = value.trim().length - LIMITS[field];
  return over > 0 ? `At most ${LIMITS[field]} characters: ${over} too many.` : '';
}

/** One text field of the profile with its count and inline message. */
function ProfileText({
  field,
  value,
  error,
  loading,
  onChange,
}: {
  field: TextField;
  value: string;
  error: string;
  /** Until the saved profile is read: typing then would be overwritten when it arrives. */
  loading: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const length = value.trim().length;
  return (
    <div className="auth-field profile-field">
      <label htmlFor={id}>{LABELS[field]}</label>
      <textarea
        id={id}
        name={field}
        rows={field === 'brief' ? 2 : 6}
        value={value}
        readOnly={loading}
        aria-busy={loading || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <p id={`${id}-count`} className="profile-count">
        {length} of {LIMITS[field]} characters
      </p>
      {error ? (
        <p id={`${id}-error`} className="auth-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The member's own profile on browse (spec section 3): brief and details, saved together, with a clear
 * message for text over the limits before anything is sent; and the icon and header image uploads.
 */
export function ProfileEditor({
  uid,
  icon,
  header,
}: {
  uid: string;
  icon: string | undefined;
  header: string | undefined;
}) {
  const [values, setValues] = useState<Record<TextField, string>>({ brief: '', details: '' });
  const [serverErrors, setServerErrors] = useState<Partial<Record<TextField, string>>>({});
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    let current = true;
    callApi((api) => api.profiles[':uid'].$get({ param: { uid } })).then(
      ({ profile }) => {
        if (!current) return;
        setValues({ brief: profile.brief, details: profile.details });
        setLoaded(true);
      },
      (failure: unknown) => {
        // A member who has not written one gets an empty one from the API; a disabled one is not
        // found, and its owner starts again from empty text.
        if (current) setLoaded((failure as Partial<ApiFailure>).status === 404);
        if (current && (failure as Partial<ApiFailure>).status !== 404)
          setError('Your profile could not be loaded. Reload the page to try again.');
      },
    );
    return () => {
      current = false;
    };
  }, [uid]);

  const errors: Record<TextField, string> = {
    brief: tooLong('brief', values.brief) || (serverErrors.brief ?? ''),
    details: tooLong('details', values.details) || (serverErrors.details ?? ''),
  };

  function change(field: TextField, value: string) {
    setValues((before) => ({ ...before, [field]: value }));
    setServerErrors((before) => ({ ...before, [field]: undefined }));
    setNotice('');
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (errors.brief || errors.details) {
      setError('Shorten the text marked above, then save again.');
      return;
    }
    setSaving(true);
    setError('');
    setNotice('');
    try {
      const { profile } = await callApi((api) =>
        api.profiles[':uid'].$patch({
          param: { uid },
          json: { brief: values.brief, details: values.details },
        }),
      );
      setValues({ brief: profile.brief, details: profile.details });
      setNotice('Your profile is saved.');
    } catch (failure) {
      const { fields, message } = failure as Partial<ApiFailure>;
      setServerErrors({ brief: fields?.brief, details: fields?.details });
      setError(message ?? 'Your profile could not be saved. Try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <details className="account-settings profile-editor">
      <summary>Your profile</summary>
      <section className="auth-card profile-card" aria-labelledby="profile-pictures-title">
        <h2 id="profile-pictures-title">Pictures</h2>
        <ImageUpload kind="icon" current={icon} />
        <ImageUpload kind="header" current={header} />
      </section>
      <section className="auth-card profile-card" aria-labelledby="profile-text-title">
        <h2 id="profile-text-title">About you</h2>
        <form onSubmit={(event) => void onSubmit(event)} aria-busy={saving || undefined} noValidate>
          <ProfileText
            field="brief"
            value={values.brief}
            error={errors.brief}
            loading={!loaded}
            onChange={(v) => {
              change('brief', v);
            }}
          />
          <ProfileText
            field="details"
            value={values.details}
            error={errors.details}
            loading={!loaded}
            onChange={(v) => {
              change('details', v);
            }}
          />
          <FormOutcome
            label="Save profile"
            saving={saving}
            disabled={!loaded}
            error={error}
            notice={notice}
          />
        </form>
      </section>
    </details>
  );
}
