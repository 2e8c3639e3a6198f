import { describe, expect, it } from 'vitest';
import { authErrorField, authErrorMessage } from './auth-errors.ts';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/invalid-email', 'sign-up', 'Yo! We need a legit email address. Try again.'],
    [
      'auth/weak-password',
      'sign-up',
      "Woah! How about a password that can't be hacked by a toddler with a YouTube account.",
    ],
    ['auth/email-already-in-use', 'sign-up', 'Dude! That email is already registered.'],
    ['username-in-use', 'sign-up', 'Doh! That username is already in use.'],
    [
      'auth/internal-error',
      'sign-up',
      'Uh. Something went wrong. Please contact support apply duct tape accordingly.',
    ],
    ['auth/wrong-password', 'sign-in', 'Oops! Invalid username/password.'],
    ['auth/invalid-credential', 'sign-in', 'Oops! Invalid username/password.'],
    ['auth/user-not-found', 'sign-in', 'Wait, who did you say you were again?'],
    ['auth/too-many-requests', 'sign-in', 'Slow down there, fella! Too many invalid attempts in a row.'],
    ['auth/wrong-password', 'change-password', 'Oops! Invalid current password.'],
    ['auth/invalid-credential', 'change-password', 'Oops! Invalid current password.'],
    ['auth/network-request-failed', 'sign-in', 'An error occurred.'],
  ] as const)('%s during %s reads "%s"', (code, flow, message) => {
    expect(authErrorMessage(firebaseError(code), flow)).toBe(message);
  });

  // The Auth emulator does not rate-limit, so the browser tests cannot reach this one: it is pinned here.
  it.each(['sign-in', 'sign-up', 'change-password', 'reset-password', 'guest'] as const)(
    'too-many-requests during %s reads the catalogue’s words, as a message for the whole form',
    (flow) => {
      const error = firebaseError('auth/too-many-requests');
      expect(authErrorMessage(error, flow)).toBe(
        'Slow down there, fella! Too many invalid attempts in a row.',
      );
      expect(authErrorField(error, flow)).toBeUndefined();
    },
  );

  it('reads anything unknown as the default message', () => {
    expect(authErrorMessage(new Error('x'), 'sign-in')).toBe('An error occurred.');
  });
});

describe('authErrorField', () => {
  it.each([
    ['username-in-use', 'sign-up', 'username'],
    ['auth/invalid-email', 'sign-up', 'email'],
    ['auth/email-already-in-use', 'sign-up', 'email'],
    ['auth/weak-password', 'sign-up', 'password'],
    ['auth/user-not-found', 'sign-in', 'email'],
    ['auth/wrong-password', 'sign-in', undefined],
    ['auth/too-many-requests', 'sign-in', undefined],
    ['auth/wrong-password', 'change-password', 'currentPassword'],
    ['auth/invalid-credential', 'change-password', 'currentPassword'],
    ['auth/weak-password', 'change-password', 'newPassword'],
    ['auth/network-request-failed', 'change-password', undefined],
  ] as const)('%s during %s belongs beside %s', (code, flow, field) => {
    expect(authErrorField(firebaseError(code), flow)).toBe(field);
  });
});
