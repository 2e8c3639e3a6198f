// Every node of the database in one place, named as the spec names them (section 3), so a path is
// never spelled twice. Ids passed in must already be validated keys (see schemas/keys.ts).
// `…Path` functions answer the path; `…Node` functions answer the node typed with what its schema
// accepts there (see multi-path-update.ts), which is how the write model writes.

import type { z } from 'zod';
import type { Shelf, shelfIndexEntrySchema } from '../schemas/shelf.ts';
import type { gameReviewEntrySchema, memberReviewEntrySchema } from '../schemas/review.ts';
import type { BlockKind } from '../schemas/block.ts';
import type { CatalogueFacet, facetEntrySchema } from '../schemas/catalogue-facet.ts';
import type { FeedId, TargetName } from '../schemas/feed-id.ts';
import type { eventSchema } from '../schemas/event.ts';
import type { FollowTargetType, followIndexEntrySchema, followSchema } from '../schemas/follow.ts';
import type { gameSchema } from '../schemas/game.ts';
import type { listActivitySchema } from '../schemas/list-activity-record.ts';
import type { likeActiveEntrySchema, likeSchema, LikeTargetType } from '../schemas/like.ts';
import type { notificationSchema, reportNotificationSchema } from '../schemas/notification-record.ts';
import type { postCommentSchema } from '../schemas/post-comment.ts';
import type { postSchema } from '../schemas/post.ts';
import type { profileSchema } from '../schemas/profile.ts';
import type { openReportSchema, reportRecordSchema } from '../schemas/report.ts';
import type { SuggestionAnswer, suggestionSchema } from '../schemas/suggestion.ts';
import type {
  userAdminSchema,
  userDeveloperSchema,
  userFollowsMapSchema,
  userPrivateSchema,
  userPublicSchema,
  userReadOnlySchema,
  UserSection,
  usersPublicEntrySchema,
} from '../schemas/user.ts';
import type { voteSchema } from '../schemas/vote.ts';
import { dbNode, type DbNode } from './multi-path-update.ts';

/** Top-level nodes. */
export const ROOTS = {
  users: 'users',
  usersPublic: 'users_public',
  games: 'games',
  events: 'events',
  lists: 'lists',
  listsPublic: 'lists-public',
  /** Games each curated list gained, as events its followers see (see shared/lists/list-activity.ts). */
  listActivity: 'list_activity',
  seMatrix: 'se_matrix',
  seMatrixSeedGames: 'se_matrix_seedgames',
  highlightsHome: 'highlights/home',
  trendingIndex: 'indices_public/trendingIndex',
  /** The browse directory: every genre and tag with its name and game count (see facetEntryPath). */
  catalogueFacets: 'indices_public/facets',
  /** What the trending job added to each game's `weighted_index` (server only; shared/jobs/trending-score.ts). */
  rankingActivity: 'ranking_activity',
  /** Where each game's summary is kept beside what shows it (server only; shared/catalogue/game-summary-places.ts). */
  gameSummaryPlaces: 'game_summary_places',
  logs: 'logs',
} as const;

/** A game record; games are keyed by their deep link (see schemas/game.ts for why). */
export const gamePath = (gameId: string): string => `${ROOTS.games}/${gameId}`;
/**
 * The games suggested with `gameId`, kept in its record so that its page reads them with it: suggested
 * game id → `{ ratio, …its summary }` (shared/catalogue/suggested-game-summaries.ts).
 */
