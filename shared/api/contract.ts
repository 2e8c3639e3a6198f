import type {
  AuthClientConfig,
  CurrentMember,
  CurrentUserRecord,
  UsernameAvailability,
} from '../auth/account-api.ts';
import type { RegisterAccountRequest } from '../auth/register-account-schema.ts';
import type { ApiErrorCode } from '../errors.ts';
import type { NotificationsPage } from '../notifications/read-notifications.ts';
import type { HomeFeedPage } from '../feed/home-feed.ts';
import type { FeedComment, FeedPage, FeedPost } from '../feed/read-feed.ts';
import type { FollowTargetType } from '../schemas/follow.ts';
import type { LikeTargetType } from '../schemas/like.ts';
import type { NewPostRequest } from '../schemas/post.ts';
import type { LikeOutcome } from '../transitions/like.ts';
import type { PageView } from '../schemas/page-view.ts';
import type { Profile, ProfileUpdateRequest } from '../schemas/profile.ts';
import type { ProfileImageAnswer, ProfileImageKind } from '../schemas/profile-image.ts';
import type { SearchAnswer } from '../schemas/search.ts';
import type { SuggestionAnswer } from '../schemas/suggestion.ts';
import type { SuggestionOutcome } from '../transitions/suggestion.ts';
import type { BlockRequest } from '../schemas/block.ts';
import type { DeveloperDashboard } from '../schemas/developer-dashboard.ts';
import type { DeveloperEventUpdate, NewDeveloperEvent } from '../schemas/developer-event.ts';
import type { DeveloperGameUpdate } from '../schemas/developer-game.ts';
import type { GameEvent } from '../schemas/event.ts';
import type { Game } from '../schemas/game.ts';
import type { HiddenTag } from '../schemas/hidden-tags.ts';
import type { DeveloperGrant, EditorMember } from '../schemas/editor-developer.ts';
import type { EditorHighlights } from '../schemas/editor-highlights.ts';
import type { EditorList, EditorListSave } from '../schemas/editor-list.ts';
import type { EditorLogPage } from '../schemas/editor-logs.ts';
import type { UserBlocks } from '../schemas/user.ts';
import type { OpenReportedItem } from '../reports/read-open-reports.ts';
import type { ReportKind, ReportOutcome } from '../reports/report-reasons.ts';
import type { ReportAction, ReportRequest } from '../schemas/report.ts';
import type { ReportOutcomeAnswer } from '../transitions/report.ts';
import type { BrowsePageData } from './browse-page.ts';
import type { LibraryExport } from '../schemas/library-export.ts';
import type { LibraryMatchAnswer, LibraryMatchRequest } from '../schemas/library-match.ts';

// The JSON API as the browser calls it: each endpoint's path, body and answer, in one table that the
// Worker's routes are checked against (worker/api/browser-contract.test.ts) and the browser's client
// (client/browser/api-client.ts) is typed by. Types only (zod schemas are imported as types): nothing
// here reaches the browser bundle. Paths are relative to /api.

/** Whether the caller follows a user, game or event, and how many follow it. */
export interface FollowState {
  following: boolean;
  followers: number;
}

/** What hiding (PUT) or showing again (DELETE) a tag did: a repeat answers `changed: false`. */
export interface HiddenTagChange {
  slug: string;
  hidden: boolean;
  changed: boolean;
}

/** The caller's follow state of a target; `self` when the target is the caller (nobody follows themself). */
export interface FollowCheck extends FollowState {
  self: boolean;
}

/** What a follow (PUT) or unfollow (DELETE) did: both are idempotent, a repeat answers `changed: false`. */
export interface FollowChangeAnswer extends FollowState {
  changed: boolean;
  followId: string | null;
}

/**
 * The endpoints the browser calls. `member: true` marks those that need a signed-in caller (an ID token
 * as a Bearer header); `params` narrows path parameters beyond plain strings.
 */
