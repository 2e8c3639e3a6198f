import { initializeApp } from 'firebase/app';
import {
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  browserLocalPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  linkWithCredential,
  onAuthStateChanged,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import {
  isGuestEmail,
  type AuthClientConfig,
  type CurrentUserRecord,
} from '../../../shared/auth/account-api.ts';
import type { DeviceCredential } from '../../../shared/schemas/device-sign-in.ts';
import { SESSION_COOKIE } from '../../../shared/session-cookie.ts';
import type { AuthService } from '../../auth/auth-service.ts';
import { AuthState, type AuthFlowName, type SessionUser } from '../../auth/auth-state.ts';
import { announceSession, hearSessionElsewhere } from '../../components/session-channel.ts';
import { ApiError, callApi, type IdTokenSource } from '../api-client.ts';
import { forgetOfflinePages } from '../service-worker/forget-offline-pages.ts';

// The browser's accounts, on the Firebase Auth SDK (the local Auth emulator in development). Loaded on
// first use by the browser entry's services (client/browser/browser-services.ts), never while the server
// renders. The Worker's API and the installed-app functions are reached through the one API client.

/** Where an installed app keeps its device credential for anon-auth / process-login. */
const DEVICE_CREDENTIAL_KEY = 'questline.device';

/**
 * No ID token: a device signing in (anon-auth) proves itself with its credential alone, whoever else this
 * browser may hold a session for. The browser reaches anon-auth, process-login and process-logout at
 * `/api/functions/…`: the Worker counts each against its limit and passes it on to the function
 * (worker/api/device-sign-in.ts, device-bindings.ts); the functions answer nobody else.
 */
const WITHOUT_TOKEN: IdTokenSource = {
  current: () => Promise.resolve(null),
  refreshed: () => Promise.resolve(null),
};

/** How long signing out waits for the server to end the device's binding before it is done anyway. */
const END_BINDING_WAIT_MS = 5000;

const uidOf = (user: { uid: string } | null): string | null => user?.uid ?? null;

function sessionUserOf(user: User | null): SessionUser | null {
  if (!user) return null;
  return { uid: user.uid, email: user.email, displayName: user.displayName, guest: isGuestEmail(user.email) };
}

/** Keeps the `__session` cookie holding the current ID token (Firebase refreshes it hourly). */
function writeSessionCookie(token: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = token
    ? `${SESSION_COOKIE}=${token}; Path=/; Max-Age=3600; SameSite=Lax${secure}`
    : `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

function randomKey(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function storeDeviceCredential(credential: DeviceCredential): DeviceCredential {
  localStorage.setItem(DEVICE_CREDENTIAL_KEY, JSON.stringify(credential));
  return credential;
}

/** A credential no binding has seen: signing in with it can only ever make a new guest. */
function newDeviceCredential(): DeviceCredential {
  return storeDeviceCredential({ accessId: randomKey(12), accessKey: randomKey(24) });
}

function storedDeviceCredential(): DeviceCredential | null {
  const stored = localStorage.getItem(DEVICE_CREDENTIAL_KEY);
  return stored ? (JSON.parse(stored) as DeviceCredential) : null;
}

function forgetDeviceCredential(): void {
  localStorage.removeItem(DEVICE_CREDENTIAL_KEY);
}

/** The ID tokens of a Firebase user, for the API client: the cached one, then a forced refresh. */
function tokensOf(user: User): IdTokenSource {
  return {
    current: async () => {
      const token = await user.getIdToken();
      writeSessionCookie(token);
      return token;
    },
    refreshed: async () => {
      const token = await user.getIdToken(true);
      writeSessionCookie(token);
      return token;
    },
  };
}

/** The signed-in user's tokens; an `ApiError` (unauthenticated) when nobody is signed in. */
function signedIn(user: User | null): IdTokenSource {
  if (!user) throw new ApiError({ status: 401, code: 'unauthenticated', message: 'Please sign in.' });
  return tokensOf(user);
}

/**
 * process-logout with the token of a session already ended here: sent as keepalive (api-client.ts), so it
 * is delivered even if the page moves on, and waited for END_BINDING_WAIT_MS at most. No fresh token is
 * asked for if it is refused: nobody is signed in any more. A failure changes nothing here: this browser
 * is signed out already.
 */
async function endDeviceBinding(device: DeviceCredential, token: string): Promise<void> {
  const tokens: IdTokenSource = {
    current: () => Promise.resolve(token),
    refreshed: () => Promise.resolve(null),
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, END_BINDING_WAIT_MS);
  });
  try {
    await Promise.race([
      callApi((api) => api.functions['process-logout'].$post({ json: device }), tokens).then(
        () => undefined,
        () => undefined,
      ),
      waited,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

class FirebaseAuthService implements AuthService {
  readonly state = new AuthState();
  readonly publicAppMode: boolean;
  readonly #auth: Auth;
  /**
   * Who another tab of this browser has signed in since (null: it signed out), while this tab's SDK still
   * holds someone else: the SDK hears the stored user change only at its next look at IndexedDB (every
   * 800 ms, far less often in a tab in the background). Until it has caught up, its user is nobody's:
   * refreshing that user's token would bring back a session ended elsewhere, or act as the wrong member.
   */
  #elsewhere: { user: SessionUser | null } | null = null;

  constructor(config: AuthClientConfig) {
    this.publicAppMode = config.publicAppMode;
    const app = initializeApp({
      apiKey: config.apiKey,
      projectId: config.projectId,
      authDomain: `${config.projectId}.firebaseapp.com`,
    });
    // initializeAuth with explicit persistence, not getAuth: getAuth bundles the popup and redirect
    // sign-in machinery, which Questline does not use.
    // https://firebase.google.com/docs/auth/web/custom-dependencies
    this.#auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
    if (config.authEmulatorUrl)
      connectAuthEmulator(this.#auth, config.authEmulatorUrl, { disableWarnings: true });
    onAuthStateChanged(this.#auth, () => {
      this.#providerChanged();
    });
    hearSessionElsewhere((user) => {
      this.#elsewhere = { user };
      this.#providerChanged();
    });
    onIdTokenChanged(this.#auth, (user) => {
      // The cookie is the whole browser's: a tab behind another one's change leaves it as that tab wrote it.
      if (this.#elsewhere) return;
      if (!user) {
        writeSessionCookie(null);
        return;
      }
      user.getIdToken().then(writeSessionCookie, () => {
        writeSessionCookie(null);
      });
    });
  }

  /** Who is signed in, as this tab tells its pages: the SDK's user, or the one another tab signed in since. */
  #providerChanged(): void {
    if (uidOf(this.#elsewhere?.user ?? null) === uidOf(this.#auth.currentUser)) this.#elsewhere = null;
    this.state.providerChanged(
      this.#elsewhere ? this.#elsewhere.user : sessionUserOf(this.#auth.currentUser),
    );
  }

  /** The SDK's user, unless another tab has signed in or out since and the SDK has not caught up yet. */
  #user(): User | null {
    return this.#elsewhere ? null : this.#auth.currentUser;
  }

  /**
   * Runs a flow of this tab's own. Once it has succeeded, the SDK here holds the session it wrote, whatever
   * another tab said before, and the other tabs hear who is signed in now.
   */
  async #run<T>(flow: AuthFlowName, body: () => Promise<T>): Promise<T> {
    const result = await this.state.runFlow(flow, body);
    this.#elsewhere = null;
    this.#providerChanged();
    announceSession(sessionUserOf(this.#auth.currentUser));
    return result;
  }

  async signUp(input: { username: string; email: string; password: string }): Promise<CurrentUserRecord> {
    // A guest's session may still be coming back from storage (the page was just loaded): wait for it
    // (before the flow, which holds back the provider's answers), or the guest would get a second, new
    // account instead of becoming a member.
    await this.state.ready();
    return this.#run('signup', async () => {
      const check = await callApi((api) =>
        api.accounts.usernames[':username'].$get({ param: { username: input.username } }),
      );
      if (!check.available) throw new ApiError({ status: 409, code: 'username-in-use' });
      const current = this.#user();
      let user: User;
      let createdNow = false;
      if (current && isGuestEmail(current.email)) {
        // A guest becomes a member: same uid, so everything it did stays its own.
        user = (await linkWithCredential(current, EmailAuthProvider.credential(input.email, input.password)))
          .user;
      } else {
        user = (await createUserWithEmailAndPassword(this.#auth, input.email, input.password)).user;
        createdNow = true;
      }
      try {
        const record = await callApi(
          (api) => api.accounts.$post({ json: { username: input.username } }),
          signedIn(user),
        );
        await updateProfile(user, { displayName: input.username });
        await sendEmailVerification(user, { url: `${location.origin}/login` });
        await this.#bindDevice(user);
        return record;
      } catch (error) {
        // The name was taken between the check and the claim: the new Firebase account goes too, so the
        // address can sign up again with another name.
        if (createdNow && error instanceof ApiError) await user.delete().catch(() => undefined);
        throw error;
      }
    });
  }

  signIn(email: string, password: string): Promise<void> {
    return this.#run('login', async () => {
      const { user } = await signInWithEmailAndPassword(this.#auth, email, password);
      writeSessionCookie(await user.getIdToken());
      await this.#bindDevice(user);
    });
  }

  async signOut(): Promise<void> {
    const ended = await this.#run('logout', async () => {
      // Signing out signs out here first, whatever the server answers: the device credential is
      // forgotten and the session ended before the server is told, so a refused (429), unavailable
      // (503) or lost call, or a tab closed meanwhile, still leaves this browser signed out and a later
      // guest on it a new guest. The server then ends the device's binding (process-logout through the
      // Worker); if it cannot, this browser no longer holds the key, and the binding lapses once unused for
      // its lifetime (BINDING_LIFETIME_MS, functions/src/installed-app-logins.ts).
      const device = storedDeviceCredential();
      const user = this.#user();
      forgetDeviceCredential();
      // The member's token for that call, taken while the session lasts (a refresh that fails: not told).
      const token = device && user ? await user.getIdToken().catch(() => null) : null;
      await signOut(this.#auth);
      writeSessionCookie(null);
      return { device, token };
    });
    // Once the other tabs have been told: the server's part may take a few seconds.
    if (ended.device && ended.token) await endDeviceBinding(ended.device, ended.token);
    // The pages kept for reading offline go too: the next person at this browser starts afresh.
    await forgetOfflinePages().catch(() => undefined);
  }

  signInAsGuest(): Promise<void> {
    // Always a fresh credential: "continue as guest" never signs anyone in as an earlier account.
    return this.#run('login', () => this.#signInWithDevice(newDeviceCredential()));
  }

  async tryInstalledAppLogin(): Promise<boolean> {
    // Only an installed app (standalone display) signs itself in with its device credential.
    const installed = matchMedia('(display-mode: standalone)').matches;
    const device = storedDeviceCredential();
    if (!installed || !device) return false;
    try {
      await this.#run('login', () => this.#signInWithDevice(device));
      return true;
    } catch (error) {
      // Refused (expired, revoked, or its key used elsewhere): the credential is of no more use.
      if (error instanceof ApiError && error.code === 'access-denied') forgetDeviceCredential();
      return false;
    }
  }

  async #signInWithDevice(device: DeviceCredential): Promise<void> {
    // Through the Worker (/api/functions/anon-auth), which counts new guests per address.
    const answer = await callApi(
      (api) => api.functions['anon-auth'].$post({ json: { domain_uri: location.origin, ...device } }),
      WITHOUT_TOKEN,
    );
    if (!answer.success || !answer.token) throw new ApiError({ status: 502, code: 'default' });
    // Every use rotates the key: the one just sent is spent.
    if (answer.accessKey) storeDeviceCredential({ accessId: device.accessId, accessKey: answer.accessKey });
    const { user } = await signInWithCustomToken(this.#auth, answer.token);
    writeSessionCookie(await user.getIdToken());
  }

  /**
   * process-login: this device signs in as this member from now on. The credential is made here when
   * the device has none yet: an installed app shares its origin's storage with the browser tab it was
   * installed from, and it signs itself in with that credential only in standalone display mode
   * (tryInstalledAppLogin).
   */
  async #bindDevice(user: User): Promise<void> {
    const device = storedDeviceCredential() ?? newDeviceCredential();
    // Through the Worker, which counts it among the member's writes. Should it be refused (429) or fail,
    // the member is signed in all the same; only the installed app will not sign them in by itself.
    await callApi(
      (api) => api.functions['process-login'].$post({ json: { ...device, uid: user.uid } }),
      tokensOf(user),
    ).catch(() => undefined);
  }

  async sendPasswordReset(email: string): Promise<void> {
    // The e-mail's link leads back to the login page, which recognises `t=pwdrs` (spec section 2).
    await sendPasswordResetEmail(this.#auth, email, { url: `${location.origin}/login?t=pwdrs` });
  }

  async confirmPasswordReset(code: string, newPassword: string): Promise<void> {
    await confirmPasswordReset(this.#auth, code, newPassword);
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const user = this.#user();
    if (!user?.email)
      throw new ApiError({ status: 401, code: 'unauthenticated', message: 'Please sign in.' });
    // Changing a password needs a fresh sign-in with the current one (spec section 5).
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
    await updatePassword(user, newPassword);
    // The change revoked every device binding of the account; this device, where it was made, binds again.
    await this.#bindDevice(user);
  }

  async currentUser(): Promise<CurrentUserRecord | null> {
    const user = this.#user();
    if (!user) return null;
    try {
      return await callApi((api) => api.me.$get(), signedIn(user));
    } catch {
      return null;
    }
  }

  async freshIdToken(): Promise<string | null> {
    // Wait for the persisted session to be restored: before that, currentUser is null for everyone.
    await this.state.ready();
    const user = this.#user();
    if (!user) return null;
    try {
      // Forced: the token at hand was refused, so the cached one may be the very same.
      const token = await user.getIdToken(true);
      writeSessionCookie(token);
      return token;
    } catch {
      return null;
    }
  }
}

let service: Promise<AuthService> | undefined;

/** The one auth service of this page, configured from the Worker (`GET /api/accounts/config`). */
export function authService(): Promise<AuthService> {
  service ??= callApi((api) => api.accounts.config.$get()).then((config) => new FirebaseAuthService(config));
  return service;
}