export const suggestedGamesPath = (gameId: string): string => `${gamePath(gameId)}/suggested`;
/** The suggestion ratios of every game suggested alongside `gameId`. */
export const seMatrixPath = (gameId: string): string => `${ROOTS.seMatrix}/${gameId}`;
export const eventPath = (eventId: string): string => `${ROOTS.events}/${eventId}`;
export const listPath = (code: string): string => `${ROOTS.lists}/${code}`;
/** The records keeping a summary of `gameId`, place key (`list:{code}`, …) → true (see game-summary-places.ts). */
export const gameSummaryPlacesPath = (gameId: string): string => `${ROOTS.gameSummaryPlaces}/${gameId}`;
/** A list's revision, which editors' saves move on one at a time (shared/transitions/editor-revision.ts). */
export const listRevisionPath = (code: string): string => `${listPath(code)}/revision`;
/** The home highlights' revision, as for lists. */
export const HOME_HIGHLIGHTS_REVISION_PATH = `${ROOTS.highlightsHome}/revision`;
/** The highlighted games' summaries, game id → summary (shared/schemas/game-summary.ts). */
export const HOME_HIGHLIGHTS_SUMMARIES_PATH = `${ROOTS.highlightsHome}/game_summaries`;
/** The hottest games as home shows them, game id → `{ score, …its summary }`, kept by the trending job. */
export const HOME_TRENDING_PATH = `${ROOTS.highlightsHome}/trending`;
/** The best rated games as home and browse show them, game id → `{ rank, average, count, …summary }`, kept by the top-rated job. */
export const HOME_TOP_RATED_PATH = `${ROOTS.highlightsHome}/top_rated`;
/** The top games as home shows them, game id → `{ rank, …its summary }`, kept by the trending job and the import. */
export const HOME_TOP_GAMES_PATH = `${ROOTS.highlightsHome}/top_games`;
/** A list's entry in `lists-public`, the summary list pages and imports keep beside the list. */
export const listPublicPath = (code: string): string => `${ROOTS.listsPublic}/${code}`;
/** A list's events, event id → { games, count, timestamp }, read newest first by `timestamp`. */
export const listActivityPath = (code: string): string => `${ROOTS.listActivity}/${code}`;
/** Marks one of the suggestion engine's seed games: those a member who follows nothing is asked about first. */
export const seMatrixSeedGamePath = (gameId: string): string => `${ROOTS.seMatrixSeedGames}/${gameId}`;
/** One genre or tag of the browse directory: `{ name, count }` (see shared/catalogue/catalogue-facets.ts). */
export const facetEntryPath = (facet: CatalogueFacet, slug: string): string =>
  `${ROOTS.catalogueFacets}/${facet}/${slug}`;
/** Every genre's (or tag's) games: `indices_public/games_by_genre`, `indices_public/games_by_tag`. */
export const gamesByFacetPath = (facet: CatalogueFacet): string => `indices_public/games_by_${facet}`;
/** The games of one genre or tag, game id → sort value, read a page at a time in ranking order. */
export const gamesInFacetPath = (facet: CatalogueFacet, slug: string): string =>
  `${gamesByFacetPath(facet)}/${slug}`;
/** Page views of the local stack (production sends them to the Analytics Engine). */
export const PAGE_VIEWS_LOG_PATH = `${ROOTS.logs}/page_views`;

/** Top-level nodes of the social graph (spec section 3): records and the index nodes kept beside them. */
export const SOCIAL_ROOTS = {
  follows: 'follows',
  followsByUserId: 'follows_by_userid',
  followsByTargetId: 'follows_by_targetid',
  followsHistory: 'follows_history',
  likes: 'likes',
  likesHistory: 'likes_history',
  likesActive: 'likes_active',
  posts: 'posts',
  postsById: 'posts_by_id',
  postsByUid: 'posts_by_uid',
  comments: 'comments',
  votes: 'votes',
  profiles: 'profiles',
  suggestions: 'suggestions',
  suggestionsByUserId: 'suggestions_by_userid',
  suggestionsByTargetId: 'suggestions_by_targetid',
  /** The gate of the one-answer-per-user-and-target rule (see shared/transitions/gated-transition.ts). */
  suggestionsHistory: 'suggestions_history',
  emailsToIds: 'emails-to-ids',
  thirdPartyIdById: 'thirdpartyid_by_id',
  analyticsLogs: 'logs/analytics',
  /** Username claims, lower-cased username → uid (see usernameClaimPath). */
  usernames: 'usernames',
  /** Installed-app device credentials bound to accounts (see functions/src/installed-app-logins.ts). */
  installedApps: 'installed_apps',
  /** What each member is told about, by recipient (see shared/notifications/). */
  notifications: 'notifications',
  /** The newest notification time each member has seen. */
  notificationsSeen: 'notifications_seen',
  /** When each feed last changed, for open pages to follow (see feedActivityPath). */
  feedActivity: 'feed_activity',
  /** Members' reports, by item then reporter (see shared/transitions/report.ts); read by no client. */
  reports: 'reports',
  /** The items with open reports: the editors' queue, newest report last. */
  reportsOpen: 'reports_open',
  /** The open reports of each item, reporter → when: what handling the item resolves. */
  reportsPending: 'reports_pending',
} as const;

