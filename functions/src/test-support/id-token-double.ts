// TEST DOUBLE for firebase-admin's verifyIdToken, which needs Google's keys or the Auth emulator: a
// token here is `id-token-for:<uid>` and proves that uid; anything else is refused. The real check is
// covered by the browser tests (tests/e2e/auth/), where the Auth emulator issues the tokens.

const PREFIX = 'id-token-for:';

/** The stand-in token that proves `uid`. */
export function idTokenFor(uid: string): string {
  return `${PREFIX}${uid}`;
}

/** The uid a stand-in token proves; rejects anything else, as verifyIdToken rejects a bad token. */
export function verifyIdTokenDouble(token: string): Promise<string> {
  if (!token.startsWith(PREFIX) || token.length === PREFIX.length)
    return Promise.reject(new Error('auth/argument-error'));
  return Promise.resolve(token.slice(PREFIX.length));
}
