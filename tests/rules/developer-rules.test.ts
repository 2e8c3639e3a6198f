import { beforeAll, describe, expect, it } from 'vitest';
import { type RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { allowed, rulesDatabase } from './rules-database.ts';

// A developer account changes its games' pages through the Worker only (worker/api/developer.ts): the
// rules let no client write a game, nor grant itself the role or a game, even the game's own developer.

const db = rulesDatabase();
let stella: RtdbClient;

beforeAll(async () => {
  stella = db.asUser('stella');
  await db.server.patch('', {
    'games/lantern-keep': { name: 'Lantern Keep', deeplink_url_code: 'lantern-keep', follows: 2 },
    'users/stella/readOnly': { created: 1, modified: 1, isDeveloper: true },
    'users/stella/developer/developerGames/lantern-keep': true,
  });
});

describe('a developer writes nothing directly', () => {
  const writes: [string, string, unknown][] = [
    ["their game's description", 'games/lantern-keep/content/description', 'Direct'],
    ["their game's icon", 'games/lantern-keep/icon', 'https://cdn.example.com/x.png'],
    ["their game's iOS icon", 'games/lantern-keep/content_ios', { icon: 'https://cdn.example.com/x.png' }],
    ["their game's deep link", 'games/lantern-keep/deeplink_url_code', 'moved'],
    ['a new game', 'games/stella-game', { name: 'Mine', deeplink_url_code: 'stella-game' }],
    ['another game into their developer games', 'users/stella/developer/developerGames/hades', true],
    ['their own developer flag', 'users/stella/readOnly/isDeveloper', false],
    ['a new event', 'events/stella-launch', { name: 'Launch', deeplink_url_code: 'stella-launch' }],
  ];
  for (const [what, path, value] of writes) {
    it(`cannot write ${what}`, async () => {
      expect(await allowed(stella.put(path, value))).toBe(false);
    });
  }

  it('still reads their game like anyone (the allowed case)', async () => {
    expect(await allowed(stella.get('games/lantern-keep'))).toBe(true);
    expect(await db.server.get('games/lantern-keep/deeplink_url_code')).toBe('lantern-keep');
  });
});