/** One section of a user (`public`, `private`, `admin`, `developer`, `readOnly`). */
export const userSectionPath = (uid: string, section: UserSection): string =>
  `${ROOTS.users}/${uid}/${section}`;
/** The copy of a member's newest followed games in their public section (shared/schemas/followed-copy.ts). */
export const followedCopyPath = (uid: string): string => `${userSectionPath(uid, 'public')}/followedGames`;
/** A user's entry in `users_public`, used to find users by username. */
export const usersPublicPath = (uid: string): string => `${ROOTS.usersPublic}/${uid}`;
/** The key of an e-mail in `emails-to-ids`: Firebase keys cannot hold dots, so they become commas. */
export const emailKey = (email: string): string => email.trim().toLowerCase().replaceAll('.', ',');
export const emailToIdPath = (email: string): string => `${SOCIAL_ROOTS.emailsToIds}/${emailKey(email)}`;
export const thirdPartyIdPath = (thirdPartyId: string): string =>
  `${SOCIAL_ROOTS.thirdPartyIdById}/${thirdPartyId}`;

/**
 * `usernames/{lower-cased username}` → uid: the claim that makes a username one account's. It is taken
 * with a conditional write (if-match `null_etag`: only if nobody holds it), so of two sign-ups racing
 * for one name exactly one wins. Read by no client (the rules' default denies it).
 * https://firebase.google.com/docs/reference/rest/database#section-conditional-requests
 */
export const usernameClaimPath = (username: string): string =>
  `${SOCIAL_ROOTS.usernames}/${username.toLowerCase()}`;

/** The binding of one installed app's device credential: no client reads it. */
export const installedAppPath = (accessId: string): string => `${SOCIAL_ROOTS.installedApps}/${accessId}`;

export const followPath = (followId: string): string => `${SOCIAL_ROOTS.follows}/${followId}`;
/** What `uid` follows, keyed by target name (`{kind}:{id}`, shared/schemas/feed-id.ts; active follows only). */
export const followsByUserIdPath = (uid: string): string => `${SOCIAL_ROOTS.followsByUserId}/${uid}`;
/**
 * Who follows the target `target` names (`{kind}:{id}`, shared/schemas/feed-id.ts), keyed by user id (active
 * follows only): kind and id, so an event's followers never share a node with a same-id member's or game's.
 */
export const followsByTargetIdPath = (target: TargetName): string =>
  `${SOCIAL_ROOTS.followsByTargetId}/${target}`;
/**
 * The one history entry of a (user, target) pair, the target named with its kind (`game:hades`): the
 * follow's id and state, and the transition gate.
 */
export const followHistoryPath = (uid: string, target: TargetName): string =>
  `${SOCIAL_ROOTS.followsHistory}/${uid}/${target}`;

export const likePath = (likeId: string): string => `${SOCIAL_ROOTS.likes}/${likeId}`;
export const likeHistoryPath = (uid: string, targetId: string): string =>
  `${SOCIAL_ROOTS.likesHistory}/${uid}/${targetId}`;
/** Who currently likes `targetId`, keyed by user id. */
export const likesActivePath = (targetId: string): string => `${SOCIAL_ROOTS.likesActive}/${targetId}`;

export const postPath = (postId: string): string => `${SOCIAL_ROOTS.posts}/${postId}`;
/**
 * The posts on the feed `feedId` (a user's, game's or event's, named with its kind: `game:hades`, see
 * shared/schemas/feed-id.ts), post id to timestamp.
 */
