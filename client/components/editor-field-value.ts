/** What a field of the editor's page holds now. */
export const fieldValue = (event: {
  target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
}): string => event.target.value;
