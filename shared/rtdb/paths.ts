// Every node of the database in one place, named as the spec names them (section 3), so a path is
// never spelled twice. Ids passed in must already be validated keys (see schemas/keys.ts).

/** Top-level nodes. */
export const ROOTS = {
  users: 'users',
  usersPublic: 'users_public',
  games: 'games',
  events: 'events',
  lists: 'lists',
  listsPublic: 'lists-public',
  seMatrix: 'se_matrix',
  seMatrixSeedGames: 'se_matrix_seedgames',
  highlightsHome: 'highlights/home',
  trendingIndex: 'indices_public/trendingIndex',
  logs: 'logs',
} as const;

/** A game record; games are keyed by their deep link (see schemas/game.ts for why). */
export const gamePath = (gameId: string): string => `${ROOTS.games}/${gameId}`;
/** The suggestion ratios of every game suggested alongside `gameId`. */
export const seMatrixPath = (gameId: string): string => `${ROOTS.seMatrix}/${gameId}`;
export const eventPath = (eventId: string): string => `${ROOTS.events}/${eventId}`;
export const listPath = (code: string): string => `${ROOTS.lists}/${code}`;

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
} as const;

/** One section of a user (`public`, `private`, `admin`, `developer`, `readOnly`). */
export const userSectionPath = (
  uid: string,
  section: 'public' | 'private' | 'admin' | 'developer' | 'readOnly',
): string => `${ROOTS.users}/${uid}/${section}`;
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
/** What `uid` follows, keyed by target id (active follows only). */
export const followsByUserIdPath = (uid: string): string => `${SOCIAL_ROOTS.followsByUserId}/${uid}`;
/** Who follows `targetId`, keyed by user id (active follows only). */
export const followsByTargetIdPath = (targetId: string): string =>
  `${SOCIAL_ROOTS.followsByTargetId}/${targetId}`;
/** The one history entry of a (user, target) pair: the follow's id and state, and the transition gate. */
export const followHistoryPath = (uid: string, targetId: string): string =>
  `${SOCIAL_ROOTS.followsHistory}/${uid}/${targetId}`;

export const likePath = (likeId: string): string => `${SOCIAL_ROOTS.likes}/${likeId}`;
export const likeHistoryPath = (uid: string, targetId: string): string =>
  `${SOCIAL_ROOTS.likesHistory}/${uid}/${targetId}`;
/** Who currently likes `targetId`, keyed by user id. */
export const likesActivePath = (targetId: string): string => `${SOCIAL_ROOTS.likesActive}/${targetId}`;

export const postPath = (postId: string): string => `${SOCIAL_ROOTS.posts}/${postId}`;
/** The posts on the feed of `targetId` (a user, game or event), post id to timestamp. */
export const postsByIdPath = (targetId: string): string => `${SOCIAL_ROOTS.postsById}/${targetId}`;
/** The posts written by `uid`, post id to timestamp. */
export const postsByUidPath = (uid: string): string => `${SOCIAL_ROOTS.postsByUid}/${uid}`;
export const commentPath = (commentId: string): string => `${SOCIAL_ROOTS.comments}/${commentId}`;

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
export const suggestionHistoryPath = (uid: string, targetId: string): string =>
  `${SOCIAL_ROOTS.suggestionsHistory}/${uid}/${targetId}`;
