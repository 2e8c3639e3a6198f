import { describe, expect, it } from 'vitest';
import { feedIdOf, isTargetName, parseFeedId, postFeedId, targetName } from './feed-id.ts';

describe('feed ids', () => {
  it('name the kind as well as the id, so a member, a game and an event of one id have three feeds', () => {
    const feeds = new Set([feedIdOf('user', 'hades'), feedIdOf('game', 'hades'), feedIdOf('event', 'hades')]);
    expect(feeds.size).toBe(3);
    expect(feedIdOf('event', 'questline')).toBe('event:questline');
    expect(parseFeedId('event:questline')).toEqual({ kind: 'event', id: 'questline' });
  });

  it('are not what an id alone, a list or a made-up kind would be', () => {
    expect(parseFeedId('questline')).toBeNull();
    expect(parseFeedId('list:indie-essentials')).toBeNull();
    expect(parseFeedId('group:hades')).toBeNull();
    expect(parseFeedId('game:hades/../user:ana')).toBeNull();
    expect(isTargetName('questline')).toBe(false);
    expect(isTargetName(targetName('list', 'indie-essentials'))).toBe(true);
  });

  it('of a post come from the kind it records; a post recording none is on no feed', () => {
    expect(postFeedId({ targetType: 'event', targetUUID: 'hades' })).toBe('event:hades');
    expect(postFeedId({ targetUUID: 'hades' })).toBeNull();
  });
});
