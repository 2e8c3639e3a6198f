import { describe, expect, it } from 'vitest';
import { usernameSchema } from '../../shared/schemas/user.ts';
import { authErrorField, authErrorMessage } from './auth-errors.ts';
import { checkUsername, USERNAME_REFUSED } from './username-check.ts';

/** Whether the sign-up form lets `name` through. */
function passes(name: string): boolean {
  try {
    checkUsername(name);
    return true;
  } catch {
    return false;
  }
}

describe('the sign-up form’s username check', () => {
  // The browser has no zod: its check must answer as the Worker's schema does, or a name would pass
  // the form only to be refused by the server (or be refused here though the server takes it).
  it.each([
    'x',
    'ab',
    'abc',
    'has space',
    ' lead',
    'ünï',
    'dash-name',
    'dot.name',
    'a'.repeat(30),
    'a'.repeat(31),
    'Under_Score_9',
    '',
    'emoji😀x',
  ])('agrees with usernameSchema on %j', (name) => {
    expect(passes(name)).toBe(usernameSchema.safeParse(name).success);
  });

  it('refuses with the rule’s words, beside the username field', () => {
    let refused: unknown;
    try {
      checkUsername('x');
    } catch (error) {
      refused = error;
    }
    expect(authErrorMessage(refused, 'sign-up')).toBe(
      'A username has 3 to 30 characters, only letters, digits and underscores (no spaces).',
    );
    expect(authErrorField(refused, 'sign-up')).toBe('username');
  });

  it('reads the server refusing the name (invalid-input) in the same words', () => {
    const answer = Object.assign(new Error('Invalid input.'), { status: 400, code: 'invalid-input' });
    expect(authErrorMessage(answer, 'sign-up')).toBe(USERNAME_REFUSED);
    expect(authErrorField(answer, 'sign-up')).toBe('username');
    // Elsewhere an invalid input is not about a username.
    expect(authErrorMessage(answer, 'sign-in')).toBe('An error occurred.');
    expect(authErrorField(answer, 'sign-in')).toBeUndefined();
  });
});
