import { z } from 'zod';
import type { ApiErrorCode } from '../errors.ts';
import { encodeFeedCursor, feedCursorSchema } from '../feed/feed-cursor.ts';
import { homeFeedQuerySchema } from '../feed/home-feed.ts';
import {
  commentsPageSchema,
  feedCommentSchema,
  feedPageSchema,
  feedPostSchema,
  followChangeSchema,
  followCheckSchema,
  followListSchema,
  homeFeedAnswerSchema,
  likeChangeSchema,
  postAnswerSchema,
  profileAnswerSchema,
} from '../schemas/api-answers.ts';
import { blockRequestSchema } from '../schemas/block.ts';
import { followRequestSchema, followTargetTypeSchema, followTypeTime } from '../schemas/follow.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import { likeRequestSchema } from '../schemas/like.ts';
import { newCommentRequestSchema } from '../schemas/post-comment.ts';
import { newPostRequestSchema, POST_TARGET_TYPES } from '../schemas/post.ts';
import { profileUpdateRequestSchema } from '../schemas/profile.ts';
import { searchAnswerSchema, searchQuerySchema } from '../schemas/search.ts';
import { userBlocksSchema } from '../schemas/user.ts';

// The public API's reference: every endpoint others may build on, with the zod schemas the Worker's
// routes validate with and the schemas of what they answer. shared/api/openapi-document.ts turns it into
// the OpenAPI document served at /api/openapi.json, and worker/api/openapi-drift.test.ts fails when a
// route and this table disagree: a route missing here, an entry with no route, a body schema that is not
// the very object the route validates with, parameters of another shape, an answer of another type.
// Paths are relative to /api, with Hono's `:name` parameters.

/** The groups of the reference, in the order it shows them. */
export const PUBLIC_API_TAGS = [
  { name: 'Posts', description: 'Feeds of members, games and events: read a page, post, delete.' },
  { name: 'Comments', description: 'Comments on a post: read a page, comment, delete.' },
  { name: 'Likes', description: 'Liking posts and comments.' },
  { name: 'Follows', description: 'Following members, games, events and curated lists.' },
  { name: 'Home feed', description: 'What the signed-in member follows, newest first.' },
  { name: 'Profiles', description: 'A member’s brief, details and header picture.' },
  { name: 'Blocks', description: 'Hiding posts, comments and members, and games one is not interested in.' },
  { name: 'Search', description: 'Games and members by name.' },
] as const;

export type PublicApiTag = (typeof PUBLIC_API_TAGS)[number]['name'];

/** Path or query parameters: the schema the route validates them with, and a sentence for each. */
export interface DocumentedParameters {
  schema: z.ZodObject;
  describe: Readonly<Record<string, string>>;
}

/** A failure an endpoint answers beyond those every endpoint of its kind may (see openapi-document.ts). */
export interface DocumentedError {
  status: 400 | 403 | 404 | 409 | 502 | 503;
  code: ApiErrorCode;
  /** When it happens. */
  when: string;
  /** The words the answer carries. */
  message: string;
}

/** One endpoint of the public API. */
export interface PublicEndpoint {
  tag: PublicApiTag;
  summary: string;
  description: string;
  /** Needs a signed-in member: a Firebase ID token as `Authorization: Bearer <token>`. */
  member: boolean;
  params?: DocumentedParameters;
  query?: DocumentedParameters;
  /** The JSON body's schema: the same object the route validates with. */
  body?: z.ZodType;
  answer: { status: 200 | 201 | 204; description: string; schema?: z.ZodType };
  errors?: readonly DocumentedError[];
  /** A call and its answer, checked against the schemas by shared/api/openapi-document.test.ts. */
  example: {
    params?: Readonly<Record<string, string>>;
    query?: Readonly<Record<string, string>>;
    body?: unknown;
    answer?: unknown;
  };
}

/** `METHOD /path` of a public endpoint, as Hono registers it under /api. */
export type PublicEndpointKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

