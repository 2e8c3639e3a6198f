import { z } from 'zod';
import type { InstalledAppFunctions } from '../api/installed-app-functions.ts';
import { recordIdSchema } from './keys.ts';

/** A device credential's key (shared/api/installed-app-functions.ts): random, never short. */
export const deviceAccessKeySchema = z.string().min(16).max(200);

/**
 * `anon-auth`: a device signing in with its credential, as the account it is bound to or as a new guest.
 * Checked by the Worker, which counts it against the address's guest limit, and again by the function.
 */
export const deviceSignInRequestSchema = z.object({
  domain_uri: z.url({ protocol: /^https?$/ }).max(200),
  accessId: recordIdSchema,
  accessKey: deviceAccessKeySchema,
}) satisfies z.ZodType<InstalledAppFunctions['anon-auth']['body']>;

/** The function's answer: a custom token to sign in with and the device's next key. */
export const deviceSignInAnswerSchema = z.object({
  success: z.boolean(),
  token: z.string().max(10_000).optional(),
  accessKey: deviceAccessKeySchema.optional(),
}) satisfies z.ZodType<InstalledAppFunctions['anon-auth']['answer']>;

/**
 * `process-login`: the signed-in member binds this device's credential to their account (`uid` is theirs:
 * the function refuses another). Checked by the Worker, which counts it against the member's writes, and
 * again by the function.
 */
export const deviceBindRequestSchema = z.object({
  accessId: recordIdSchema,
  accessKey: deviceAccessKeySchema,
  uid: recordIdSchema,
}) satisfies z.ZodType<InstalledAppFunctions['process-login']['body']>;

/** `process-logout`: the member signing out ends this device's binding. Checked on both sides too. */
export const deviceUnbindRequestSchema = z.object({
  accessId: recordIdSchema,
  accessKey: deviceAccessKeySchema,
}) satisfies z.ZodType<InstalledAppFunctions['process-logout']['body']>;

/** What either answers: whether the binding was made or ended. */
export const deviceBindingAnswerSchema = z.object({
  success: z.boolean(),
}) satisfies z.ZodType<InstalledAppFunctions['process-login']['answer']>;