export const postsByIdPath = (feedId: FeedId): string => `${SOCIAL_ROOTS.postsById}/${feedId}`;
/** The posts written by `uid`, post id to timestamp. */
export const postsByUidPath = (uid: string): string => `${SOCIAL_ROOTS.postsByUid}/${uid}`;
export const commentPath = (commentId: string): string => `${SOCIAL_ROOTS.comments}/${commentId}`;
/**
 * `feed_activity/{feedId}` → server time of the last change to what the feed `feedId` (`event:hades`,
 * see shared/schemas/feed-id.ts) shows (a post, comment or like on it). Public and tiny, so an open page
 * streams it (EventSource) and re-reads its feed only when it moves, instead of streaming posts the
 * rules keep to the server.
 */
export const feedActivityPath = (feedId: FeedId): string => `${SOCIAL_ROOTS.feedActivity}/${feedId}`;

/** A user's vote of one type (one vote per type and user). */
export const votePath = (voteType: string, uid: string): string => `${SOCIAL_ROOTS.votes}/${voteType}/${uid}`;
/** A user's profile, keyed by the user's id. */
export const profilePath = (uid: string): string => `${SOCIAL_ROOTS.profiles}/${uid}`;

export const suggestionPath = (suggestionId: string): string => `${SOCIAL_ROOTS.suggestions}/${suggestionId}`;
/** `suggestions_by_userid/{uid}/{yes|no}/{targetId}` → suggestion id. */
export const suggestionsByUserIdPath = (uid: string): string => `${SOCIAL_ROOTS.suggestionsByUserId}/${uid}`;
/** `suggestions_by_targetid/{targetId}/{yes|no}/{uid}` → suggestion id. */
export const suggestionsByTargetIdPath = (targetId: string): string =>
  `${SOCIAL_ROOTS.suggestionsByTargetId}/${targetId}`;
/** Every answer `uid` gave, target id → entry (owner-readable). */
export const suggestionHistoryOfUserPath = (uid: string): string =>
  `${SOCIAL_ROOTS.suggestionsHistory}/${uid}`;
export const suggestionHistoryPath = (uid: string, targetId: string): string =>
  `${SOCIAL_ROOTS.suggestionsHistory}/${uid}/${targetId}`;

// Typed nodes: what each node holds is what its entity schema accepts (`z.input`: defaults may be left out).

/** What each section of a user holds. */
export interface UserSections {
  public: z.input<typeof userPublicSchema>;
  private: z.input<typeof userPrivateSchema>;
  admin: z.input<typeof userAdminSchema>;
  developer: z.input<typeof userDeveloperSchema>;
  readOnly: z.input<typeof userReadOnlySchema>;
}
/** Ids mapped to the time they were added (a user's follows, likes and blocks, post indexes). */
type TimestampMap = Record<string, number>;

/** One list's events (see listActivityPath). */
export const listActivityNode = (code: string): DbNode<Record<string, z.input<typeof listActivitySchema>>> =>
  dbNode(listActivityPath(code));
export const gameNode = (gameId: string): DbNode<z.input<typeof gameSchema>> => dbNode(gamePath(gameId));
/** How many members have the game on a shelf (its record's `shelves`, read with the game). */
export const shelfCountsNode = (gameId: string): DbNode<Partial<Record<Shelf, number>>> =>
  gameNode(gameId).child('shelves');
/** The member's shelf for a game (private `gamelist`): the gate of their shelf changes. */
export const gamelistEntryPath = (uid: string, gameId: string): string =>
  `${userSectionPath(uid, 'private')}/gamelist/${gameId}`;
