// The Cloud Functions the browser calls for guests and installed apps (functions/src/index.ts), as the
// spec names them. They answer success with `success` (the spec's calls name it) and errors in the API's
// envelope (`ApiErrorBody`, codes of the shared union). Types only: the functions validate with zod.

/** The credential an installed app keeps in its own storage. */
export interface DeviceCredential {
  accessId: string;
  accessKey: string;
}

/**
 * Each function: what it is sent, what it answers, and `member: true` when the caller proves who it is
 * with an ID token.
 */
export interface InstalledAppFunctions {
  /** Signs a device in: as the account its credential is bound to, or as a new guest. */
  'anon-auth': {
    body: DeviceCredential & { domain_uri: string };
    /** `token` is a custom token to sign in with; the device keeps `accessKey` in place of the one it sent. */
    answer: { success: boolean; token?: string | undefined; accessKey?: string | undefined };
  };
  /** Binds the device to the signed-in member. */
  'process-login': { body: DeviceCredential & { uid: string }; answer: { success: boolean }; member: true };
  /** Ends the device's binding (signing out). */
  'process-logout': { body: DeviceCredential; answer: { success: boolean }; member: true };
}

export type InstalledAppFunction = keyof InstalledAppFunctions;
