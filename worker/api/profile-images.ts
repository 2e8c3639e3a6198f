import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_IMAGE_BOUNDS,
  profileImageAddress,
  profileImageKindSchema,
  type ProfileImageAnswer,
} from '../../shared/schemas/profile-image.ts';
import { commitProfileImage } from '../../shared/transitions/profile-image.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { checkPng } from '../profile-images/png-check.ts';
import { refuseGuestPictures } from '../profile-images/refuse-guest-pictures.ts';
import { profileImageKey, profileImageVersion } from '../profile-images/storage.ts';
import { validate } from '../validate.ts';

const kindParams = z.object({ kind: profileImageKindSchema });

/**
 * Uploads over the limit answer 413 as soon as the declared length or the bytes counted so far pass
 * it: a 12 MB body is never read whole. https://hono.dev/docs/middleware/builtin/body-limit
 */
const boundedImage = bodyLimit({
  maxSize: MAX_PROFILE_IMAGE_BYTES,
  onError() {
    throw apiError(413, 'payload-too-large', {
      message: 'This picture is too large: at most 2 MB.',
      detail: 'profile image over the limit',
    });
  },
});

/**
 * A member's profile images (spec section 5): `PUT /api/users/me/images/{header|icon}` with the PNG as
 * the body. Refused before anything is stored: no session (401), a guest (403), another kind (400),
 * another type (415), nothing sent (400), too large (413), not a PNG within the kind's bounds or whose
 * pixel data is more than they need (400). Accepted, the picture is drawn again from its pixels alone
 * (no text, colour profile or anything else the file carried) and that is stored in R2; the member's
 * record points at its new versioned address and the edge's copy of their page is dropped.
 */
export const profileImagesApi = new Hono<AppEnv>().put(
  '/:kind',
  requireUser,
  memberWrites,
  refuseGuestPictures,
  validate('param', kindParams),
  boundedImage,
  async (c) => {
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
    const answer: ProfileImageAnswer = { kind, address, width: check.width, height: check.height };
    return c.json(answer);
  },
);