/** A member's shelves as their profile lists them (public), by game id. */
export const shelvesByUserIdNode = (
  uid: string,
): DbNode<Record<string, z.input<typeof shelfIndexEntrySchema>>> => dbNode(`shelves_by_userid/${uid}`);
/** A game's reviews, post id → `{ rank }`: read best first by rank (shared/schemas/review.ts). */
export const gameReviewsNode = (
  gameId: string,
): DbNode<Record<string, z.input<typeof gameReviewEntrySchema>>> => dbNode(`game_reviews/${gameId}`);
/** A member's reviews (public), game id → `{ postId, timestamp, name }`: read newest first. */
export const reviewsByUserIdNode = (
  uid: string,
): DbNode<Record<string, z.input<typeof memberReviewEntrySchema>>> => dbNode(`reviews_by_userid/${uid}`);
export const eventNode = (eventId: string): DbNode<z.input<typeof eventSchema>> => dbNode(eventPath(eventId));
export const facetEntryNode = (
  facet: CatalogueFacet,
  slug: string,
): DbNode<z.input<typeof facetEntrySchema>> => dbNode(facetEntryPath(facet, slug));
/** Game id → the game's sort value in that genre or tag. */
export const gamesInFacetNode = (facet: CatalogueFacet, slug: string): DbNode<Record<string, string>> =>
  dbNode(gamesInFacetPath(facet, slug));
export const userSectionNode = <S extends UserSection>(uid: string, section: S): DbNode<UserSections[S]> =>
  dbNode(userSectionPath(uid, section));
export const usersPublicNode = (uid: string): DbNode<z.input<typeof usersPublicEntrySchema>> =>
  dbNode(usersPublicPath(uid));
/** `emails-to-ids/{email key}` → uid. */
export const emailToIdNode = (email: string): DbNode<string> => dbNode(emailToIdPath(email));
/** `usernames/{lower-cased username}` → uid (see usernameClaimPath). */
export const usernameClaimNode = (username: string): DbNode<string> => dbNode(usernameClaimPath(username));

/** What a user has blocked of one kind: `users/{uid}/private/blocks/{kind}/{id}` → time blocked. */
export const userBlocksNode = (uid: string, kind: BlockKind): DbNode<TimestampMap> =>
  userSectionNode(uid, 'private').child('blocks').child(kind);
/** The tags a member never wants to see: `users/{uid}/private/hiddenTags/{tagSlug}` → time hidden. */
export const userHiddenTagsNode = (uid: string): DbNode<TimestampMap> =>
  dbNode(`${userSectionPath(uid, 'private')}/hiddenTags`);
/** What a user likes: `users/{uid}/private/likes/{targetId}` → time liked (active likes only). */
export const userLikesNode = (uid: string): DbNode<TimestampMap> =>
  userSectionNode(uid, 'private').child('likes');
/** The key of each kind of target in a user's follows map. */
const FOLLOWS_MAP_KEY = { user: 'users', game: 'games', event: 'events', list: 'lists' } as const;
/** What a user follows, by kind: `users/{uid}/private/follows` → `{ users, games, events }`. */
export const userFollowsNode = (uid: string): DbNode<z.input<typeof userFollowsMapSchema>> =>
  userSectionNode(uid, 'private').child('follows');
/** The user's follows of one kind of target: `users/{uid}/private/follows/{users|games|events}`. */
export const userFollowsMapNode = (uid: string, type: FollowTargetType): DbNode<TimestampMap> =>
  userFollowsNode(uid).child(FOLLOWS_MAP_KEY[type]);
/** Where the follower count of a target lives (its record's `follows`). */
export const followCountNode = (type: FollowTargetType, targetId: string): DbNode<number> => {
  if (type === 'user') return userSectionNode(targetId, 'public').child('follows');
  if (type === 'game') return gameNode(targetId).child('follows');
  // A list's count is in its public summary, which list links already read (not in the list record).
  if (type === 'list') return dbNode(`${listPublicPath(targetId)}/follows`);
  return eventNode(targetId).child('follows');
};

export const followNode = (followId: string): DbNode<z.input<typeof followSchema>> =>
  dbNode(followPath(followId));
export const followsByUserIdNode = (
  uid: string,
): DbNode<Record<string, z.input<typeof followIndexEntrySchema>>> => dbNode(followsByUserIdPath(uid));
export const followsByTargetIdNode = (
  target: TargetName,
): DbNode<Record<string, z.input<typeof followIndexEntrySchema>>> => dbNode(followsByTargetIdPath(target));

