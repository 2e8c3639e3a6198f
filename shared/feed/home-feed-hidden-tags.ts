import { z } from 'zod';
import { hasHiddenTag } from '../catalogue/hidden-tags-filter.ts';
import { gameNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { Post } from '../schemas/post.ts';

const tagsSchema = z.array(z.string()).catch([]);

/**
 * The home feed's posts without those on the feed of a game with a tag the member hides (issue 12), in the
 * same order; the member's own posts stay. One read of each distinct game's tags on the page, in parallel
 * (at most the page's size), and none when the member hides nothing. A post whose feed's kind is not
 * recorded is looked up as a game too: a member's or event's id has no game record, so it stays.
 */
export async function withoutPostsOnHiddenTags<
  P extends Pick<Post, 'targetUUID' | 'targetType' | 'sourceUUID'>,
>(db: RtdbClient, uid: string, posts: readonly P[], hidden: ReadonlySet<string>): Promise<P[]> {
  if (hidden.size === 0) return [...posts];
  const onGames = (post: P) =>
    post.sourceUUID !== uid && (post.targetType === 'game' || post.targetType === undefined);
  const games = [...new Set(posts.filter(onGames).map((post) => post.targetUUID))];
  const tags = await Promise.all(games.map((game) => db.read(gameNode(game).child('tags').path, tagsSchema)));
  const leftOut = new Set(games.filter((_, i) => hasHiddenTag(tags[i] ?? [], hidden)));
  return posts.filter((post) => !(onGames(post) && leftOut.has(post.targetUUID)));
}
