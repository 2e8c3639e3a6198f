import type { ApiFailure } from '../../shared/api/contract.ts';

/** What an editor reads when the API refused or failed: its words, with the first field's reason. */
export function editorFailure(error: unknown): string {
  const failure = error as Partial<ApiFailure>;
  const field = failure.fields ? Object.entries(failure.fields)[0] : undefined;
  const base = failure.message ?? 'Something went wrong. Please try again.';
  return field ? `${base} ${field[0]}: ${field[1]}` : base;
}
