import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { isGuestEmail, isGuestName } from '../../shared/auth/account-api.ts';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import { apiError } from '../api-error.ts';
import type { SignedInEnv } from '../auth/require-user.ts';

// A guest is a temporary account (spec section 6): the browse page offers it no profile editor, and a
// picture is something published for good at an address anyone can open. So the API refuses a guest's
// upload too, before its body is read. A guest is known by what anon-auth made it with: its generated
// address (`…@guest.questline.invalid`, in the token) and its `web-…` name (in its record). The record
// is read as well because a guest can change its address at the auth provider; its name changes only by
// signing up, which makes it a member.

/** The words a guest is answered with: what to do to add a picture. */
export const GUEST_PICTURE_MESSAGE = 'Guests cannot add profile pictures. Create an account to add yours.';

/** API middleware, after requireUser and the write limits: a guest's upload is refused with 403. */
export const refuseGuestPictures: MiddlewareHandler<SignedInEnv> = async function refuseGuestPictures(
  c,
  next,
) {
  const { uid, claims } = c.var.user;
  const guest =
    isGuestEmail(typeof claims.email === 'string' ? claims.email : null) ||
    isGuestName(
      await c.var.database.server.read(userSectionNode(uid, 'public').child('username').path, z.string()),
    );
  if (guest)
    throw apiError(403, 'forbidden', {
      message: GUEST_PICTURE_MESSAGE,
      detail: `a profile picture from guest ${uid}`,
    });
  await next();
};
