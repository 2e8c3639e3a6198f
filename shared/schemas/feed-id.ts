import type { FollowTargetType } from './follow.ts';
import type { POST_TARGET_TYPES } from './post.ts';

// A target is named by its kind AND its id: `{kind}:{id}` (`user:questline`, `game:hades`,
// `event:hades`, `list:indie-essentials`). Member uids, game and event deep links and list codes are
// chosen apart, so the same id can name a member, a game and an event at once; a feed keyed by the id
// alone let an event called "Questline" post into the default account's feed, which every member's home
// feed reads. With the kind in the name, the feed of one target can never be another's, whatever ids
// members, developers or editors choose: no check at creation is needed, it holds by construction.
//
// Why `:`: a Realtime Database key may hold it (keys refuse only `.`, `$`, `#`, `[`, `]`, `/` and
// control characters: https://firebase.google.com/docs/database/web/structure-data#how_data_is_structured_its_a_json_tree),
// it needs no escaping in a REST path, and it is no character of any id (shared/schemas/keys.ts: letters,
// digits, `-` and `_`), so a name splits at its one `:` and no kind's name is a prefix of another's.
// It is also not the feed key's `|` (shared/feed/feed-key.ts), so a feed key still splits as before.

/** The kinds of feed a post can be written on (a member's, a game's or an event's). */
export type FeedKind = (typeof POST_TARGET_TYPES)[number];
/** The name of one target, kind and id (see above). */
export type TargetName<K extends FollowTargetType = FollowTargetType> = `${K}:${string}`;
/** The name of one feed: the key of `posts_by_id`, `feed_activity` and the head of its posts' feed keys. */
export type FeedId = TargetName<FeedKind>;

const SEPARATOR = ':';
/** Kept apart from the post schema's list so that the browser's live feed needs no schema to name a feed. */
const FEED_KINDS = ['user', 'game', 'event'] as const satisfies readonly FeedKind[];
const FEED_ID_PATTERN = new RegExp(`^(${FEED_KINDS.join('|')})${SEPARATOR}([A-Za-z0-9_-]+)$`);
const TARGET_KINDS = [...FEED_KINDS, 'list'] as const satisfies readonly FollowTargetType[];
const TARGET_NAME_PATTERN = new RegExp(`^(${TARGET_KINDS.join('|')})${SEPARATOR}([A-Za-z0-9_-]+)$`);

/** The name of the target `id` of kind `kind` (a follow's target, a feed). */
export function targetName<K extends FollowTargetType>(kind: K, id: string): TargetName<K> {
  return `${kind}${SEPARATOR}${id}`;
}

/** The feed of the user, game or event `id`. */
export function feedIdOf(kind: FeedKind, id: string): FeedId {
  return targetName(kind, id);
}

/** The kind and id a feed id names, or null when it is not one (an id alone, as feeds were keyed before). */
export function parseFeedId(feedId: string): { kind: FeedKind; id: string } | null {
  const match = FEED_ID_PATTERN.exec(feedId);
  if (!match) return null;
  const [, kind = '', id = ''] = match;
  return { kind: kind as FeedKind, id };
}

/** The kind and id a target name names (`list:indie` included), or null when it is not one. */
export function parseTargetName(name: string): { kind: FollowTargetType; id: string } | null {
  const match = TARGET_NAME_PATTERN.exec(name);
  if (!match) return null;
  const [, kind = '', id = ''] = match;
  return { kind: kind as FollowTargetType, id };
}

/** Whether a key is a target name (`{kind}:{id}`) rather than an id alone: ids never hold the separator. */
export function isTargetName(key: string): boolean {
  return key.includes(SEPARATOR);
}

/** The feed a post is on, or null when its record does not say which kind of target it was written on. */
export function postFeedId(post: { targetType?: FeedKind | undefined; targetUUID: string }): FeedId | null {
  return post.targetType === undefined ? null : feedIdOf(post.targetType, post.targetUUID);
}
