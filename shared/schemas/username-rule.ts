// What a username may be, without zod: the schema the Worker checks (usernameSchema, ./user.ts) is built
// from these, and the sign-up form checks a name against them before sending it, where zod is not
// shipped (scripts/client-bundle-budget.test.ts keeps it out of every browser chunk).

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Letters, digits and underscores: what a profile address (`/user/{username}`) carries as it is. */
export const USERNAME_CHARACTERS = /^[A-Za-z0-9_]+$/;

/** Whether `username` keeps the rule: the same answer as usernameSchema, for the browser. */
export function keepsUsernameRule(username: string): boolean {
  return (
    username.length >= USERNAME_MIN_LENGTH &&
    username.length <= USERNAME_MAX_LENGTH &&
    USERNAME_CHARACTERS.test(username)
  );
}
