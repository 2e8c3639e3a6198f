import { z } from 'zod';

/** The longest web address kept: what browsers and CDNs reliably carry. */
const MAX_URL_LENGTH = 2048;

/**
 * A web address a member sets (a profile header image, an icon): `https:` only. Other schemes are
 * refused — `javascript:` and `data:` run or embed content in our pages, `http:` is mixed content.
 * https://zod.dev/api#urls
 */
export const httpsUrlSchema = z
  .url({ protocol: /^https$/, error: 'An https:// web address.' })
  .max(MAX_URL_LENGTH, 'An https:// web address.');

/**
 * The same field read back from the database: a stored address that is not `https:` (written before
 * this check, or by hand) is dropped instead of being shown, and does not make the whole record unreadable.
 */
export const storedHttpsUrlSchema = httpsUrlSchema.optional().catch(undefined);
