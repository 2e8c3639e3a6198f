import type { AuthAdmin } from '../installed-app-logins.ts';

// TEST DOUBLE for firebase-admin's Auth: records the users it is asked to create, signs nothing, and
// answers each account's `tokensValidAfterTime` as the test sets it (the provider moves it on a password
// change or reset). The real Auth emulator path is covered by the browser tests (tests/e2e/auth/).
export function fakeAuth() {
  const users: { uid: string; email: string; displayName: string }[] = [];
  const revokedAt = new Map<string, number>();
  const deleted = new Set<string>();
  const admin: AuthAdmin = {
    createUser(properties) {
      users.push(properties);
      return Promise.resolve(properties);
    },
    createCustomToken(uid) {
      return Promise.resolve(`custom-token-for:${uid}`);
    },
    getUser(uid) {
      if (deleted.has(uid)) return Promise.reject(new Error('auth/user-not-found'));
      const at = revokedAt.get(uid);
      return Promise.resolve({
        tokensValidAfterTime: at === undefined ? undefined : new Date(at).toUTCString(),
      });
    },
  };
  return { admin, users, revokedAt, deleted };
}
