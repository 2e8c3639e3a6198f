import { encodeFeedCursor } from '../../shared/feed/feed-cursor.ts';

// The values the API's documented examples use (route definitions, /api/docs): two demo members, a game
// of the demo catalogue, a post and a comment, at times in 2031. Examples are checked against the
// schemas beside them (worker/api/api-document.node.test.ts).

export const ANA = 'u7Hq2nRk4sXa9bLmP3cVd1eFg5hJ';
export const BEN = 'Kp4tYw8zQe2rUi6oAs0dFg3hJk7l';
export const HADES = 'hades';
export const POST_ID = '-OcT7kQ2mZxN4vB8wL1e';
export const COMMENT_ID = '-OcT8aR5nYwM2uC7vK3f';
export const POSTED_AT = Date.UTC(2031, 2, 14, 18, 30);
export const COMMENTED_AT = POSTED_AT + 4 * 60_000;
export const NEXT_PAGE = encodeFeedCursor({ timestamp: POSTED_AT - 86_400_000, id: '-OcS1hT9pXvL6wD2yJ4g' });

export const exampleComment = {
  postUUID: POST_ID,
  sourceUUID: BEN,
  content: 'Heat 16?! Which weapon?',
  likes: 1,
  timestamp: COMMENTED_AT,
  uuid: COMMENT_ID,
  root: 'comments',
  type: 'post-comment',
} as const;

export const examplePost = {
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
} as const;

export const exampleFeedPost = {
  ...examplePost,
  authorName: 'ana_roguelites',
  previewComments: [{ ...exampleComment, authorName: 'ben_pixels' }],
};