// Examples: a demo member, a game of the demo catalogue, and times in 2031.
const ANA = 'u7Hq2nRk4sXa9bLmP3cVd1eFg5hJ';
const BEN = 'Kp4tYw8zQe2rUi6oAs0dFg3hJk7l';
const HADES = 'hades';
const POST_ID = '-OcT7kQ2mZxN4vB8wL1e';
const COMMENT_ID = '-OcT8aR5nYwM2uC7vK3f';
const POSTED_AT = Date.UTC(2031, 2, 14, 18, 30);
const COMMENTED_AT = POSTED_AT + 4 * 60_000;
const NEXT_PAGE = encodeFeedCursor({ timestamp: POSTED_AT - 86_400_000, id: '-OcS1hT9pXvL6wD2yJ4g' });

const exampleComment = {
  postUUID: POST_ID,
  sourceUUID: BEN,
  content: 'Heat 16?! Which weapon?',
  likes: 1,
  timestamp: COMMENTED_AT,
  uuid: COMMENT_ID,
  root: 'comments',
  type: 'post-comment',
};

const examplePost = {
  uuid: POST_ID,
  targetUUID: HADES,
  targetType: 'game',
  sourceUUID: ANA,
  content: 'Finally beat Heat 16 in Hades. My hands are shaking.',
  type: 'text',
  likes: 3,
  timestamp: POSTED_AT,
  comments: { [COMMENT_ID]: COMMENTED_AT },
  root: 'posts',
};

const exampleFeedPost = {
  ...examplePost,
  authorName: 'ana_roguelites',
  previewComments: [{ ...exampleComment, authorName: 'ben_pixels' }],
};

const postIdParams: DocumentedParameters = {
  schema: z.object({ postId: recordIdSchema }),
  describe: { postId: 'The post’s id.' },
};

const commentIdParams: DocumentedParameters = {
  schema: z.object({ commentId: recordIdSchema }),
  describe: { commentId: 'The comment’s id.' },
};

const memberParams: DocumentedParameters = {
  schema: z.object({ uid: recordIdSchema }),
  describe: { uid: 'The member’s uid.' },
};

const followTargetParams: DocumentedParameters = {
  schema: followRequestSchema,
  describe: {
    type: 'What is followed: `user`, `game`, `event` or `list`.',
    targetId: 'Its id: a member’s uid, a game’s or an event’s deep link, a list’s code.',
  },
};

const likeTargetParams: DocumentedParameters = {
  schema: likeRequestSchema,
  describe: { type: 'What is liked: `post` or `comment`.', targetId: 'The post’s or the comment’s id.' },
};

const feedPosition = 'Where the page starts: the `nextCursor` of the page before.';

const missingTarget = (what: string, message = `No such ${what}.`): DocumentedError => ({
  status: 404,
  code: 'not-found',
  when: `The ${what} does not exist.`,
  message,
});

const busy: DocumentedError = {
  status: 409,
  code: 'busy',
  when: 'The same record was changing at that moment; trying again is safe.',
  message: 'This is changing right now. Please try again.',
};

const kindMismatch: DocumentedError = {
  status: 409,
  code: 'kind-mismatch',
  when: 'The id was followed or liked before as another kind than `type` says.',
  message: 'That is not a game.',
};

const followChange = (follow: boolean): PublicEndpoint => ({
  tag: 'Follows',
  summary: follow ? 'Follow a member, game, event or list' : 'Stop following',
  description: follow
    ? 'Idempotent: following again answers `changed: false`. Members cannot follow themselves, nor a ' +
      'member who blocked them.'
    : 'Idempotent: unfollowing what one does not follow answers `changed: false`. Always possible, even ' +
      'of a member who blocked the caller.',
  member: true,
  params: followTargetParams,
  answer: { status: 200, description: 'The follow state after the change.', schema: followChangeSchema },
  errors: [
    ...(follow
      ? [
          {
            status: 400,
            code: 'invalid-input',
            when: 'A member asks to follow themself.',
            message: 'You cannot follow yourself.',
          } as const,
          {
            status: 403,
            code: 'forbidden',
            when: 'The member to follow blocked the caller.',
            message: 'You cannot follow this member.',
          } as const,
        ]
      : []),
    missingTarget('target', 'That game does not exist.'),
    kindMismatch,
    busy,
  ],
  example: {
    params: { type: 'game', targetId: HADES },
    answer: {
      following: follow,
      followers: follow ? 128 : 127,
      changed: true,
      followId: '-OcQ4dW1kVxB7nM2zP9a',
    },
  },
});

