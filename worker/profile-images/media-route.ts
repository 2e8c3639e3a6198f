import { Hono } from 'hono';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { profileImageKindSchema, profileImageVersionSchema } from '../../shared/schemas/profile-image.ts';
import type { AppEnv } from '../app-env.ts';
import { profileImageKey } from './storage.ts';

/** A year: an address with the picture's current version never shows anything else. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Without the current version (an old or missing `v`), a browser checks again soon. */
const REVALIDATE = 'public, max-age=60';

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE },
  });
}

/**
 * Members' uploaded images from the PROFILE_IMAGES bucket: `/media/users/{uid}/{header|icon}.png?v=…`.
 * Served as image/png with nosniff whatever the bytes, and kept for good when `v` is the current version.
 */
export const mediaRoutes = new Hono<AppEnv>().get('/users/:uid/:file', async (c) => {
  const uid = recordIdSchema.safeParse(c.req.param('uid'));
  const kind = profileImageKindSchema.safeParse(c.req.param('file').replace(/\.png$/, ''));
  if (!uid.success || !kind.success || !c.req.param('file').endsWith('.png')) return notFound();
  const object = await c.env.PROFILE_IMAGES.get(profileImageKey(uid.data, kind.data));
  if (!object) return notFound();
  const requested = profileImageVersionSchema.safeParse(c.req.query('v'));
  const current = requested.success && requested.data === object.customMetadata?.version;
  return new Response(object.body, {
    headers: {
      'Content-Type': 'image/png',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': current ? IMMUTABLE : REVALIDATE,
      ETag: object.httpEtag,
    },
  });
});
