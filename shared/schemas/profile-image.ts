import { z } from 'zod';
import { httpsUrlSchema } from './https-url.ts';
import { recordIdSchema } from './keys.ts';
import { PROFILE_IMAGE_KINDS, type ProfileImageKind } from './profile-image-limits.ts';

// A member's profile images (spec sections 3 and 5): a header and an icon, always stored as PNG. The
// browser converts the chosen picture to a PNG within these bounds before it uploads it; the Worker
// checks the bytes again and refuses anything else.

export {
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_IMAGE_BOUNDS,
  PROFILE_IMAGE_KINDS,
  PROFILE_IMAGE_TARGET,
  type ProfileImageKind,
} from './profile-image-limits.ts';

export const profileImageKindSchema = z.enum(PROFILE_IMAGE_KINDS);

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
export const profileImageAnswerSchema = z.object({
  kind: profileImageKindSchema,
  address: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ProfileImageAnswer = z.infer<typeof profileImageAnswerSchema>;
