import { z } from 'zod';
import { facetEntry } from '../../shared/catalogue/catalogue-facets.ts';
import { hasHiddenTag, hiddenTagSlugs } from '../../shared/catalogue/hidden-tags-filter.ts';
import { gameNode, userHiddenTagsNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import {
  gamesWithHiddenTagsSchema,
  hiddenTagChangeSchema,
  hiddenTagSlugSchema,
  hiddenTagsAnswerSchema,
  hiddenTagsMapSchema,
  MAX_HIDDEN_TAGS,
  type HiddenTag,
} from '../../shared/schemas/hidden-tags.ts';
import { commitHideTag, commitShowTag } from '../../shared/transitions/hidden-tags.ts';
import { apiRoutes, jsonAnswer, memberRoute, memberWriteRoute } from './route-definition.ts';
import { BUSY, notFound } from './route-failures.ts';

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

// Not in the public reference (the browse page's tag filter): defined with `hide: true`, still validated
// and typing the browser's calls.

const hiddenTagsOfMember = memberRoute({
  method: 'get',
  path: '/',
  hide: true,
  responses: { 200: jsonAnswer(hiddenTagsAnswerSchema, 'The tags the caller hides, most recently first.') },
});

const gamesWithHiddenTags = memberRoute({
  method: 'get',
  path: '/games',
  hide: true,
  request: { query: gameChecksQuery },
  responses: { 200: jsonAnswer(gamesWithHiddenTagsSchema, 'The games asked about with a hidden tag.') },
});

const changeRoute = (method: 'put' | 'delete') =>
  memberWriteRoute({
    method,
    path: '/{slug}',
    hide: true,
    request: { params: tagParams },
    responses: { 200: jsonAnswer(hiddenTagChangeSchema, 'The tag’s state after the change.') },
    refusals:
      method === 'put'
        ? [
            notFound('tag', 'That tag does not exist.'),
            {
              status: 400,
              code: 'invalid-input',
              when: `The member already hides ${String(MAX_HIDDEN_TAGS)} tags, the most there can be.`,
              message: `You can hide at most ${String(MAX_HIDDEN_TAGS)} tags. Show one again first.`,
            },
            BUSY,
          ]
        : [],
  });

const hideTag = changeRoute('put');
const showTag = changeRoute('delete');

/**
 * The tags the caller never wants to see (shared/schemas/hidden-tags.ts): GET lists them with their names,
 * most recently hidden first; GET /games?ids=a,b answers which of those games have a hidden tag (for
 * pages shown alike to everyone, such as trending on home, to leave them out after hydration); PUT /:slug hides a tag of the catalogue (404 for a tag it does not have, 400
 * past MAX_HIDDEN_TAGS, nothing written either way); DELETE /:slug shows it again. Both are idempotent.
 */
export const hiddenTagsApi = apiRoutes()
  .openapi(hiddenTagsOfMember, async (c) => {
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
    return c.json({ tags }, 200);
  })
  .openapi(gamesWithHiddenTags, async (c) => {
    const { ids } = c.req.valid('query');
    const user = c.var.user;
    const hidden = await hiddenTagSlugs(c.var.database.asUser(user.idToken), user.uid);
    // A member who hides nothing costs one read; otherwise one read of each game's tags, in parallel.
    if (hidden.size === 0) return c.json({ hidden: [] }, 200);
    const db = c.var.database.public;
    const tags = await Promise.all(ids.map((id) => db.read(gameNode(id).child('tags').path, tagsSchema)));
    return c.json({ hidden: ids.filter((_, i) => hasHiddenTag(tags[i] ?? [], hidden)) }, 200);
  })
  .openapi(hideTag, async (c) => {
    const { slug } = c.req.valid('param');
    const user = c.var.user;
    // A tag the catalogue lacks answers 404 and a member hiding too many 400 (the transition's refusals).
    const outcome = await commitHideTag(c.var.database.server, user.uid, slug);
    return c.json({ slug, hidden: true, ...outcome }, 200);
  })
  .openapi(showTag, async (c) => {
    const { slug } = c.req.valid('param');
    const outcome = await commitShowTag(c.var.database.server, c.var.user.uid, slug);
    return c.json({ slug, hidden: false, ...outcome }, 200);
  });
