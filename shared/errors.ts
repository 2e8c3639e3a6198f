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

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The catalogue message for a code, or the default message for anything unknown. */
export function errorMessage(code: string): string {
  return code in ERROR_MESSAGES ? ERROR_MESSAGES[code as ErrorCode] : ERROR_MESSAGES.default;
}

/** The JSON body every API error answers with: a stable code and words safe to show. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
