import type { ApiErrorCode } from '../errors.ts';

// Kept apart from the catalogue (shared/errors.ts), whose words the account pages load: only code that
// reads answers needs the list.

/** Every member of the union, once: the compiler refuses a missing or an extra code. */
const API_ERROR_CODES: Record<ApiErrorCode, true> = {
  'wrong-password': true,
  'wrong-current-password': true,
  'email-already-in-use': true,
  'username-in-use': true,
  'invalid-email': true,
  'user-not-found': true,
  'unknown-breaking-error': true,
  'weak-password': true,
  'too-many-requests': true,
  default: true,
  'invalid-input': true,
  unauthenticated: true,
  forbidden: true,
  'not-a-member': true,
  'posting-blocked': true,
  'access-denied': true,
  'not-found': true,
  'method-not-allowed': true,
  'kind-mismatch': true,
  busy: true,
  'edit-conflict': true,
  'vote-locked': true,
  'already-registered': true,
  'payload-too-large': true,
  unavailable: true,
};

/** True for a code of the union: what a caller reads from an answer is checked before it is trusted. */
export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && Object.hasOwn(API_ERROR_CODES, code);
}
