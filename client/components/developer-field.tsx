import { useId } from 'react';

/** One labelled field of a developer's form: a line, a date or a longer text, with its inline message. */
export function DeveloperField({
  label,
  value,
  onChange,
  type = 'text',
  hint,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'date' | 'textarea';
  hint?: string;
  error?: string | undefined;
  required?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (event: { target: HTMLInputElement | HTMLTextAreaElement }) => {
      onChange(event.target.value);
    },
  };
  return (
    <div className="auth-field developer-field">
      <label htmlFor={id}>{label}</label>
      {type === 'textarea' ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
      {hint ? (
        <p id={`${id}-hint`} className="developer-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="auth-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The fields of a form's values `F` that hold a text. */
type TextField<F> = { [P in keyof F]: F[P] extends string ? P : never }[keyof F];

/** A form's text fields as a DeveloperField takes each: `{...field('name')}` gives its value and its change. */
export function textFields<F>(values: F, change: (field: TextField<F>, value: string) => void) {
  return (name: TextField<F>) => ({
    value: values[name] as string,
    onChange: (value: string) => {
      change(name, value);
    },
  });
}
