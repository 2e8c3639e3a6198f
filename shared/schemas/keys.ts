import { z } from 'zod';

/**
 * A deep link as it appears in URLs (`game/{deepLink}`): lower-case ASCII words joined by hyphens.
 * Also a valid database key, so it can name a record directly.
 */
export const deepLinkSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');

/** A database key made by push ids or by Firebase Auth (uids): no characters the database forbids. */
export const recordIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.');
