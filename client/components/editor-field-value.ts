/**
 * What a field of the editor's page holds now. The Worker's check of these files knows no DOM (it renders
 * them), so the value is read as profile-editor.tsx reads it.
 */
export const fieldValue = (event: { target: unknown }): string => (event.target as { value: string }).value;
