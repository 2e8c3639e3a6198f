import type { AppEnv, SignedInEnv } from '../app-env.ts';
import { clientAddressKey } from './client-address.ts';
import { rateLimit } from './rate-limit.ts';
import { READ_METHODS } from '../read-methods.ts';

/**
 * A member's writes (posts, comments, likes, follows, blocks, answers, profile and picture edits, editor
 * and developer edits), counted twice, after requireUser and before anything is read:
 *
 * - against their verified uid: 120 a minute (MEMBER_WRITES_LIMITER). Someone answering suggestions as
 *   fast as they can read them, or liking down a feed, makes one write every second or two; a script
 *   posting or liking on a stolen session is held to two a second. A library import following hundreds
 *   of games waits its turn (Retry-After) rather than failing.
 * - against the visitor's address: 300 a minute (MEMBER_ADDRESS_WRITES_LIMITER). Accounts cost nothing
 *   to make, so a per-account limit alone gives a script 120 more writes a minute with every account it
 *   signs up; the address does not multiply. A household, an office or a LAN party behind one address
 *   is a few people each writing far below their own limit, so 300 leaves them room.
 */
export const limitMemberWrites = rateLimit<SignedInEnv>(
  {
    limiter: 'MEMBER_WRITES_LIMITER',
    keyOf: (c) => `member:${c.var.user.uid}`,
    counts: (c) => !READ_METHODS.has(c.req.method),
  },
  {
    limiter: 'MEMBER_ADDRESS_WRITES_LIMITER',
    keyOf: (c) => `writes-from:${clientAddressKey(c.req.header('CF-Connecting-IP'))}`,
    counts: (c) => !READ_METHODS.has(c.req.method),
  },
);

/**
 * A member's reads that each cost the database many reads (their shelves of a page's 50 games, their whole
 * `gamelist` for the import's preview, their export, taste in common's two thousand entries), counted by
 * kind, after requireUser and before anything is read: against their uid (MEMBER_WRITES_LIMITER under a key
 * of the kind: 120 a minute) and their address (MEMBER_ADDRESS_WRITES_LIMITER, likewise). A member asks each
 * once a page or once an import; a script asking in a loop (on any account, a member's or not) is held to
 * two a second per account, and its accounts together to the address's limit, not to one more 120 a minute
 * with each account made. Reads of one record stay unlimited.
 */
export function limitCostlyReads(kind: string) {
  return rateLimit<SignedInEnv>(
    { limiter: 'MEMBER_WRITES_LIMITER', keyOf: (c) => `${kind}:${c.var.user.uid}` },
    {
      limiter: 'MEMBER_ADDRESS_WRITES_LIMITER',
      keyOf: (c) => `${kind}-from:${clientAddressKey(c.req.header('CF-Connecting-IP'))}`,
    },
  );
}

/**
 * Sign-ups (POST /api/accounts: an account becoming a member), counted against the visitor's address,
 * before the token is even checked: 10 a minute (SIGN_UPS_LIMITER). A household, a classroom or a LAN
 * party behind one address signs up a few people a minute; a script minting accounts is held to 10.
 */
export const limitSignUps = rateLimit<AppEnv>({
  limiter: 'SIGN_UPS_LIMITER',
  keyOf: (c) => clientAddressKey(c.req.header('CF-Connecting-IP')),
});

/**
 * Device sign-ins (POST /api/functions/anon-auth), where every new guest is made, counted against the
 * visitor's address: 20 a minute (GUESTS_LIMITER). "Continue as guest" is pressed once per visit, and an
 * installed app signs itself in once per launch; a script minting guest accounts is held to 20. The
 * function answers nobody but the Worker (shared/api/worker-only-functions.ts), so this is the only way in.
 */
export const limitGuests = rateLimit<AppEnv>({
  limiter: 'GUESTS_LIMITER',
  keyOf: (c) => clientAddressKey(c.req.header('CF-Connecting-IP')),
});

/**
 * Page-view beacons (POST /api/page-views, one per completed navigation), counted against the visitor's
 * address: 300 a minute (PAGE_VIEWS_LIMITER). A reader opens a few pages a minute, an office behind one
 * address a few dozen; a script inflating a page's views is held to five a second.
 */
export const limitPageViews = rateLimit<AppEnv>({
  limiter: 'PAGE_VIEWS_LIMITER',
  keyOf: (c) => clientAddressKey(c.req.header('CF-Connecting-IP')),
});

/**
 * Child sitemaps at a start no stored sitemap index names (`/sitemaps/<kind>.xml?from=<key>`), counted
 * against the visitor's address: 30 a minute (SITEMAP_CHILDREN_LIMITER). Each is a fresh read of up to
 * SITEMAP_PAGE_SIZE records that is never stored (worker/seo/sitemap.ts). A crawler following the index
 * asks for the starts it names, answered from their stored copies and never counted; one holding an index
 * older than the stored one asks for a few starts that have moved, about ten for the whole site; a script
 * walking made-up starts is held to one bounded read every two seconds.
 */
export const limitUnlistedSitemapChildren = rateLimit<AppEnv>({
  limiter: 'SITEMAP_CHILDREN_LIMITER',
  keyOf: (c) => clientAddressKey(c.req.header('CF-Connecting-IP')),
});
