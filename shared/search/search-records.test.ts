import { describe, expect, it } from 'vitest';
import { gameDocument, memberDocument, searchedGameFields, searchedMemberFields } from './search-records.ts';

describe('search records', () => {
  it('keeps of a game only what search shows and ranks by, and links to its page', () => {
    const record = {
      name: 'Portal 2',
      deeplink_url_code: 'portal-2',
      icon: 'https://cdn.example/portal-2.jpg',
      follows: 12,
      weighted_index: 140_000,
      content: { description: 'A long description that search does not keep.' },
      tags: ['Puzzle'],
    };
    expect(searchedGameFields(record)).toEqual({
      name: 'Portal 2',
      icon: 'https://cdn.example/portal-2.jpg',
      follows: 12,
      weighted_index: 140_000,
      content: {},
    });
    expect(gameDocument('portal-2', searchedGameFields(record))).toEqual({
      kind: 'game',
      id: 'portal-2',
      name: 'Portal 2',
      link: '/game/portal-2',
      image: 'https://cdn.example/portal-2.jpg',
      popularity: 140_012,
    });
  });

  it('shows only https pictures, a game’s own icon before its content’s', () => {
    expect(gameDocument('a-game', { name: 'A Game', icon: 'javascript:alert(1)' })?.image).toBeUndefined();
    expect(
      gameDocument('a-game', {
        name: 'A Game',
        icon: 'http://plain.example/a.png',
        content: { icon: 'https://x.example/b.png' },
      })?.image,
    ).toBe('https://x.example/b.png');
    expect(
      memberDocument('uid-1', { username: 'ana_roguelites', icon: 'data:image/png;base64,AAAA' })?.image,
    ).toBeUndefined();
    expect(
      memberDocument('uid-1', { username: 'ana_roguelites', fbicon: 'https://fb.example/a.png' })?.image,
    ).toBe('https://fb.example/a.png');
  });

  it('leaves out what cannot be a result: guests, broken records, keys that are not ids', () => {
    expect(memberDocument('uid-guest', searchedMemberFields({ username: 'web-AbCd1234' }))).toBeNull();
    expect(memberDocument('uid-1', { icon: 'https://x.example/a.png' })).toBeNull();
    expect(memberDocument('bad/uid', { username: 'ana_roguelites' })).toBeNull();
    expect(gameDocument('Not A Deep Link', { name: 'Portal 2' })).toBeNull();
    expect(gameDocument('portal-2', { name: '' })).toBeNull();
    expect(gameDocument('portal-2', 'Portal 2')).toBeNull();
    expect(searchedGameFields(null)).toBeNull();
  });

  it('links a member to their page by username', () => {
    expect(
      memberDocument(
        'uid-1',
        searchedMemberFields({ username: 'ana_roguelites', header: 'https://x.example/h.png' }),
      ),
    ).toEqual({
      kind: 'user',
      id: 'uid-1',
      name: 'ana_roguelites',
      link: '/user/ana_roguelites',
      popularity: 0,
    });
  });
});
