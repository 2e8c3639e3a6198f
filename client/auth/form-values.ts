// Reading a submitted form in an event handler (browser only).

/** The text value of each named field of `form`. */
export function formValue(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

/** Clears a form's fields after it has done its work. */
export function resetForm(form: HTMLFormElement): void {
  form.reset();
}
