import { errorMessage, ERROR_MESSAGES } from '../../shared/errors.ts';
import { USERNAME_REFUSED } from './username-check.ts';

/** Which flow failed: the same provider code reads differently when changing a password. */
export type AuthFlow = 'sign-in' | 'sign-up' | 'change-password' | 'reset-password' | 'guest';

/** The provider's ways of saying the password is wrong. */
const WRONG_PASSWORD_CODES = [
  'wrong-password',
  'invalid-credential',
  'invalid-login-credentials',
  'invalid-password',
];
/** The provider refusing the password chosen. */
const REFUSED_PASSWORD_CODES = ['weak-password', 'missing-password'];
/** Errors about the e-mail address given. */
const EMAIL_CODES = ['invalid-email', 'email-already-in-use', 'user-not-found', 'missing-email'];

/**
 * The catalogue's words (spec section 8) for a Firebase Auth error (`auth/<code>`) or an API error code.
 * Newer Firebase projects answer `auth/invalid-credential` (and the emulator `INVALID_LOGIN_CREDENTIALS`)
 * instead of telling a wrong password from an unknown user; both read as the wrong-password message.
 */
export function authErrorMessage(error: unknown, flow: AuthFlow): string {
  const code = authErrorCode(error);
  if (WRONG_PASSWORD_CODES.includes(code ?? ''))
    return flow === 'change-password'
      ? ERROR_MESSAGES['wrong-current-password']
      : ERROR_MESSAGES['wrong-password'];
  switch (code) {
    case 'user-not-found':
    case 'email-already-in-use':
    case 'username-in-use':
    case 'invalid-email':
    case 'weak-password':
    case 'too-many-requests':
      return ERROR_MESSAGES[code];
    case 'missing-password':
      return flow === 'sign-up' ? ERROR_MESSAGES['weak-password'] : ERROR_MESSAGES['wrong-password'];
    case 'missing-email':
      return ERROR_MESSAGES['invalid-email'];
    case 'invalid-input':
      // What sign-up sends the API is the username alone: a refused input is a name outside the rule.
      return flow === 'sign-up' ? USERNAME_REFUSED : errorMessage(code);
    default:
      // Sign-up has its own words for anything it did not foresee.
      return flow === 'sign-up' ? ERROR_MESSAGES['unknown-breaking-error'] : errorMessage(code ?? 'default');
  }
}

/** `auth/wrong-password` → `wrong-password`; an API error body's code; undefined for anything else. */
export function authErrorCode(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object' || !('code' in error) || typeof error.code !== 'string')
    return undefined;
  return error.code.replace(/^auth\//, '');
}

/** The form field an error is shown beside (named as the forms name them), if it belongs to one. */
export type AuthErrorField = 'username' | 'email' | 'password' | 'currentPassword' | 'newPassword';

/** Which form field an error belongs to, so it is shown beside that field. */
export function authErrorField(error: unknown, flow: AuthFlow = 'sign-in'): AuthErrorField | undefined {
  const code = authErrorCode(error) ?? '';
  if (flow === 'change-password') {
    // Re-authentication failed: the current password is the one that is wrong.
    if (WRONG_PASSWORD_CODES.includes(code)) return 'currentPassword';
    return REFUSED_PASSWORD_CODES.includes(code) ? 'newPassword' : undefined;
  }
  if (code === 'username-in-use' || (flow === 'sign-up' && code === 'invalid-input')) return 'username';
  if (EMAIL_CODES.includes(code)) return 'email';
  return REFUSED_PASSWORD_CODES.includes(code) ? 'password' : undefined;
}
