import {
  keepsUsernameRule,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../shared/schemas/username-rule.ts';

// What a username may be, said where it is chosen (the sign-up form's hint) and when one is refused
// (the field's error), by the rule the server checks it against (shared/schemas/username-rule.ts): a
// name refused here is never sent, so neither the availability check nor the account's creation is
// asked about it.

const LENGTHS = `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters`;

/** The rule, shown under the username field before anything is typed. */
export const USERNAME_HINT = `${LENGTHS}: letters, digits and underscores.`;

/** The field's error for a name the rule refuses, here or by the server (`invalid-input`). */
export const USERNAME_REFUSED = `A username has ${LENGTHS}, only letters, digits and underscores (no spaces).`;

/** A username the rule refuses: read as `invalid-input`, as the server's answer to it would be. */
export class UsernameRefused extends Error {
  readonly code = 'invalid-input';
  constructor() {
    super(USERNAME_REFUSED);
    this.name = 'UsernameRefused';
  }
}

/** Throws UsernameRefused unless `username` keeps the rule. */
export function checkUsername(username: string): void {
  if (!keepsUsernameRule(username)) throw new UsernameRefused();
}
