import { describe, expect, it } from 'vitest';
import type { FeedPost } from '../../../shared/feed/read-feed.ts';
import { hidesFromHomeFeed, NO_BLOCKS, type MemberBlocks } from './member-blocks.ts';

const post = (targetType: FeedPost['targetType'], targetUUID: string): FeedPost => ({
  uuid: `p-${String(targetType)}-${targetUUID}`,
  targetUUID,
  targetType,
  root: 'posts',
  sourceUUID: 'mallory',
  content: 'Hi',
  type: 'text',
  likes: 0,
  timestamp: 1,
  comments: {},
  previewComments: [],
});

describe('hidesFromHomeFeed', () => {
  const notInterestedInHades: MemberBlocks = { ...NO_BLOCKS, games: new Set(['hades']) };

  it('hides posts on a game the member is not interested in, not on an event or member sharing its id', () => {
    expect(hidesFromHomeFeed(notInterestedInHades, post('game', 'hades'), 'ben')).toBe(true);
    expect(hidesFromHomeFeed(notInterestedInHades, post('event', 'hades'), 'ben')).toBe(false);
    expect(hidesFromHomeFeed(notInterestedInHades, post('user', 'hades'), 'ben')).toBe(false);
  });
});