const likeChange = (like: boolean): PublicEndpoint => ({
  tag: 'Likes',
  summary: like ? 'Like a post or a comment' : 'Take a like back',
  description:
    'Idempotent: a repeat answers `changed: false`. The answer carries the like count after it. ' +
    (like
      ? 'A post or comment whose author blocked the caller cannot be liked, nor anything on the wall of a ' +
        'member who blocked the caller.'
      : 'Always possible, even of a post or comment whose author blocked the caller.'),
  member: true,
  params: likeTargetParams,
  answer: {
    status: 200,
    description: 'The like state and count after the change.',
    schema: likeChangeSchema,
  },
  errors: [
    missingTarget('post or comment', 'That post does not exist.'),
    ...(like
      ? [
          {
            status: 403,
            code: 'forbidden',
            when: 'The author of the post or comment, or the member whose wall it is on, blocked the caller.',
            message: 'You cannot like this post.',
          } as const,
        ]
      : []),
    kindMismatch,
    busy,
  ],
  example: {
    params: { type: 'post', targetId: POST_ID },
    answer: { changed: true, liking: like, likeId: '-OcT9bS6oZxN3vD8wM4h', likes: like ? 4 : 3 },
  },
});

const blockChange = (block: boolean): PublicEndpoint => ({
  tag: 'Blocks',
  summary: block ? 'Block posts, comments, members or games' : 'Take blocks of members or games back',
  description: block
    ? 'Up to 50 ids of one kind at a time. Blocking a member ends follows both ways; blocking a game ' +
      'says “not interested”: its posts leave the home feed and it is never suggested again.'
    : 'Only blocks of `users` and `games` can be taken back; blocked posts and comments stay hidden.',
  member: true,
  body: blockRequestSchema,
  answer: block
    ? {
        status: 200,
        description: 'How many ids were blocked.',
        schema: z.object({ blocked: z.number().int().positive() }),
      }
    : {
        status: 200,
        description: 'How many ids were unblocked.',
        schema: z.object({ unblocked: z.number().int().positive() }),
      },
  errors: [
    block
      ? {
          status: 400,
          code: 'invalid-input',
          when: 'A member asks to block themself.',
          message: 'You cannot block yourself.',
        }
      : {
          status: 400,
          code: 'invalid-input',
          when: '`kind` is `posts` or `comments`.',
          message: 'Only blocks of members and games can be removed.',
        },
    ...(block ? [busy] : []),
  ],
  example: {
    body: { kind: 'users', ids: [BEN] },
    answer: block ? { blocked: 1 } : { unblocked: 1 },
  },
});

