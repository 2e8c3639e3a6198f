import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import type { hc, InferRequestType, InferResponseType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer, ApiEndpoint, ApiEndpoints } from '../../shared/api/contract.ts';
import { createApp } from '../app.ts';
import { testEnv } from '../test-support/test-database.ts';
import type { api } from './index.ts';

// The browser cannot import the Worker (the Worker imports the client for rendering), so it calls the
// API through the contract in shared/api/contract.ts. Here the compiler checks the Worker's routes
// against that contract, the way Hono's own client (hc) would type them: a route that changes its
// answer or its body fails `npm run typecheck`.

type Routes = ReturnType<typeof hc<typeof api>>;

/** True when what the route answers with status 2xx can be read as the contract's answer. */
type Answers<Route, E extends ApiEndpoint> =
  InferResponseType<Route, 200 | 201> extends ApiAnswer<E> ? true : false;
/** True when the contract's body is what the route validates. */
type TakesBody<Route, E extends ApiEndpoint> = ApiEndpoints[E] extends { body: infer B }
  ? InferRequestType<Route> extends { json: infer J }
    ? B extends J
      ? true
      : false
    : false
  : true;

const checks = {
  config: true satisfies Answers<Routes['accounts']['config']['$get'], 'GET /accounts/config'>,
  username: true satisfies Answers<
    Routes['accounts']['usernames'][':username']['$get'],
    'GET /accounts/usernames/:username'
  >,
  register: true satisfies Answers<Routes['accounts']['$post'], 'POST /accounts'>,
  registerBody: true satisfies TakesBody<Routes['accounts']['$post'], 'POST /accounts'>,
  me: true satisfies Answers<Routes['me']['$get'], 'GET /me'>,
  followState: true satisfies Answers<
    Routes['follows'][':type'][':targetId']['$get'],
    'GET /follows/:type/:targetId'
  >,
  follow: true satisfies Answers<
    Routes['follows'][':type'][':targetId']['$put'],
    'PUT /follows/:type/:targetId'
  >,
  unfollow: true satisfies Answers<
    Routes['follows'][':type'][':targetId']['$delete'],
    'DELETE /follows/:type/:targetId'
  >,
  pageViewBody: true satisfies TakesBody<Routes['page-views']['$post'], 'POST /page-views'>,
  profile: true satisfies Answers<Routes['profiles'][':uid']['$get'], 'GET /profiles/:uid'>,
  profileChange: true satisfies Answers<Routes['profiles'][':uid']['$patch'], 'PATCH /profiles/:uid'>,
  profileChangeBody: true satisfies TakesBody<Routes['profiles'][':uid']['$patch'], 'PATCH /profiles/:uid'>,
  developerDashboard: true satisfies Answers<
    Routes['developer']['dashboard']['$get'],
    'GET /developer/dashboard'
  >,
  developerGame: true satisfies Answers<
    Routes['developer']['games'][':gameId']['$patch'],
    'PATCH /developer/games/:gameId'
  >,
  developerGameBody: true satisfies TakesBody<
    Routes['developer']['games'][':gameId']['$patch'],
    'PATCH /developer/games/:gameId'
  >,
  developerEventNew: true satisfies Answers<Routes['developer']['events']['$post'], 'POST /developer/events'>,
  developerEventNewBody: true satisfies TakesBody<
    Routes['developer']['events']['$post'],
    'POST /developer/events'
  >,
  developerEvent: true satisfies Answers<
    Routes['developer']['events'][':eventId']['$patch'],
    'PATCH /developer/events/:eventId'
  >,
  developerEventBody: true satisfies TakesBody<
    Routes['developer']['events'][':eventId']['$patch'],
    'PATCH /developer/events/:eventId'
  >,
  profileImage: true satisfies Answers<
    Routes['users']['me']['images'][':kind']['$put'],
    'PUT /users/me/images/:kind'
  >,
  notifications: true satisfies Answers<Routes['notifications']['$get'], 'GET /notifications'>,
  notificationsUnread: true satisfies Answers<
    Routes['notifications']['unread']['$get'],
    'GET /notifications/unread'
  >,
  notificationsSeen: true satisfies Answers<
    Routes['notifications']['seen']['$put'],
    'PUT /notifications/seen'
  >,
  notificationsSeenBody: true satisfies TakesBody<
    Routes['notifications']['seen']['$put'],
    'PUT /notifications/seen'
  >,
  feedPage: true satisfies Answers<Routes['posts']['$get'], 'GET /posts'>,
  newPost: true satisfies Answers<Routes['posts']['$post'], 'POST /posts'>,
  newPostBody: true satisfies TakesBody<Routes['posts']['$post'], 'POST /posts'>,
  commentsPage: true satisfies Answers<
    Routes['comments']['posts'][':postId']['$get'],
    'GET /comments/posts/:postId'
  >,
  newComment: true satisfies Answers<
    Routes['comments']['posts'][':postId']['$post'],
    'POST /comments/posts/:postId'
  >,
  newCommentBody: true satisfies TakesBody<
    Routes['comments']['posts'][':postId']['$post'],
    'POST /comments/posts/:postId'
  >,
  likesMine: true satisfies Answers<Routes['likes']['mine']['$get'], 'GET /likes/mine'>,
  like: true satisfies Answers<Routes['likes'][':type'][':targetId']['$put'], 'PUT /likes/:type/:targetId'>,
  unlike: true satisfies Answers<
    Routes['likes'][':type'][':targetId']['$delete'],
    'DELETE /likes/:type/:targetId'
  >,
  editorMember: true satisfies Answers<
    Routes['editor']['members'][':username']['$get'],
    'GET /editor/members/:username'
  >,
  editorGrant: true satisfies Answers<
    Routes['editor']['developers'][':uid']['$put'],
    'PUT /editor/developers/:uid'
  >,
  editorGrantBody: true satisfies TakesBody<
    Routes['editor']['developers'][':uid']['$put'],
    'PUT /editor/developers/:uid'
  >,
  editorRevoke: true satisfies Answers<
    Routes['editor']['developers'][':uid']['$delete'],
    'DELETE /editor/developers/:uid'
  >,
  editorLogs: true satisfies Answers<Routes['editor']['logs']['$get'], 'GET /editor/logs'>,
  editorHighlights: true satisfies Answers<Routes['editor']['highlights']['$get'], 'GET /editor/highlights'>,
  editorHighlightsSave: true satisfies Answers<
    Routes['editor']['highlights']['$put'],
    'PUT /editor/highlights'
  >,
  editorHighlightsBody: true satisfies TakesBody<
    Routes['editor']['highlights']['$put'],
    'PUT /editor/highlights'
  >,
  editorLists: true satisfies Answers<Routes['editor']['lists']['$get'], 'GET /editor/lists'>,
  editorList: true satisfies Answers<Routes['editor']['lists'][':code']['$get'], 'GET /editor/lists/:code'>,
  editorListSave: true satisfies Answers<
    Routes['editor']['lists'][':code']['$put'],
    'PUT /editor/lists/:code'
  >,
  editorListBody: true satisfies TakesBody<
    Routes['editor']['lists'][':code']['$put'],
    'PUT /editor/lists/:code'
  >,
};

describe('the browser’s API contract', () => {
  it('is checked against every route the browser calls', () => {
    expect(Object.values(checks).every(Boolean)).toBe(true);
  });

  it('answers the auth configuration the browser reads', async () => {
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request('http://questline.test/api/accounts/config'),
      testEnv(),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const config = await response.json<ApiAnswer<'GET /accounts/config'>>();
    expect(Object.keys(config).sort()).toEqual(
      [
        'apiKey',
        'authEmulatorUrl',
        'databaseNamespace',
        'databaseUrl',
        'functionsBaseUrl',
        'projectId',
        'publicAppMode',
      ].sort(),
    );
    // Open pages stream their feed's activity from the database's own address (the emulator's here).
    expect(config.databaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(config.databaseNamespace).not.toBe('');
  });
});
