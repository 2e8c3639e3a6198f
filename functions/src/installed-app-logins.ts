import { z } from 'zod';
import { createGuestAccount } from '../../shared/accounts/account-sections.ts';
import { guestDisplayName, GUEST_EMAIL_DOMAIN } from '../../shared/auth/account-api.ts';
import { installedAppPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import {
  deviceBindRequestSchema,
  deviceSignInRequestSchema,
  deviceUnbindRequestSchema,
} from '../../shared/schemas/device-sign-in.ts';

// Guests and installed-app sign-in (spec sections 6 and 7). An installed web app keeps a device
// credential (accessId + accessKey) in its own storage. anon-auth signs that device in: as the account
// the credential is bound to, or, for a new credential, as a new temporary guest. process-login binds a
// device credential to the signed-in account, so the installed app signs in as that member from then on;
// process-logout unbinds it when the member signs out on that device.
// Bindings live at `installed_apps/{accessId}` (no client reads it); only a hash of the key is stored.
// A binding lasts BINDING_LIFETIME_MS from its last use, and every use rotates the key (a copied key
// stops working as soon as the device signs in again). A password change or reset revokes every binding
// made before it: the provider records that moment as the account's `tokensValidAfterTime`.

/** How long a device stays signed in without being used. */
export const BINDING_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

// Each request schema validates what the browser sends per the shared contract (shared/api/).
/** `POST anon-auth` (the Worker checks it too, before counting it: shared/schemas/device-sign-in.ts). */
export const anonAuthRequestSchema = deviceSignInRequestSchema;
/** `POST process-login` (the Worker checks it too, before counting it). */
export const processLoginRequestSchema = deviceBindRequestSchema;
/** `POST process-logout` (likewise). */
export const processLogoutRequestSchema = deviceUnbindRequestSchema;
export type AnonAuthRequest = z.infer<typeof anonAuthRequestSchema>;
export type ProcessLoginRequest = z.infer<typeof processLoginRequestSchema>;
export type ProcessLogoutRequest = z.infer<typeof processLogoutRequestSchema>;

/** What these functions need of Firebase Auth (firebase-admin's Auth, or a test double). */
export interface AuthAdmin {
  createUser(properties: {
    uid: string;
    email: string;
    displayName: string;
    emailVerified: boolean;
  }): Promise<unknown>;
  createCustomToken(uid: string): Promise<string>;
  /** Throws for an account that no longer exists. */
  getUser(uid: string): Promise<{ tokensValidAfterTime?: string | undefined }>;
}

const bindingSchema = z.object({
  uid: recordIdSchema,
  keyHash: z.string(),
  /** When this device was bound (ms): a binding older than the account's last revocation is void. */
  created: z.number(),
  /** When it stops working unless used again (ms). */
  expiresAt: z.number(),
});
type Binding = z.infer<typeof bindingSchema>;

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

/** A new device key: 24 random bytes as hex. */
export function newAccessKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** A credential that cannot sign in: a wrong key, or a binding expired or revoked (it is then removed). */
export class DeviceCredentialRefused extends Error {
  override readonly name = 'DeviceCredentialRefused';
}

/** Whether the account still exists and has not revoked its sessions since the device was bound. */
async function bindingStillValid(auth: AuthAdmin, binding: Binding, now: number): Promise<boolean> {
  if (binding.expiresAt <= now) return false;
  try {
    const { tokensValidAfterTime } = await auth.getUser(binding.uid);
    const revokedAt = tokensValidAfterTime ? Date.parse(tokensValidAfterTime) : Number.NaN;
    return Number.isNaN(revokedAt) || binding.created >= revokedAt;
  } catch {
    return false; // the account is gone
  }
}

/**
 * anon-auth: a custom token for the account bound to this device credential (with the key rotated:
 * the answer's `accessKey` replaces the device's), or for a new guest bound to it (temporary address,
 * display name `web-` + last 8 of its uid, and its user record, like any account). The browser then
 * signs in with the token.
 */
export async function anonAuth(
  db: RtdbClient,
  auth: AuthAdmin,
  request: AnonAuthRequest,
  now: number = Date.now(),
): Promise<{ success: true; token: string; uid: string; guest: boolean; accessKey: string }> {
  const path = installedAppPath(request.accessId);
  const keyHash = await sha256(request.accessKey);
  const { value, etag } = await db.getTagged(path);
  const bound = bindingSchema.safeParse(value);
  if (bound.success) {
    if (bound.data.keyHash !== keyHash) throw new DeviceCredentialRefused('wrong access key');
    if (!(await bindingStillValid(auth, bound.data, now))) {
      await db.putIfUnchanged(path, null, etag);
      throw new DeviceCredentialRefused('binding expired or revoked');
    }
    const accessKey = newAccessKey();
    const rotated: Binding = {
      ...bound.data,
      keyHash: await sha256(accessKey),
      expiresAt: now + BINDING_LIFETIME_MS,
    };
    // Only over the entry just read: of two uses of one key at once, one wins and the other is refused.
    if (!(await db.putIfUnchanged(path, rotated, etag)))
      throw new DeviceCredentialRefused('the key was used at the same moment elsewhere');
    const token = await auth.createCustomToken(bound.data.uid);
    return { success: true, token, uid: bound.data.uid, guest: false, accessKey };
  }
  if (value !== null) throw new DeviceCredentialRefused('unreadable binding');
  const uid = newUid();
  // Claim the accessId first (only if still unbound), so two first launches cannot make two guests.
  const binding: Binding = { uid, keyHash, created: now, expiresAt: now + BINDING_LIFETIME_MS };
  if (!(await db.putIfUnchanged(path, { ...binding, domain: request.domain_uri }, etag)))
    return anonAuth(db, auth, request, now);
  await auth.createUser({
    uid,
    email: `${uid.toLowerCase()}@${GUEST_EMAIL_DOMAIN}`,
    displayName: guestDisplayName(uid),
    emailVerified: false,
  });
  await createGuestAccount(db, uid);
  const token = await auth.createCustomToken(uid);
  return { success: true, token, uid, guest: true, accessKey: request.accessKey };
}

/** How often a conditional write is tried again after another request changed the entry first. */
const CONDITIONAL_WRITE_ATTEMPTS = 5;

/**
 * process-login: binds the device credential to `uid`, the account signed in on it (proven by the
 * caller's verified ID token: `callerUid`), with a conditional write over the entry it checked. A
 * credential already bound elsewhere moves only with its key.
 */
export async function processLogin(
  db: RtdbClient,
  callerUid: string,
  request: ProcessLoginRequest,
  now: number = Date.now(),
): Promise<{ success: boolean }> {
  if (callerUid !== request.uid) return { success: false };
  const path = installedAppPath(request.accessId);
  const keyHash = await sha256(request.accessKey);
  for (let attempt = 0; attempt < CONDITIONAL_WRITE_ATTEMPTS; attempt++) {
    const { value, etag } = await db.getTagged(path);
    const bound = bindingSchema.safeParse(value);
    if (value !== null && (!bound.success || bound.data.keyHash !== keyHash)) return { success: false };
    const binding: Binding = {
      uid: request.uid,
      keyHash,
      created: now,
      expiresAt: now + BINDING_LIFETIME_MS,
    };
    if (await db.putIfUnchanged(path, binding, etag)) return { success: true };
  }
  return { success: false };
}

/**
 * process-logout: the member signing out on this device ends its binding, so the device's credential
 * signs nobody in any more (a later "continue as guest" is a new guest). Only the bound account, with
 * the key, can end it; ending a binding that is already gone succeeds.
 */
export async function processLogout(
  db: RtdbClient,
  callerUid: string,
  request: ProcessLogoutRequest,
): Promise<{ success: boolean }> {
  const path = installedAppPath(request.accessId);
  const keyHash = await sha256(request.accessKey);
  for (let attempt = 0; attempt < CONDITIONAL_WRITE_ATTEMPTS; attempt++) {
    const { value, etag } = await db.getTagged(path);
    if (value === null) return { success: true };
    const bound = bindingSchema.safeParse(value);
    if (!bound.success || bound.data.uid !== callerUid || bound.data.keyHash !== keyHash)
      return { success: false };
    if (await db.putIfUnchanged(path, null, etag)) return { success: true };
  }
  return { success: false };
}