export interface ApiEndpoints {
  'GET /accounts/config': { answer: AuthClientConfig };
  'GET /accounts/usernames/:username': { answer: UsernameAvailability };
  'POST /accounts': { body: RegisterAccountRequest; answer: CurrentUserRecord; member: true };
  'GET /me': { answer: CurrentMember; member: true };
  'GET /follows/:type/:targetId': {
    params: { type: FollowTargetType };
    answer: FollowCheck;
    member: true;
  };
  'PUT /follows/:type/:targetId': {
    params: { type: FollowTargetType };
    answer: FollowChangeAnswer;
    member: true;
  };
  'DELETE /follows/:type/:targetId': {
    params: { type: FollowTargetType };
    answer: FollowChangeAnswer;
    member: true;
  };
  /** The browse page's bundle; `query` takes `genre` or `tag`, and `after` (see CatalogueSelection). */
  'GET /browse': { answer: BrowsePageData; member: true };
  /** A member's profile (404 until they have one). */
  'GET /profiles/:uid': { answer: { profile: Profile } };
  /** Only one's own: brief (at most 160 characters) and details (at most 2000). */
  'PATCH /profiles/:uid': { body: ProfileUpdateRequest; answer: { profile: Profile }; member: true };
  /** A developer's change to their own game's page (shared/schemas/developer-game.ts); 403 for anyone else. */
  /** A developer's games with followers and latest posts, and their events (403 for other members). */
  'GET /developer/dashboard': { answer: DeveloperDashboard; member: true };
  'PATCH /developer/games/:gameId': { body: DeveloperGameUpdate; answer: { game: Game }; member: true };
  /** A developer's new event featuring their own games; its deep link is made from the name (201). */
  'POST /developer/events': { body: NewDeveloperEvent; answer: { event: GameEvent }; member: true };
  /** A change to an event the developer created; the deep link stays. */
  'PATCH /developer/events/:eventId': {
    body: DeveloperEventUpdate;
    answer: { event: GameEvent };
    member: true;
  };
  /** The picture as a PNG body (a Blob of type image/png, at most 2 MB); see shared/schemas/profile-image.ts. */
  'PUT /users/me/images/:kind': {
    params: { kind: ProfileImageKind };
    body: Blob;
    answer: ProfileImageAnswer;
    member: true;
  };
  /** One yes or no per member and game; a changed answer replaces the old one. */
  'PUT /suggestions/:targetId': {
    body: { success: SuggestionAnswer };
    answer: SuggestionOutcome;
    member: true;
  };
  /**
   * Games and members by name: the query string `?q=<text>&limit=<n>` (shared/schemas/search.ts), which
   * the browser's search box sends itself (the API client takes no query strings).
   */
  'GET /search': { answer: SearchAnswer };
  /** Answers 204 (no body). Sent with sendBeacon, which survives the page being closed. */
  'POST /page-views': { body: PageView; answer: null };
  /** The member's notifications, newest first: `?cursor=<next of the page before>`; with the unread count. */
  'GET /notifications': { answer: NotificationsPage & { unread: number }; member: true };
  /** How many notifications the member has not seen (at most 25: the bell says "25+"). */
  'GET /notifications/unread': { answer: { unread: number }; member: true };
  /** Marks every notification up to `upTo` (a notification's time) as seen. */
  'PUT /notifications/seen': {
    body: { upTo: number };
    answer: { seenUpTo: number; unread: number };
    member: true;
  };
  /** A page of the member's home feed: `?cursor=<nextCursor of the page before>&limit=<1-25>`. */
  'GET /feed': { answer: HomeFeedPage; member: true };
  /**
   * A page of a user's, game's or event's feed:
   * `?targetType=<user|game|event>&targetId=<id>&cursor=<nextCursor of the page before>`.
   */
  'GET /posts': { answer: FeedPage };
  'POST /posts': { body: NewPostRequest; answer: { post: FeedPost | null }; member: true };
  /** By its author, or by the member whose feed it is on. Answers 204. */
  'DELETE /posts/:postId': { answer: null; member: true };
  /** A page of a post's comments, newest first: `?cursor=<nextCursor of the page before>`. */
  'GET /comments/posts/:postId': { answer: { comments: FeedComment[]; nextCursor: string | null } };
  'POST /comments/posts/:postId': {
    body: { content: string };
    answer: { comment: FeedComment | null };
    member: true;
  };
  /** By its author, or by the post's author. Answers 204. */
  'DELETE /comments/:commentId': { answer: null; member: true };
  /**
   * Reports a post, comment or member to the editors: 201 with the report, or 200 with the one the member
   * already made of that item (a member reports an item once); 404 when there is no such item.
   */
  'POST /reports': { body: ReportRequest; answer: ReportOutcomeAnswer; member: true };
  /** Everything the member blocked, by kind (`games`: not interested), each id with when. */
  'GET /blocks': { answer: UserBlocks; member: true };
  /** Blocks posts, comments, members or games (not interested); blocking a member ends follows both ways. */
  'POST /blocks': { body: BlockRequest; answer: { blocked: number }; member: true };
  /** Takes back blocks of members or games (REMOVABLE_BLOCK_KINDS). */
  'DELETE /blocks': { body: BlockRequest; answer: { unblocked: number }; member: true };
  /** The tags the member never wants to see, most recently hidden first (shared/schemas/hidden-tags.ts). */
  'GET /hidden-tags': { answer: { tags: HiddenTag[] }; member: true };
  /** Which of `?ids=<game id>,…` (at most 50) have a tag the member hides. */
  'GET /hidden-tags/games': { answer: { hidden: string[] }; member: true };
  /** Hides a tag of the catalogue (404 if it has none such; at most MAX_HIDDEN_TAGS). Idempotent. */
  'PUT /hidden-tags/:slug': { answer: HiddenTagChange; member: true };
  /** Shows a hidden tag again. Idempotent. */
  'DELETE /hidden-tags/:slug': { answer: HiddenTagChange; member: true };
  /** Which of `?ids=<id>,<id>…` (posts or comments, at most 50) the member likes. */
  'GET /likes/mine': { answer: { liked: string[] }; member: true };
  'PUT /likes/:type/:targetId': {
    params: { type: LikeTargetType };
    answer: LikeOutcome & { likes: number };
    member: true;
  };
  'DELETE /likes/:type/:targetId': {
    params: { type: LikeTargetType };
    answer: LikeOutcome & { likes: number };
    member: true;
  };
  /** Matches a chunk of an imported library's games (at most MAX_MATCH_ENTRIES) with the catalogue. */
  'POST /library/match': { body: LibraryMatchRequest; answer: LibraryMatchAnswer; member: true };
  /** Everything the member has put in, as a file (`?format=csv` for CSV; the browser reads the JSON). */
  'GET /library/export': { answer: LibraryExport; member: true };
  // The site editors' tools (worker/api/editor.ts): every one answers 403 to a member who is not an editor.
  /** A member by username, with their developer status. */
  'GET /editor/members/:username': { answer: { member: EditorMember }; member: true };
  /** Makes a member a developer; `games` (optional) replaces the games they run. */
  'PUT /editor/developers/:uid': {
    body: DeveloperGrant;
    answer: { uid: string; username: string; isDeveloper: boolean };
    member: true;
  };
  'DELETE /editor/developers/:uid': {
    answer: { uid: string; username: string; isDeveloper: boolean };
    member: true;
  };
  /** A page of a log, latest first: `?kind=analytics|page_views&before=<before of the page before>&limit=<1-50>`. */
  'GET /editor/logs': { answer: EditorLogPage; member: true };
  /** The highlighted games in order, their names (id → name) and the revision a save goes over. */
  'GET /editor/highlights': {
    answer: { games: string[]; names: Record<string, string>; revision: number };
    member: true;
  };
  /** 409 `edit-conflict` when someone saved since `revision`; answers the new revision. */
  'PUT /editor/highlights': {
    body: EditorHighlights;
    answer: { games: string[]; revision: number };
    member: true;
  };
  /** The items with open reports, the most recently reported first, each with its reports and in context. */
  'GET /editor/reports': { answer: { reports: OpenReportedItem[] }; member: true };
  /**
   * Removes the reported post or comment, dismisses its reports, or stops its author from posting for
   * 1, 7 or 30 days; its reporters are told. 404 when it has no open reports.
   */
  'POST /editor/reports/:kind/:itemId': {
    params: { kind: ReportKind };
    body: ReportAction;
    answer: {
      kind: ReportKind;
      itemId: string;
      outcome: ReportOutcome;
      resolved: number;
      blockedUntil: number | null;
    };
    member: true;
  };
  'GET /editor/lists': { answer: { lists: { code: string; name: string; games: number }[] }; member: true };
  /** A list's content, the names of its games (id → name) and the revision a save goes over. */
  'GET /editor/lists/:code': {
    answer: { code: string; list: EditorList; names: Record<string, string>; revision: number };
    member: true;
  };
  /**
   * Creates (201, `revision: null`) or replaces (200) a list and its summary; 409 `edit-conflict` when
   * someone saved since `revision`, or a list already has the code of a new one.
   */
  'PUT /editor/lists/:code': {
    body: EditorListSave;
    answer: {
      code: string;
      created: boolean;
      revision: number;
      added: string[];
      gamesBefore: number;
      gamesAfter: number;
    };
    member: true;
  };
}

