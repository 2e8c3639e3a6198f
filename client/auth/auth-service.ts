import type { CurrentUserRecord } from '../../shared/auth/account-api.ts';
import type { AuthState } from './auth-state.ts';

/** Everything the pages ask of accounts; implemented in the browser with the Firebase Auth SDK. */
export interface AuthService {
  state: AuthState;
  /** Public-app mode: the guard does not wait for sign-in. */
  publicAppMode: boolean;
  signUp(input: { username: string; email: string; password: string }): Promise<CurrentUserRecord>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  signInAsGuest(): Promise<void>;
  /** The installed web app's own sign-in (device credential via anon-auth); false when there is none. */
  tryInstalledAppLogin(): Promise<boolean>;
  sendPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** `GET /api/me` with the current ID token. */
  currentUser(): Promise<CurrentUserRecord | null>;
  /**
   * A newly issued ID token of the signed-in user (also written to the session cookie), for an API call
   * whose token was refused; null when nobody is signed in.
   */
  freshIdToken(): Promise<string | null>;
}

/** Loads the browser's implementation (client/browser/auth/), which only the browser entry knows. */
export type AuthServiceLoader = () => Promise<AuthService>;

let loader: AuthServiceLoader | undefined;

/**
 * Lends the pages the browser's auth service; called once by the browser entry
 * (client/browser/browser-services.ts). The server never provides one: it renders no account actions.
 */
export function provideAuthService(load: AuthServiceLoader): void {
  loader = load;
}

/** The browser's auth service, loaded on first use (never during the server render). */
export function loadAuthService(): Promise<AuthService> {
  return loader ? loader() : Promise.reject(new Error('No auth service on the server'));
}
