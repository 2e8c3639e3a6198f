import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitLike } from '../../shared/transitions/like.ts';
import {
  commitNewComment,
  commitNewPost,
  planDeleteComment,
  planDeletePost,
} from '../../shared/transitions/post.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

// Every change to what a feed shows moves `feed_activity/{feed}` in the same PATCH, which is what open
// pages of that feed stream to know when to re-read: a post, a comment on one of its posts, a like of
// one of its posts or of a comment there, and their removal. Nothing else's feed moves.

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.server.put('', null);
  await db.server.patch('', {
    'posts/post1': {
      uuid: 'post1',
      targetUUID: 'portal-2',
      targetType: 'game',
      sourceUUID: 'ana',
      content: 'Who else is replaying Portal 2?',
      type: 'text',
      likes: 0,
      timestamp: 1,
      comments: { comment1: 2 },
    },
    'posts_by_id/game:portal-2/post1': 1,
    'comments/comment1': { postUUID: 'post1', sourceUUID: 'ben', content: 'Me!', likes: 0, timestamp: 2 },
  });
});

const activity = (feed: string) => db.server.get(`feed_activity/${feed}`);

describe('the activity of a feed', () => {
  it('moves with a new post on it, and only on its own feed', async () => {
    await commitNewPost(db.server, 'ben', {
      targetType: 'user',
      targetId: 'ana',
      content: 'Hi',
      type: 'text',
    });
    expect(await activity('user:ana')).toBe(TEST_DATABASE_NOW);
    expect(await activity('game:portal-2')).toBeNull();
    expect(await activity('user:ben')).toBeNull();
    expect(await activity('ana')).toBeNull();
  });

  it('moves with a comment on one of its posts', async () => {
    await commitNewComment(db.server, 'ben', 'post1', 'Co-op too');
    expect(await activity('game:portal-2')).toBe(TEST_DATABASE_NOW);
  });

  it('moves with a like and an unlike of one of its posts, and of a comment there', async () => {
    await commitLike(db.server, { uid: 'ben', type: 'post', targetId: 'post1', like: true });
    expect(await activity('game:portal-2')).toBe(TEST_DATABASE_NOW);
    await db.server.put('feed_activity/game:portal-2', 1);
    await commitLike(db.server, { uid: 'ana', type: 'comment', targetId: 'comment1', like: true });
    expect(await activity('game:portal-2')).toBe(TEST_DATABASE_NOW);
    await db.server.put('feed_activity/game:portal-2', 1);
    await commitLike(db.server, { uid: 'ana', type: 'comment', targetId: 'comment1', like: false });
    expect(await activity('game:portal-2')).toBe(TEST_DATABASE_NOW);
  });

  it('stays put when a like changes nothing or its target is gone', async () => {
    await commitLike(db.server, { uid: 'ben', type: 'post', targetId: 'post1', like: false });
    expect(await activity('game:portal-2')).toBeNull();
    await expect(
      commitLike(db.server, { uid: 'ben', type: 'post', targetId: 'no-such-post', like: true }),
    ).rejects.toThrow();
    expect(await db.server.get('feed_activity')).toBeNull();
  });

  it('moves when a comment or a post is deleted', async () => {
    await db.server.patch(
      '',
      planDeleteComment('comment1', { postUUID: 'post1', sourceUUID: 'ben' }, 'ana', 'game:portal-2'),
    );
    expect(await activity('game:portal-2')).toBe(TEST_DATABASE_NOW);
    await db.server.put('feed_activity/game:portal-2', 1);
    await db.server.patch(
      '',
      planDeletePost('post1', {
        targetUUID: 'portal-2',
        targetType: 'game',
        sourceUUID: 'ana',
        comments: {},
      }),
    );
    expect(await activity('game:portal-2')).toBe(TEST_DATABASE_NOW);
    expect(await db.server.get('posts/post1')).toBeNull();
  });
});
