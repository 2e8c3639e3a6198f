import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_IMAGE_BOUNDS,
  profileImageAddress,
  profileImageAnswerSchema,
  profileImageKindSchema,
} from '../../shared/schemas/profile-image.ts';
import { commitProfileImage } from '../../shared/transitions/profile-image.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { checkPng } from '../profile-images/png-check.ts';
import { refuseGuestPictures } from '../profile-images/refuse-guest-pictures.ts';
import { profileImageKey, profileImageVersion } from '../profile-images/storage.ts';
import { apiRoutes, jsonAnswer, memberWriteRoute } from './route-definition.ts';

/**
 * Uploads over the limit answer 413 as soon as the declared length or the bytes counted so far pass
 * it: a 12 MB body is never read whole. https://hono.dev/docs/middleware/builtin/body-limit
 */
const boundedImage: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_PROFILE_IMAGE_BYTES,
  onError() {
    throw apiError(413, 'payload-too-large', {
      message: 'This picture is too large: at most 2 MB.',
      detail: 'profile image over the limit',
    });
  },
});

const upload = memberWriteRoute({
  method: 'put',
  path: '/{kind}',
  // Picture uploads (PNG bodies), through the profile page: left out of the document.
  hide: true,
  summary: 'Upload one’s header or icon as a PNG',
  // The body is the PNG's own bytes, read by the handler (a JSON body would be validated here): bounded
  // before its kind is checked, as a request of any other path is.
  middleware: [refuseGuestPictures, boundedImage],
  request: { params: z.object({ kind: profileImageKindSchema }) },
  responses: { 200: jsonAnswer(profileImageAnswerSchema, 'The picture’s new address.') },
});

/**
 * A member's profile images (spec section 5): `PUT /api/users/me/images/{header|icon}` with the PNG as
 * the body. Refused before anything is stored: no session (401), a guest (403), another kind (400),
 * another type (415), nothing sent (400), too large (413), not a PNG within the kind's bounds or whose
 * pixel data is more than they need (400). Accepted, the picture is drawn again from its pixels alone
 * (no text, colour profile or anything else the file carried) and that is stored in R2; the member's
 * record points at its new versioned address and the edge's copy of their page is dropped.
 */
export const profileImagesApi = apiRoutes().openapi(upload, async (c) => {
  const { kind } = c.req.valid('param');
  const uid = c.var.user.uid;
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'image/png')
    throw apiError(415, 'invalid-input', {
      message: 'Send the picture as a PNG (image/png).',
      detail: `profile image of type ${type || 'none'}`,
    });
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length === 0) throw apiError(400, 'invalid-input', { message: 'Choose a picture first.' });
  const check = checkPng(bytes, PROFILE_IMAGE_BOUNDS[kind]);
  if (!check.ok)
    throw apiError(400, 'invalid-input', {
      message: check.message,
      detail: `profile image ${check.reason}`,
    });

  const version = await profileImageVersion(check.png);
  await c.env.PROFILE_IMAGES.put(profileImageKey(uid, kind), check.png, {
    httpMetadata: { contentType: 'image/png' },
    customMetadata: { version },
  });
  const address = profileImageAddress(uid, kind, version);
  await commitProfileImage(c.var.database.server, uid, kind, address);
  // The member's page shows both pictures: its edge copy goes, so the next view has the new one.
  purgeFeedPage(c, { feed: { type: 'user', id: uid } });
  return c.json({ kind, address, width: check.width, height: check.height }, 200);
});