/** The public API, endpoint by endpoint. */
export const PUBLIC_API = {
  'GET /posts': {
    tag: 'Posts',
    summary: 'A page of a feed',
    description:
      'The posts on a member’s, a game’s or an event’s feed, newest first, each with its latest comments ' +
      'and its and their authors’ usernames. Public and the same for everyone.',
    member: false,
    query: {
      schema: z.object({
        targetType: z.enum(POST_TARGET_TYPES),
        targetId: recordIdSchema,
        limit: z.coerce.number().int().positive().optional(),
        cursor: feedCursorSchema.optional(),
      }),
      describe: {
        targetType:
          'What kind of feed: `user`, `game` or `event` (an event and a game may share a deep link; their ' +
          'feeds never mix).',
        targetId: 'Whose feed: a member’s uid, a game’s or an event’s deep link.',
        limit: 'How many posts (5 unless said; at most 10).',
        cursor: feedPosition,
      },
    },
    answer: { status: 200, description: 'The page and where the next starts.', schema: feedPageSchema },
    example: {
      query: { targetType: 'game', targetId: HADES },
      answer: { posts: [exampleFeedPost], nextCursor: NEXT_PAGE, activityAt: COMMENTED_AT },
    },
  },
  'GET /posts/:postId': {
    tag: 'Posts',
    summary: 'One post',
    description: 'A post with its latest comments (at most 3).',
    member: false,
    params: postIdParams,
    answer: { status: 200, description: 'The post.', schema: z.object({ post: postAnswerSchema }) },
    errors: [missingTarget('post')],
    example: {
      params: { postId: POST_ID },
      answer: { post: { ...examplePost, previewComments: [exampleComment] } },
    },
  },
  'POST /posts': {
    tag: 'Posts',
    summary: 'Post on a feed',
    description:
      'Writes a post on a member’s, a game’s or an event’s feed as the caller. Text is trimmed; at most ' +
      '2,000 characters. A member who blocked the caller cannot be posted to.',
    member: true,
    body: newPostRequestSchema,
    answer: {
      status: 201,
      description: 'The new post as feeds show it (null in the rare case it cannot be read back at once).',
      schema: z.object({ post: feedPostSchema.nullable() }),
    },
    errors: [
      missingTarget('feed', 'That game does not exist.'),
      {
        status: 403,
        code: 'forbidden',
        when: 'The member whose feed it is blocked the caller.',
        message: 'You cannot post on this feed.',
      },
    ],
    example: {
      body: { targetType: 'game', targetId: HADES, content: examplePost.content },
      answer: { post: { ...exampleFeedPost, likes: 0, comments: {}, previewComments: [] } },
    },
  },
  'DELETE /posts/:postId': {
    tag: 'Posts',
    summary: 'Delete a post',
    description:
      'By its author, or by the member whose wall it is on (its author is told nothing). Its comments and ' +
      'likes go with it.',
    member: true,
    params: postIdParams,
    answer: { status: 204, description: 'Deleted; no body.' },
    errors: [
      missingTarget('post'),
      {
        status: 403,
        code: 'forbidden',
        when: 'The caller neither wrote the post nor owns the feed.',
        message: 'You can only delete your own posts.',
      },
    ],
    example: { params: { postId: POST_ID } },
  },
  'GET /comments/posts/:postId': {
    tag: 'Comments',
    summary: 'A page of a post’s comments',
    description: 'Newest first, each with its author’s username.',
    member: false,
    params: postIdParams,
    query: {
      schema: z.object({
        limit: z.coerce.number().int().positive().optional(),
        cursor: feedCursorSchema.optional(),
      }),
      describe: { limit: 'How many comments (10 unless said; at most 10).', cursor: feedPosition },
    },
    answer: { status: 200, description: 'The page and where the next starts.', schema: commentsPageSchema },
    example: {
      params: { postId: POST_ID },
      query: { limit: '10' },
      answer: { comments: [{ ...exampleComment, authorName: 'ben_pixels' }], nextCursor: null },
    },
  },
  'POST /comments/posts/:postId': {
    tag: 'Comments',
    summary: 'Comment on a post',
    description:
      'Text is trimmed; at most 1,000 characters. A post’s author who blocked the caller cannot be answered, ' +
      'nor any post on the wall of a member who blocked the caller.',
    member: true,
    params: postIdParams,
    body: newCommentRequestSchema,
    answer: {
      status: 201,
      description: 'The new comment (null in the rare case it cannot be read back at once).',
      schema: z.object({ comment: feedCommentSchema.nullable() }),
    },
    errors: [
      missingTarget('post', 'That post does not exist.'),
      {
        status: 403,
        code: 'forbidden',
        when: 'The post’s author, or the member whose wall it is on, blocked the caller.',
        message: 'You cannot comment on this post.',
      },
    ],
    example: {
      params: { postId: POST_ID },
      body: { content: exampleComment.content },
      answer: { comment: { ...exampleComment, likes: 0, authorName: 'ben_pixels' } },
    },
  },
  'DELETE /comments/:commentId': {
    tag: 'Comments',
    summary: 'Delete a comment',
    description:
      'By its author, the author of the post it is on, or the member whose wall that post is on (who is told ' +
      'nothing, nor is its author).',
    member: true,
    params: commentIdParams,
    answer: { status: 204, description: 'Deleted; no body.' },
    errors: [
      missingTarget('comment'),
      {
        status: 403,
        code: 'forbidden',
        when: 'The caller wrote neither the comment nor the post, and the post is not on their wall.',
        message: 'You can only delete your own comments.',
      },
    ],
    example: { params: { commentId: COMMENT_ID } },
  },
  'GET /likes/mine': {
    tag: 'Likes',
    summary: 'Which of these the caller likes',
    description:
      'Feeds are the same for everyone; a signed-in page asks this after loading to fill its like buttons.',
    member: true,
    query: {
      schema: z.object({
        ids: z
          .string()
          .max(50 * 130)
          .transform((list) => [...new Set(list.split(',').filter((id) => id !== ''))])
          .pipe(z.array(recordIdSchema).max(50, 'At most 50 at once.')),
      }),
      describe: { ids: 'Post and comment ids, comma-separated (at most 50).' },
    },
    answer: {
      status: 200,
      description: 'The ids of those the caller likes.',
      schema: z.object({ liked: z.array(recordIdSchema) }),
    },
    example: { query: { ids: `${POST_ID},${COMMENT_ID}` }, answer: { liked: [POST_ID] } },
  },
  'PUT /likes/:type/:targetId': likeChange(true),
  'DELETE /likes/:type/:targetId': likeChange(false),
  'GET /follows/users/:uid': {
    tag: 'Follows',
    summary: 'What a member follows',
    description: 'Newest first; public.',
    member: false,
    params: memberParams,
    query: {
      schema: z.object({
        type: followTargetTypeSchema.optional(),
        limit: z.coerce.number().int().positive().optional(),
      }),
      describe: { type: 'Only follows of this kind.', limit: 'How many (10 unless said; at most 10).' },
    },
    answer: { status: 200, description: 'The follows.', schema: followListSchema },
    example: {
      params: { uid: ANA },
      query: { type: 'game' },
      answer: {
        follows: [
          {
            targetId: HADES,
            followId: '-OcQ4dW1kVxB7nM2zP9a',
            type: 'game',
            timestamp: POSTED_AT,
            type_time: followTypeTime('game', POSTED_AT),
          },
        ],
      },
    },
  },
  'GET /follows/:type/:targetId': {
    tag: 'Follows',
    summary: 'Whether the caller follows something',
    description: 'With its follower count; `self` says the target is the caller (nobody follows themself).',
    member: true,
    params: followTargetParams,
    answer: { status: 200, description: 'The caller’s follow state.', schema: followCheckSchema },
    example: {
      params: { type: 'user', targetId: BEN },
      answer: { following: true, followers: 12, self: false },
    },
  },
  'PUT /follows/:type/:targetId': followChange(true),
  'DELETE /follows/:type/:targetId': followChange(false),
  'GET /feed': {
    tag: 'Home feed',
    summary: 'A page of the caller’s home feed',
    description:
      'Posts on the feeds of the members, games and events the caller follows, newest first, without ' +
      'what they blocked; and the followed curated lists’ new games. Never cached.',
    member: true,
    query: {
      schema: homeFeedQuerySchema,
      describe: { cursor: feedPosition, limit: 'How many posts: 1 to 25 (10 unless said).' },
    },
    answer: { status: 200, description: 'The page and where the next starts.', schema: homeFeedAnswerSchema },
    errors: [
      {
        status: 503,
        code: 'unavailable',
        when: 'The feed service cannot be reached just now (also 502); the answer has `Retry-After`.',
        message: 'Your feed is not available just now. Please try again in a moment.',
      },
    ],
    example: {
      query: { limit: '10' },
      answer: {
        posts: [{ ...exampleFeedPost, postedOn: { type: 'game', key: HADES, name: 'Hades' } }],
        nextCursor: NEXT_PAGE,
        listEvents: [
          {
            uuid: '-OcR2eX3lWyC8oN1aQ5b',
            timestamp: POSTED_AT - 3_600_000,
            list: { code: 'roguelites', name: 'Roguelites worth your evenings' },
            games: [{ id: 'balatro', name: 'Balatro' }],
            count: 1,
          },
        ],
      },
    },
  },
  'GET /profiles/:uid': {
    tag: 'Profiles',
    summary: 'A member’s profile',
    description:
      'Public. A member who has not written one yet has an empty one (no `modified`); a member who ' +
      'disabled theirs, or a `uid` that is no member, is not found.',
    member: false,
    params: memberParams,
    answer: { status: 200, description: 'The profile.', schema: profileAnswerSchema },
    errors: [
      {
        status: 404,
        code: 'not-found',
        when: 'No member has this `uid`, or the member disabled their profile.',
        message: 'No such profile.',
      },
    ],
    example: {
      params: { uid: ANA },
      answer: {
        profile: {
          sourceUUID: ANA,
          brief: 'One more run. Always one more run.',
          details: 'Roguelites, deckbuilders, and anything with a daily seed.',
          header: 'https://images.example.com/ana-header.png',
          disabled: false,
          modified: POSTED_AT,
          uuid: ANA,
          root: 'profiles',
          type: 'profile',
        },
      },
    },
  },
  'PATCH /profiles/:uid': {
    tag: 'Profiles',
    summary: 'Change one’s own profile',
    description:
      'Only the fields given change: `brief` (at most 160 characters), `details` (at most 2,000), `header` ' +
      '(an https address) and `disabled` (hides the profile).',
    member: true,
    params: memberParams,
    body: profileUpdateRequestSchema,
    answer: { status: 200, description: 'The profile after the change.', schema: profileAnswerSchema },
    errors: [
      {
        status: 403,
        code: 'forbidden',
        when: '`uid` is not the caller’s.',
        message: 'You can only change your own profile.',
      },
    ],
    example: {
      params: { uid: ANA },
      body: { brief: 'One more run. Always one more run.' },
      answer: {
        profile: {
          sourceUUID: ANA,
          brief: 'One more run. Always one more run.',
          details: '',
          disabled: false,
          modified: POSTED_AT,
          uuid: ANA,
          root: 'profiles',
          type: 'profile',
        },
      },
    },
  },
  'GET /blocks': {
    tag: 'Blocks',
    summary: 'Everything the caller blocked',
    description: 'By kind, each id with when it was blocked (`games`: not interested).',
    member: true,
    answer: { status: 200, description: 'The blocks.', schema: userBlocksSchema },
    example: {
      answer: { posts: {}, comments: { [COMMENT_ID]: COMMENTED_AT }, users: { [BEN]: POSTED_AT }, games: {} },
    },
  },
  'POST /blocks': blockChange(true),
  'DELETE /blocks': blockChange(false),
  'GET /search': {
    tag: 'Search',
    summary: 'Search games and members by name',
    description:
      'Games and members whose name matches, best first. Public; answers are kept at the edge for 10 seconds.',
    member: false,
    query: {
      schema: searchQuerySchema,
      describe: {
        q: 'What to look for: 1 to 100 characters after trimming.',
        limit: 'How many results (25 unless said; more is answered with 25).',
      },
    },
    answer: { status: 200, description: 'The results.', schema: searchAnswerSchema },
    errors: [
      {
        status: 503,
        code: 'unavailable',
        when: 'The search service cannot be reached just now (also 502); the answer has `Retry-After`.',
        message: 'Search is not available just now. Please try again in a moment.',
      },
    ],
    example: {
      query: { q: 'hades', limit: '5' },
      answer: {
        success: true,
        results: [
          { _type: 'game', _id: HADES, name: 'Hades', link: '/game/hades' },
          { _type: 'user', _id: ANA, name: 'ana_roguelites', link: '/user/ana_roguelites' },
        ],
      },
    },
  },
} satisfies Record<PublicEndpointKey, PublicEndpoint>;

export type PublicApiEndpoint = keyof typeof PUBLIC_API;
