import { facetEntry } from '../catalogue/catalogue-facets.ts';
import { Refusal } from '../refusal.ts';
import { userHiddenTagsNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { MAX_HIDDEN_TAGS } from '../schemas/hidden-tags.ts';
import { TransitionBusyError } from './gated-transition.ts';
import { TransitionRefused } from './transition-refused.ts';

/** A member who already hides MAX_HIDDEN_TAGS tags asked to hide one more: 400, nothing was written. */
export class HiddenTagsFullError extends Refusal {
  override readonly name = 'HiddenTagsFullError';
  constructor(detail: string) {
    super(400, 'invalid-input', {
      message: `You can hide at most ${String(MAX_HIDDEN_TAGS)} tags. Show one again first.`,
      detail,
    });
  }
}

/** Tries of the conditional write before answering busy (another hide or unhide of the same member raced it). */
const ATTEMPTS = 3;

/** The stored map as read with its ETag (anything else at the node counts as no hidden tags). */
async function readTagged(
  db: RtdbClient,
  uid: string,
): Promise<{ slugs: Record<string, unknown>; etag: string }> {
  const { value, etag } = await db.getTagged(userHiddenTagsNode(uid).path);
  const slugs = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { slugs, etag };
}

/**
 * Hides the tag `slug` from member `uid`: it must be a tag of the catalogue's directory (a tag with no
 * games is refused as missing), and the member may hide at most MAX_HIDDEN_TAGS. Written as one
 * conditional PUT of the member's hidden tags (if-match the ETag read), so two hides at once cannot
 * take the member past the limit: the one that lost reads again. Hiding a hidden tag changes nothing.
 * Answers whether something changed.
 */
export async function commitHideTag(
  db: RtdbClient,
  uid: string,
  slug: string,
): Promise<{ changed: boolean }> {
  if ((await facetEntry(db, 'tag', slug)) === null)
    throw new TransitionRefused('target-missing', 'That tag does not exist.', `tag ${slug} not found`);
  const node = userHiddenTagsNode(uid);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const { slugs, etag } = await readTagged(db, uid);
    if (slug in slugs) return { changed: false };
    if (Object.keys(slugs).length >= MAX_HIDDEN_TAGS)
      throw new HiddenTagsFullError(`${uid} hides too many tags`);
    if (await db.putIfUnchanged(node.path, { ...slugs, [slug]: SERVER_TIMESTAMP }, etag))
      return { changed: true };
  }
  throw new TransitionBusyError(`hidden tags of ${uid} kept changing`);
}

/** Shows the tag `slug` to member `uid` again (one PATCH); showing a tag that is not hidden changes nothing. */
export async function commitShowTag(
  db: RtdbClient,
  uid: string,
  slug: string,
): Promise<{ changed: boolean }> {
  const node = userHiddenTagsNode(uid).child(slug);
  if ((await db.get(node.path)) === null) return { changed: false };
  await db.patch('', node.set(null));
  return { changed: true };
}
