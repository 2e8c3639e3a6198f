import { userHiddenTagsNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { facetSlug } from './catalogue-facets.ts';

/**
 * The tags a member hid, as the slugs the catalogue keys them by (empty when they hid none). `db` must be
 * allowed to read the member's private section: their token, or the server after proving who they are.
 */
export async function hiddenTagSlugs(db: RtdbClient, uid: string): Promise<ReadonlySet<string>> {
  const hidden = await db.get(userHiddenTagsNode(uid).path, { shallow: true });
  return new Set(hidden !== null && typeof hidden === 'object' ? Object.keys(hidden) : []);
}

/**
 * Whether a game with these tags is one the member does not want to see: one of its tags, keyed as the
 * catalogue's tag directory keys it (so "Survival Horror" is `survival-horror`, not `horror`), is hidden.
 */
export function hasHiddenTag(tags: readonly string[], hidden: ReadonlySet<string>): boolean {
  if (hidden.size === 0) return false;
  return tags.some((tag) => {
    const slug = facetSlug(tag);
    return slug !== null && hidden.has(slug);
  });
}

/** The games without any hidden tag, in the same order. */
export function withoutHiddenTags<T extends { tags: readonly string[] }>(
  games: readonly T[],
  hidden: ReadonlySet<string>,
): T[] {
  return hidden.size === 0 ? [...games] : games.filter((game) => !hasHiddenTag(game.tags, hidden));
}
