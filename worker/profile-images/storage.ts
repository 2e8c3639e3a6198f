import type { ProfileImageKind } from '../../shared/schemas/profile-image.ts';

// Where a member's images live in the PROFILE_IMAGES bucket (spec section 7: users/{uid}/header.png or
// icon.png). One object per kind: a new upload replaces the old picture, and its version (kept in the
// object's metadata) tells the current address from an old one.

export function profileImageKey(uid: string, kind: ProfileImageKind): string {
  return `users/${uid}/${kind}.png`;
}

/** The version of a PNG: the first 16 hex digits of its SHA-256. */
export async function profileImageVersion(png: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', png));
  return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
