import { describe, expect, it } from 'vitest';
import { feedKey } from './feed-key.ts';
import { mergeComments, mergeFeedPage, type ShownFeed } from './live-merge.ts';
import type { FeedComment, FeedPost } from './read-feed.ts';

// What a reader with the page open sees after their feed changed elsewhere and was re-read.

function comment(uuid: string, timestamp: number, likes = 0): FeedComment {
  return {
    uuid,
    root: 'comments',
    type: 'post-comment',
    postUUID: 'p',
    sourceUUID: 'ben',
    content: `Comment ${uuid}`,
    likes,
    timestamp,
    authorName: 'ben_pixels',
  };
}

function post(uuid: string, timestamp: number, extra: Partial<FeedPost> = {}): FeedPost {
  return {
    uuid,
    root: 'posts',
    type: 'text',
    targetUUID: 'portal-2',
    targetType: 'game',
    sourceUUID: 'ana',
    content: `Post ${uuid}`,
    likes: 0,
    timestamp,
    comments: {},
    previewComments: [],
    authorName: 'ana_roguelites',
    ...extra,
  };
}

const ids = (feed: ShownFeed) => feed.posts.map((p) => p.uuid);

describe('mergeFeedPage', () => {
  it('puts a new post first and updates shown posts in place, each once', () => {
    const shown: ShownFeed = { posts: [post('b', 20), post('a', 10)], nextCursor: null };
    const fresh = { posts: [post('c', 30), post('b', 20, { likes: 3 }), post('a', 10)], nextCursor: null };
    const merged = mergeFeedPage(shown, fresh);
    expect(ids(merged)).toEqual(['c', 'b', 'a']);
    expect(merged.posts[1]?.likes).toBe(3);
    // The same page again (a reconnect's repeated event) changes nothing.
    expect(mergeFeedPage(merged, fresh)).toEqual(merged);
  });

  it('drops a shown post that was deleted within what the re-read covered', () => {
    const shown: ShownFeed = { posts: [post('b', 20), post('a', 10)], nextCursor: null };
    expect(ids(mergeFeedPage(shown, { posts: [post('a', 10)], nextCursor: null }))).toEqual(['a']);
    expect(ids(mergeFeedPage(shown, { posts: [], nextCursor: null }))).toEqual([]);
  });

  it('keeps the older posts the reader loaded past the re-read, and where "More posts" goes on', () => {
    const shown: ShownFeed = {
      posts: [post('e', 50), post('d', 40), post('c', 30), post('b', 20)],
      nextCursor: '20.b',
    };
    // Two new posts push the re-read's page (3 posts) down to d; c and b were loaded with "More posts".
    const fresh = { posts: [post('g', 70), post('f', 60), post('e', 50)], nextCursor: '50.e' };
    const merged = mergeFeedPage(shown, fresh);
    expect(ids(merged)).toEqual(['g', 'f', 'e', 'd', 'c', 'b']);
    expect(merged.nextCursor).toBe('20.b');
  });

  it('goes on from the re-read when it reached past everything shown', () => {
    const shown: ShownFeed = { posts: [post('b', 20), post('a', 10)], nextCursor: null };
    const fresh = { posts: [post('d', 40), post('c', 30), post('b', 20)], nextCursor: '20.b' };
    const merged = mergeFeedPage(shown, fresh);
    expect(ids(merged)).toEqual(['d', 'c', 'b', 'a']);
    expect(merged.nextCursor).toBeNull();
    const firstPageOnly: ShownFeed = { posts: [post('b', 20)], nextCursor: '20.b' };
    expect(mergeFeedPage(firstPageOnly, fresh)).toEqual({ posts: fresh.posts, nextCursor: '20.b' });
  });

  it('tells posts of the same millisecond apart by id', () => {
    const shown: ShownFeed = { posts: [post('b', 20), post('a', 20)], nextCursor: null };
    const fresh = { posts: [post('c', 20), post('b', 20)], nextCursor: '20.b' };
    expect(ids(mergeFeedPage(shown, fresh))).toEqual(['c', 'b', 'a']);
  });
});

describe('mergeFeedPage with feed keys', () => {
  const keyed = (uuid: string, keyTime: number, timestamp: number) =>
    post(uuid, timestamp, { feed_key: feedKey('game:portal-2', keyTime, uuid) });

  it('orders posts as their feed is read (by key), where the database’s times disagree by a millisecond', () => {
    // b was written just after a, as the Worker saw it; the database stamped it a millisecond earlier.
    const shown: ShownFeed = { posts: [keyed('b', 21, 20), keyed('a', 20, 21)], nextCursor: null };
    // The re-read's page of one post ends at b: a, older by key, lies past it and is kept, not dropped.
    const fresh = { posts: [keyed('b', 21, 20)], nextCursor: '21.b' };
    expect(ids(mergeFeedPage(shown, fresh))).toEqual(['b', 'a']);
  });
});

describe('mergeComments', () => {
  it('brings in new latest comments and new like counts, newest first, each once', () => {
    const shown = [comment('c2', 20), comment('c1', 10)];
    const fresh = post('p', 1, {
      comments: { c1: 10, c2: 20, c3: 30 },
      previewComments: [comment('c3', 30), comment('c2', 20, 4), comment('c1', 10)],
    });
    const merged = mergeComments(shown, fresh);
    expect(merged.map((c) => c.uuid)).toEqual(['c3', 'c2', 'c1']);
    expect(merged[1]?.likes).toBe(4);
    expect(mergeComments(merged, fresh)).toEqual(merged);
  });

  it('keeps the older comments the reader opened and removes deleted ones', () => {
    const shown = [comment('c4', 40), comment('c3', 30), comment('c2', 20), comment('c1', 10)];
    const fresh = post('p', 1, {
      comments: { c1: 10, c2: 20, c4: 40 },
      previewComments: [comment('c4', 40), comment('c2', 20), comment('c1', 10)],
    });
    expect(mergeComments(shown, fresh).map((c) => c.uuid)).toEqual(['c4', 'c2', 'c1']);
    const opened = [
      comment('c5', 50),
      comment('c4', 40),
      comment('c3', 30),
      comment('c2', 20),
      comment('c1', 10),
    ];
    const later = post('p', 1, {
      comments: { c1: 10, c2: 20, c3: 30, c4: 40, c5: 50, c6: 60 },
      previewComments: [comment('c6', 60), comment('c5', 50), comment('c4', 40)],
    });
    expect(mergeComments(opened, later).map((c) => c.uuid)).toEqual(['c6', 'c5', 'c4', 'c3', 'c2', 'c1']);
  });
});
