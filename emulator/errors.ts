/** An expected failure with the HTTP status and the `{"error": …}` body Firebase answers with. */
export class DatabaseError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'DatabaseError';
    this.status = status;
  }
}

export const PERMISSION_DENIED = 'Permission denied';
export const INVALID_JSON = "Invalid data; couldn't parse JSON object, array, or value.";
export const INVALID_PATH = 'Invalid path: Invalid token in path';
export const BAD_AUTH = 'Could not parse auth token.';
export const EXPIRED_AUTH = 'Auth token is expired';

export function invalidKeyMessage(position: string): string {
  return `Invalid data; couldn't parse key beginning at ${position}. Key value can't be empty or contain $ # [ ] / or .`;
}
