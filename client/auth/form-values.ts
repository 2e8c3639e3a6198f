// Reading a submitted form in an event handler (browser only). The Worker's type-check has no DOM
// library, where FormData cannot take a form, hence the structural types.
type BrowserFormData = new (form: unknown) => { get(name: string): unknown };

/** The text value of each named field of `form`. */
export function formValue(form: unknown, name: string): string {
  const FormDataOfForm = (globalThis as unknown as { FormData: BrowserFormData }).FormData;
  const value = new FormDataOfForm(form).get(name);
  return typeof value === 'string' ? value : '';
}

/** Clears a form's fields after it has done its work. */
export function resetForm(form: unknown): void {
  (form as { reset(): void }).reset();
}
