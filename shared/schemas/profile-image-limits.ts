// The limits of a member's profile images (spec section 5) without zod, so the browser's upload form
// reads the same numbers as the Worker's check (shared/schemas/profile-image.ts) without shipping zod.

/** The kinds of profile image a member uploads. */
export const PROFILE_IMAGE_KINDS = ['header', 'icon'] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

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
