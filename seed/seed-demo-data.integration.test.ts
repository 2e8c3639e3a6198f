// The demo seed against the real emulator with the project's rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE, startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { MIN_SUGGESTION_RATIO } from '../shared/constants.ts';
import { createRtdbClient, type RtdbClient } from '../shared/rtdb/rest-client.ts';
import { eventSchema } from '../shared/schemas/event.ts';
import { gameSchema } from '../shared/schemas/game.ts';
import { listSchema } from '../shared/schemas/list.ts';
import { loadDemoData } from './demo-data.ts';
import { seedDemoData } from './seed-demo-data.ts';

const RULES = new URL('../database.rules.json', import.meta.url).pathname;
let emulator: RunningEmulator;
let owner: RtdbClient;
let anonymous: RtdbClient;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, rules: RULES });
  owner = createRtdbClient({
    databaseUrl: emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  });
  anonymous = owner.withCredential({ kind: 'anonymous' });
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(async () => {
  await owner.put('', null);
});

describe('seedDemoData', () => {
  it('seeds an empty database, readable by anyone the way the pages read it', async () => {
    expect(await seedDemoData(owner)).toEqual({ seeded: true });
    const data = loadDemoData();

    const games = (await owner.get('games')) as Record<string, unknown>;
    expect(Object.keys(games)).toHaveLength(data.games.length);
    const hades = gameSchema.parse(games.hades);
    expect(hades).toMatchObject({
      name: 'Hades',
      deeplink_url_code: 'hades',
      follows: 0,
      source: 'questline',
    });
    expect(hades.content.description).toBeTruthy();

    // Top games: by weighted_index, the first demo game highest.
    const top = (await anonymous.get('games', { orderBy: 'weighted_index', limitToLast: 1 })) as Record<
      string,
      unknown
    >;
    expect(Object.keys(top)).toEqual([data.games[0]?.slug]);

    // Suggestions: the game page's query on se_matrix.
    const suggestions = (await anonymous.get('se_matrix/hades', {
      orderBy: '$value',
      startAt: MIN_SUGGESTION_RATIO,
    })) as Record<string, number>;
    expect(Object.keys(suggestions).length).toBeGreaterThan(0);
    expect(await anonymous.get('se_matrix_seedgames/hades')).toBe(true);

    const event = eventSchema.parse(await anonymous.get('events/the-game-awards-2023'));
    expect(event.games['baldurs-gate-3']).toBe(1);
    const list = listSchema.parse(await anonymous.get('lists/valve-classics'));
    expect(Object.keys(list.games)).toEqual(['story', 'multiplayer']);
    expect(await anonymous.get('lists-public/valve-classics')).toEqual({
      name: 'Valve classics',
      game_count: 9,
    });
    expect(await anonymous.get('highlights/home')).toMatchObject({ games: { 'baldurs-gate-3': 1 } });
  });

  it('does nothing when games exist', async () => {
    await owner.patch('', { 'games/alpha/name': 'Alpha', 'games/alpha/deeplink_url_code': 'alpha' });
    expect(await seedDemoData(owner)).toEqual({ seeded: false });
    expect(Object.keys((await owner.get('games')) as object)).toEqual(['alpha']);
    expect(await owner.get('events')).toBeNull();
  });

  it('seeds once: a second call keeps what users changed since', async () => {
    await seedDemoData(owner);
    await owner.patch('', { 'games/hades/follows': 3 });
    expect(await seedDemoData(owner)).toEqual({ seeded: false });
    expect(await owner.get('games/hades/follows')).toBe(3);
  });
});