export const likeNode = (likeId: string): DbNode<z.input<typeof likeSchema>> => dbNode(likePath(likeId));
export const likesActiveNode = (
  targetId: string,
): DbNode<Record<string, z.input<typeof likeActiveEntrySchema>>> => dbNode(likesActivePath(targetId));

export const postNode = (postId: string): DbNode<z.input<typeof postSchema>> => dbNode(postPath(postId));
/** A post's copies of its newest comments (shared/schemas/preview-comment.ts), by comment id. */
export const postPreviewCommentsNode = (
  postId: string,
): DbNode<Record<string, z.input<typeof postCommentSchema>>> =>
  dbNode(`${postPath(postId)}/preview_comments`);
/** A post's comments, comment id → time written. */
export const postCommentsNode = (postId: string): DbNode<TimestampMap> => postNode(postId).child('comments');
export const postsByIdNode = (feedId: FeedId): DbNode<TimestampMap> => dbNode(postsByIdPath(feedId));
export const postsByUidNode = (uid: string): DbNode<TimestampMap> => dbNode(postsByUidPath(uid));
export const commentNode = (commentId: string): DbNode<z.input<typeof postCommentSchema>> =>
  dbNode(commentPath(commentId));
/** When the feed `feedId` last changed (see feedActivityPath). */
export const feedActivityNode = (feedId: FeedId): DbNode<number> => dbNode(feedActivityPath(feedId));
/** Where the like count of a post or comment lives. */
export const likeCountNode = (type: LikeTargetType, targetId: string): DbNode<number> =>
  type === 'post' ? postNode(targetId).child('likes') : commentNode(targetId).child('likes');

export const voteNode = (voteType: string, uid: string): DbNode<z.input<typeof voteSchema>> =>
  dbNode(votePath(voteType, uid));
export const profileNode = (uid: string): DbNode<z.input<typeof profileSchema>> => dbNode(profilePath(uid));

export const suggestionNode = (suggestionId: string): DbNode<z.input<typeof suggestionSchema>> =>
  dbNode(suggestionPath(suggestionId));
/** A suggestion index, by answer then id → suggestion id. */
type SuggestionIndex = Record<SuggestionAnswer, Record<string, string>>;
export const suggestionsByUserIdNode = (uid: string): DbNode<SuggestionIndex> =>
  dbNode(suggestionsByUserIdPath(uid));
export const suggestionsByTargetIdNode = (targetId: string): DbNode<SuggestionIndex> =>
  dbNode(suggestionsByTargetIdPath(targetId));

/** A member's notifications, id → record, read newest first a page at a time (owner-readable). */
export const notificationsPath = (uid: string): string => `${SOCIAL_ROOTS.notifications}/${uid}`;
/** One notification of `uid`, keyed by the follow, like or comment record it tells about. */
export const notificationNode = (
  uid: string,
  id: string,
): DbNode<z.input<typeof notificationSchema> | z.input<typeof reportNotificationSchema>> =>
  dbNode(`${notificationsPath(uid)}/${id}`);
/** The time of the newest notification `uid` has seen (owner-readable, written by the Worker). */
export const notificationsSeenNode = (uid: string): DbNode<number> =>
  dbNode(`${SOCIAL_ROOTS.notificationsSeen}/${uid}`);

/** One member's report of one item (`itemKey`: see reportItemKey). */
export const reportNode = (itemKey: string, uid: string): DbNode<z.input<typeof reportRecordSchema>> =>
  dbNode(`${SOCIAL_ROOTS.reports}/${itemKey}/${uid}`);
/** An item in the editors' queue of open reports. */
export const openReportNode = (itemKey: string): DbNode<z.input<typeof openReportSchema>> =>
  dbNode(`${SOCIAL_ROOTS.reportsOpen}/${itemKey}`);
/** The open reports of an item, reporter uid → when reported. */
export const pendingReportsNode = (itemKey: string): DbNode<TimestampMap> =>
  dbNode(`${SOCIAL_ROOTS.reportsPending}/${itemKey}`);
