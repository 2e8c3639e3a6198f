/**
 * The product's error catalogue (spec section 8): stable codes and the exact words users see.
 * Codes follow Firebase Auth's where the provider raises them.
 */
export const ERROR_MESSAGES = {
  'wrong-password': 'Oops! Invalid username/password.',
  'wrong-current-password': 'Oops! Invalid current password.',
  'email-already-in-use': 'Dude! That email is already registered.',
  'username-in-use': 'Doh! That username is already in use.',
  'invalid-email': 'Yo! We need a legit email address. Try again.',
  'user-not-found': 'Wait, who did you say you were again?',
  'unknown-breaking-error': 'Uh. Something went wrong. Please contact support apply duct tape accordingly.',
  'weak-password': "Woah! How about a password that can't be hacked by a toddler with a YouTube account.",
  'too-many-requests': 'Slow down there, fella! Too many invalid attempts in a row.',
  default: 'An error occurred.',
} as const;

/** A code of the catalogue: it has words of its own. */
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * Every code an API error answer (the Worker's and the functions') can carry: the catalogue's, and the
 * API's own below, each answered with its own message. A closed union: `apiError()` takes nothing else,
 * and a caller branches on the code, never on the words. `isApiErrorCode` (shared/api/error-codes.ts)
 * checks a code read from an answer.
 */
export type ApiErrorCode =
  | ErrorCode
  /** 400: the request does not match its schema (with one message per field) or makes no sense. */
  | 'invalid-input'
  /** 401: no valid ID token. */
  | 'unauthenticated'
  /** 403: signed in, but not allowed to do this. */
  | 'forbidden'
  /** 403: signed in to an account that is not a member yet (no member record): finish signing up first. */
  | 'not-a-member'
  /** 403: an editor stopped this account from posting and commenting for a while (the message says until when). */
  | 'posting-blocked'
  /** 403: a device credential that no longer signs anyone in (anon-auth). */
  | 'access-denied'
  /** 404: no such endpoint or record. */
  | 'not-found'
  /** 405: the function takes another method. */
  | 'method-not-allowed'
  /** 409: the record is of another kind than the request says. */
  | 'kind-mismatch'
  /** 409: the record changed while the change was being made; trying again is safe. */
  | 'busy'
  /** 409: someone else saved this since the editor opened it; reload before saving again. */
  | 'edit-conflict'
  /** 409: the vote is locked and cannot change. */
  | 'vote-locked'
  /** 409: the account already has a username. */
  | 'already-registered'
  /** 413: the request body is over the limit. */
  | 'payload-too-large'
  /** 503: a service the API depends on cannot be reached just now. */
  | 'unavailable';

/** The catalogue message for a code, or the default message for anything unknown. */
export function errorMessage(code: string): string {
  return code in ERROR_MESSAGES ? ERROR_MESSAGES[code as ErrorCode] : ERROR_MESSAGES.default;
}

/** The JSON body every API error answers with: a stable code and words safe to show. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string> };
}
