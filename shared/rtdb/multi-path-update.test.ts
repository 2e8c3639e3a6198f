import { describe, expect, it } from 'vitest';
import { combineUpdates } from './multi-path-update.ts';
import { followCountNode, postNode, userBlocksNode, userFollowsMapNode } from './paths.ts';
import { SERVER_TIMESTAMP, serverIncrement } from './server-values.ts';

describe('typed database nodes', () => {
  it('write a record, one of its fields, or an entry of a map at the paths the spec names', () => {
    expect(postNode('p1').child('likes').set(serverIncrement(1))).toEqual({
      'posts/p1/likes': { '.sv': { increment: 1 } },
    });
    expect(userBlocksNode('ana', 'users').child('ben').set(SERVER_TIMESTAMP)).toEqual({
      'users/ana/private/blocks/users/ben': { '.sv': 'timestamp' },
    });
    expect(userFollowsMapNode('ana', 'game').child('hades').set(null)).toEqual({
      'users/ana/private/follows/games/hades': null,
    });
    expect(followCountNode('user', 'ben').path).toBe('users/ben/public/follows');
  });

  it('merge writes only the fields given, each as its own entry, so the others stay as they are', () => {
    expect(postNode('p1').merge({ content: 'Hello', likes: 0, type: undefined })).toStrictEqual({
      'posts/p1/content': 'Hello',
      'posts/p1/likes': 0,
    });
  });

  it('combine many updates into one', () => {
    const blocks = userBlocksNode('ana', 'posts');
    expect(combineUpdates(['p1', 'p2'].map((id) => blocks.child(id).set(null)))).toEqual({
      'users/ana/private/blocks/posts/p1': null,
      'users/ana/private/blocks/posts/p2': null,
    });
  });
});
