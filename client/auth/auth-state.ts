// The session's auth state as the spec's section 4 describes it, independent of Firebase so it can be
// tested: logged in exactly when a current user exists (the direct-app placeholder does not count);
// listeners hear only changes of the user id; changes arriving while a login, logout or sign-up is in
// progress are held back and applied, latest first, once the flow completes.

/** The uid an installed app uses before anyone signs in on it: counts as not logged in (spec sections 2, 6). */
export const DIRECT_APP_PLACEHOLDER_UID = 'direct-app-user';

// What the session knows of the current user: declared beside the session channel that carries it between
// tabs (client/components, which the auth layer builds on).
import type { SessionUser } from '../components/session-channel.ts';

export type { SessionUser };

export type AuthListener = (user: SessionUser | null) => void;

/** The flows during which provider events are queued. */
export type AuthFlowName = 'login' | 'logout' | 'signup';

export class AuthState {
  #user: SessionUser | null = null;
  #known = false;
  #listeners = new Set<AuthListener>();
  #flows = 0;
  #queued: { user: SessionUser | null } | undefined;
  #waiters: (() => void)[] = [];

  /** The current user; null before the first provider event and when signed out. */
  get user(): SessionUser | null {
    return this.#user;
  }

  /** Logged in: a current user exists and is not the direct-app placeholder. */
  get loggedIn(): boolean {
    return this.#user !== null && this.#user.uid !== DIRECT_APP_PLACEHOLDER_UID;
  }

  /** True once the provider has said who (if anyone) is signed in. */
  get known(): boolean {
    return this.#known;
  }

  /** Called for every provider event (onAuthStateChanged). */
  providerChanged(user: SessionUser | null): void {
    if (this.#flows > 0) {
      this.#queued = { user };
      return;
    }
    this.#apply(user);
  }

  /** Runs a login, logout or sign-up; provider events during it are applied when it settles. */
  async runFlow<T>(_flow: AuthFlowName, body: () => Promise<T>): Promise<T> {
    this.#flows += 1;
    try {
      return await body();
    } finally {
      this.#flows -= 1;
      if (this.#flows === 0 && this.#queued) {
        const { user } = this.#queued;
        this.#queued = undefined;
        this.#apply(user);
      }
    }
  }

  /** Listens to changes of the user id (not to token refreshes or profile updates). Answers an unsubscribe. */
  listen(listener: AuthListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves once the provider's first answer has been applied. */
  ready(): Promise<void> {
    if (this.#known) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #apply(user: SessionUser | null): void {
    const changed = (this.#user?.uid ?? null) !== (user?.uid ?? null);
    this.#user = user;
    if (!this.#known) {
      this.#known = true;
      for (const resolve of this.#waiters.splice(0)) resolve();
    }
    if (changed) for (const listener of [...this.#listeners]) listener(user);
  }
}