/** `METHOD /path` of an endpoint the browser calls. */
export type ApiEndpoint = keyof ApiEndpoints;

/** The endpoints that need a signed-in caller. */
export type MemberEndpoint = {
  [E in ApiEndpoint]: ApiEndpoints[E] extends { member: true } ? E : never;
}[ApiEndpoint];

/** The HTTP method of an endpoint. */
export type ApiMethod<E extends ApiEndpoint> = E extends `${infer Method} ${string}` ? Method : never;

/** The path (under /api) of an endpoint, with its `:name` parameters. */
export type ApiPath<E extends ApiEndpoint> = E extends `${string} ${infer Path}` ? Path : never;

/** The names of a path's `:name` parameters. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** An endpoint's path parameters: strings, narrowed where the table says so. */
export type ApiParams<E extends ApiEndpoint> = Omit<
  Record<ParamNames<ApiPath<E>>, string>,
  keyof (ApiEndpoints[E] extends { params: infer P } ? P : object)
> &
  (ApiEndpoints[E] extends { params: infer P } ? P : object);

/** What a call of an endpoint sends: its path parameters and its JSON body, where it has them. */
export type ApiRequest<E extends ApiEndpoint> = ([ParamNames<ApiPath<E>>] extends [never]
  ? { params?: undefined }
  : { params: ApiParams<E> }) &
  (ApiEndpoints[E] extends { body: infer B } ? { body: B } : { body?: undefined }) & {
    /** The query string's parameters (undefined ones are left out). */
    query?: Record<string, string | undefined>;
  };

/** What an endpoint answers on success. */
export type ApiAnswer<E extends ApiEndpoint> = ApiEndpoints[E]['answer'];

/** A call of the API from the browser (client/browser/api-client.ts). Fails with an `ApiFailure`. */
export type ApiCall = <E extends ApiEndpoint>(endpoint: E, request: ApiRequest<E>) => Promise<ApiAnswer<E>>;

/** How a call fails: the answer's status and its code from the shared union. */
export interface ApiFailure {
  status: number;
  code: ApiErrorCode;
  /**
   * The answer's words, when it had any. Pages show the catalogue's words for the code
   * (client/auth/auth-errors.ts), so the browser needs no copy of them to fail.
   */
  message?: string | undefined;
  /** One message per invalid field, for `invalid-input`. */
  fields?: Record<string, string> | undefined;
}
