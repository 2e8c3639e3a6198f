import { z } from 'zod';
import { recordIdSchema } from './keys.ts';

// The installed-app sign-in's calls (anon-auth, process-login, process-logout), as the Worker's routes
// take and answer them (worker/api/device-sign-in.ts, device-bindings.ts) and the functions behind them
// check them again (functions/src/installed-app-logins.ts). They answer success with `success` (the
// spec's calls name it) and errors in the API's envelope.

/** A device credential's key: random, never short. */
export const deviceAccessKeySchema = z.string().min(16).max(200);

/** The credential an installed app keeps in its own storage. */
export const deviceCredentialSchema = z.object({
  accessId: recordIdSchema,
  accessKey: deviceAccessKeySchema,
});
export type DeviceCredential = z.infer<typeof deviceCredentialSchema>;

/**
 * `anon-auth`: a device signing in with its credential, as the account it is bound to or as a new guest.
 * Checked by the Worker, which counts it against the address's guest limit, and again by the function.
 */
export const deviceSignInRequestSchema = deviceCredentialSchema.extend({
  domain_uri: z.url({ protocol: /^https?$/ }).max(200),
});

/**
 * The function's answer: `token` is a custom token to sign in with; the device keeps `accessKey` in place
 * of the one it sent.
 */
export const deviceSignInAnswerSchema = z.object({
  success: z.boolean(),
  token: z.string().max(10_000).optional(),
  accessKey: deviceAccessKeySchema.optional(),
});
export type DeviceSignInAnswer = z.infer<typeof deviceSignInAnswerSchema>;

/**
 * `process-login`: the signed-in member binds this device's credential to their account (`uid` is theirs:
 * the function refuses another). Checked by the Worker, which counts it against the member's writes, and
 * again by the function.
 */
export const deviceBindRequestSchema = deviceCredentialSchema.extend({ uid: recordIdSchema });

/** `process-logout`: the member signing out ends this device's binding. Checked on both sides too. */
export const deviceUnbindRequestSchema = deviceCredentialSchema;

/** What either answers: whether the binding was made or ended. */
export const deviceBindingAnswerSchema = z.object({ success: z.boolean() });
export type DeviceBindingAnswer = z.infer<typeof deviceBindingAnswerSchema>;
