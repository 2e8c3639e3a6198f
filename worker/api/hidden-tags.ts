import { Hono } from 'hono';
import { z } from 'zod';
import { facetEntry } from '../../shared/catalogue/catalogue-facets.ts';
import { hasHiddenTag, hiddenTagSlugs } from '../../shared/catalogue/hidden-tags-filter.ts';
import { gameNode, userHiddenTagsNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import {
  hiddenTagSlugSchema,
  hiddenTagsMapSchema,
  type HiddenTag,
} from '../../shared/schemas/hidden-tags.ts';
import { commitHideTag, commitShowTag } from '../../shared/transitions/hidden-tags.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { validate } from '../validate.ts';

const tagParams = z.object({ slug: hiddenTagSlugSchema });

/** Most games one "which of these do I not want to see" request may ask about (each is a read). */
const MAX_GAME_CHECKS = 50;
const gameChecksQuery = z.object({
  ids: z
    .string()
    .max(MAX_GAME_CHECKS * 130)
    .transform((list) => [...new Set(list.split(',').filter((id) => id !== ''))])
    .pipe(z.array(recordIdSchema).max(MAX_GAME_CHECKS, `At most ${String(MAX_GAME_CHECKS)} at once.`)),
});
const tagsSchema = z.array(z.string()).catch([]);

/**
 * The tags the caller never wants to see (shared/schemas/hidden-tags.ts): GET lists them with their names,
 * most recently hidden first; GET /games?ids=a,b answers which of those games have a hidden tag (for
 * pages shown alike to everyone, such as trending on home, to leave them out after hydration); PUT /:slug hides a tag of the catalogue (404 for a tag it does not have, 400
 * past MAX_HIDDEN_TAGS, nothing written either way); DELETE /:slug shows it again. Both are idempotent.
 */
export const hiddenTagsApi = new Hono<AppEnv>()
  .use(requireUser, memberWrites)
  .get('/', async (c) => {
    const user = c.var.user;
    const stored = await c.var.database
      .asUser(user.idToken)
      .read(userHiddenTagsNode(user.uid).path, hiddenTagsMapSchema);
    const hidden = Object.entries(stored ?? {}).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
    // At most MAX_HIDDEN_TAGS small reads, in parallel; a tag gone from the catalogue keeps its slug as name.
    const entries = await Promise.all(hidden.map(([slug]) => facetEntry(c.var.database.public, 'tag', slug)));
    const tags: HiddenTag[] = hidden.map(([slug, hiddenAt], i) => ({
      slug,
      name: entries[i]?.name ?? slug,
      hiddenAt,
    }));
    return c.json({ tags });
  })
  .get('/games', validate('query', gameChecksQuery), async (c) => {
    const { ids } = c.req.valid('query');
    const user = c.var.user;
    const hidden = await hiddenTagSlugs(c.var.database.asUser(user.idToken), user.uid);
    // A member who hides nothing costs one read; otherwise one read of each game's tags, in parallel.
    if (hidden.size === 0) return c.json({ hidden: [] });
    const db = c.var.database.public;
    const tags = await Promise.all(ids.map((id) => db.read(gameNode(id).child('tags').path, tagsSchema)));
    return c.json({ hidden: ids.filter((_, i) => hasHiddenTag(tags[i] ?? [], hidden)) });
  })
  .put('/:slug', validate('param', tagParams), async (c) => {
    const { slug } = c.req.valid('param');
    const user = c.var.user;
    // A tag the catalogue lacks answers 404 and a member hiding too many 400 (the transition's refusals).
    const outcome = await commitHideTag(c.var.database.server, user.uid, slug);
    return c.json({ slug, hidden: true, ...outcome });
  })
  .delete('/:slug', validate('param', tagParams), async (c) => {
    const { slug } = c.req.valid('param');
    const outcome = await commitShowTag(c.var.database.server, c.var.user.uid, slug);
    return c.json({ slug, hidden: false, ...outcome });
  });
