import { z } from 'zod';
import { httpsUrlSchema } from './https-url.ts';
import { storedProfileImageAddressSchema } from './profile-image.ts';
import { recordIdSchema } from './keys.ts';
import { memberTextSchema } from './member-text.ts';
import type { RecordMeta } from './record-meta.ts';

/** A user's profile at `profiles/{uid}`: what the profile page shows beyond the public section. */
export const profileSchema = z.object({
  sourceUUID: recordIdSchema,
  brief: z.string().max(160).default(''),
  details: z.string().max(2000).default(''),
  /** The header image's address: https, or an image uploaded here (shared/schemas/profile-image.ts). */
  header: storedProfileImageAddressSchema,
  disabled: z.boolean().default(false),
  modified: z.number().optional(),
});

/** The body of a profile change: only the fields given change. */
export const profileUpdateRequestSchema = z
  .object({
    brief: memberTextSchema().max(160, 'At most 160 characters.'),
    details: memberTextSchema().max(2000, 'At most 2000 characters.'),
    header: httpsUrlSchema,
    disabled: z.boolean(),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change.');

export type ProfileRecord = z.infer<typeof profileSchema>;
export type Profile = ProfileRecord & RecordMeta;
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;
