import { z } from 'zod';
import { httpsUrlSchema } from './https-url.ts';
import { recordIdSchema } from './keys.ts';

// A member's profile images (spec sections 3 and 5): a header and an icon, always stored as PNG. The
// browser converts the chosen picture to a PNG within these bounds before it uploads it; the Worker
// checks the bytes again and refuses anything else.

/** The kinds of profile image a member uploads. */
export const PROFILE_IMAGE_KINDS = ['header', 'icon'] as const;
export const profileImageKindSchema = z.enum(PROFILE_IMAGE_KINDS);
export type ProfileImageKind = z.infer<typeof profileImageKindSchema>;

/** The largest upload taken: a 1500×500 PNG from a canvas is well under 1 MB. */
export const MAX_PROFILE_IMAGE_BYTES = 2 * 1024 * 1024;

/** The largest picture of each kind, in pixels; the browser scales down to these before uploading. */
export const PROFILE_IMAGE_BOUNDS: Record<ProfileImageKind, { width: number; height: number }> = {
  header: { width: 1500, height: 500 },
  icon: { width: 512, height: 512 },
};

/** What the browser draws: the icon a 256-pixel square, the header at most 1500×500. */
export const PROFILE_IMAGE_TARGET: Record<
  ProfileImageKind,
  { width: number; height: number; crop: boolean }
> = {
  header: { width: 1500, height: 500, crop: false },
  icon: { width: 256, height: 256, crop: true },
};

/** A version: the first 16 hex digits of the PNG's SHA-256, so a new picture always has a new address. */
export const profileImageVersionSchema = z.string().regex(/^[0-9a-f]{16}$/);

/**
 * Where the Worker serves a member's image: on the site itself, so the address works on any origin
 * (the local stack is http). The version in the query string lets browsers keep it for good.
 */
export function profileImageAddress(uid: string, kind: ProfileImageKind, version: string): string {
  return `/media/users/${encodeURIComponent(uid)}/${kind}.png?v=${version}`;
}

/** One of our own image addresses, as `profileImageAddress` writes it. */
const ownImageAddressSchema = z
  .string()
  .max(200)
  .refine((address) => {
    const match = /^\/media\/users\/([^/?#]+)\/(header|icon)\.png\?v=([0-9a-f]{16})$/.exec(address);
    return match !== null && recordIdSchema.safeParse(decodeURIComponent(match[1] ?? '')).success;
  }, 'An image address of this site.');

/** A profile image's address: an https:// address set by hand, or one of our own uploaded images. */
export const profileImageAddressSchema = z.union([httpsUrlSchema, ownImageAddressSchema]);

/** The same read back from the database: anything else is dropped rather than shown. */
export const storedProfileImageAddressSchema = profileImageAddressSchema.optional().catch(undefined);

/** The answer to an upload: the image's new address (also written to the member's record). */
export interface ProfileImageAnswer {
  kind: ProfileImageKind;
  address: string;
  width: number;
  height: number;
}
