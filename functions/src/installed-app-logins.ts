import { z } from 'zod';
import { guestDisplayName, GUEST_EMAIL_DOMAIN } from '../../shared/auth/account-api.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../../shared/rtdb/server-values.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';

// Guests and installed-app sign-in (spec sections 6 and 7). An installed web app keeps a device
// credential (accessId + accessKey) in its own storage. anon-auth signs that device in: as the account
// the credential is bound to, or, for a new credential, as a new temporary guest. process-login binds a
// device credential to the signed-in account, so the installed app signs in as that member from then on.
// Bindings live at `installed_apps/{accessId}` (no client reads it); only a hash of the key is stored.

/** `POST anon-auth`. */
export const anonAuthRequestSchema = z.object({
  domain_uri: z.url({ protocol: /^https?$/ }).max(200),
  accessId: recordIdSchema,
  accessKey: z.string().min(16).max(200),
});
/** `POST process-login`. */
export const processLoginRequestSchema = z.object({
  accessId: recordIdSchema,
  accessKey: z.string().min(16).max(200),
  uid: recordIdSchema,
});
export type AnonAuthRequest = z.infer<typeof anonAuthRequestSchema>;
export type ProcessLoginRequest = z.infer<typeof processLoginRequestSchema>;

/** What these functions need of Firebase Auth (firebase-admin's Auth, or a test double). */
export interface AuthAdmin {
  createUser(properties: {
    uid: string;
    email: string;
    displayName: string;
    emailVerified: boolean;
  }): Promise<unknown>;
  createCustomToken(uid: string): Promise<string>;
}

export const installedAppPath = (accessId: string): string => `installed_apps/${accessId}`;

const bindingSchema = z.object({ uid: recordIdSchema, keyHash: z.string() });

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A Firebase-style uid: 28 characters of [A-Za-z0-9], from the platform's CSPRNG. */
export function newUid(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(
    crypto.getRandomValues(new Uint8Array(28)),
    (byte) => alphabet[byte % alphabet.length],
  ).join('');
}

/** A credential presented with the wrong key for a known accessId. */
export class DeviceCredentialRefused extends Error {
  override readonly name = 'DeviceCredentialRefused';
}

/**
 * anon-auth: a custom token for the account bound to this device credential, or for a new guest
 * (temporary address, display name `web-` + last 8 of its uid) bound to it. The browser then signs in
 * with the token.
 */
export async function anonAuth(
  db: RtdbClient,
  auth: AuthAdmin,
  request: AnonAuthRequest,
): Promise<{ success: true; token: string; uid: string; guest: boolean }> {
  const keyHash = await sha256(request.accessKey);
  const { value, etag } = await db.getTagged(installedAppPath(request.accessId));
  const bound = bindingSchema.safeParse(value);
  if (bound.success) {
    if (bound.data.keyHash !== keyHash) throw new DeviceCredentialRefused('wrong access key');
    return {
      success: true,
      token: await auth.createCustomToken(bound.data.uid),
      uid: bound.data.uid,
      guest: false,
    };
  }
  const uid = newUid();
  // Claim the accessId first (only if still unbound), so two first launches cannot make two guests.
  const claimed = await db.put(
    installedAppPath(request.accessId),
    { uid, keyHash, domain: request.domain_uri, created: SERVER_TIMESTAMP },
    { ifMatch: etag },
  );
  if (claimed === null) return anonAuth(db, auth, request);
  await auth.createUser({
    uid,
    email: `${uid.toLowerCase()}@${GUEST_EMAIL_DOMAIN}`,
    displayName: guestDisplayName(uid),
    emailVerified: false,
  });
  return { success: true, token: await auth.createCustomToken(uid), uid, guest: true };
}

/**
 * process-login: binds the device credential to `uid`, the account signed in on it (proven by the
 * caller's verified ID token: `callerUid`). A credential already bound elsewhere moves only with its key.
 */
export async function processLogin(
  db: RtdbClient,
  callerUid: string,
  request: ProcessLoginRequest,
): Promise<{ success: boolean }> {
  if (callerUid !== request.uid) return { success: false };
  const keyHash = await sha256(request.accessKey);
  const bound = bindingSchema.safeParse(await db.get(installedAppPath(request.accessId)));
  if (bound.success && bound.data.keyHash !== keyHash) return { success: false };
  await db.patch(installedAppPath(request.accessId), {
    uid: request.uid,
    keyHash,
    modified: SERVER_TIMESTAMP,
  });
  return { success: true };
}
