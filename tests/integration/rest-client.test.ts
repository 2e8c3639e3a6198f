import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import {
  createRtdbClient,
  RtdbError,
  type RtdbClient,
  type RtdbRequestRecord,
} from '../../shared/rtdb/rest-client.ts';
import { SERVER_TIMESTAMP, serverIncrement } from '../../shared/rtdb/server-values.ts';
import { TEST_DATABASE_NOW } from './emulator-db.ts';

let emulator: RunningEmulator;
let owner: RtdbClient;
let anonymous: RtdbClient;
const requests: RtdbRequestRecord[] = [];

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    clock: () => TEST_DATABASE_NOW,
    rules: {
      rules: {
        '.read': false,
        '.write': false,
        public: { '.read': true, scores: { '.indexOn': ['score'] }, named: { '.indexOn': ['name'] } },
      },
    },
  });
  owner = createRtdbClient({
    databaseUrl: emulator.url,
    namespace: 'rest-client-test',
    credential: { kind: 'emulatorOwner' },
    onRequest: (record) => requests.push(record),
  });
  anonymous = owner.withCredential({ kind: 'anonymous' });
});

afterAll(() => emulator.close());

describe('the Realtime Database REST client', () => {
  it('writes, reads, updates and deletes values', async () => {
    await owner.put('public/games/portal', { name: 'Portal', score: 90 });
    expect(await owner.get('public/games/portal')).toEqual({ name: 'Portal', score: 90 });
    await owner.patch('public/games', { 'portal/score': 95, 'celeste/name': 'Celeste' });
    expect(await owner.get('public/games')).toEqual({
      portal: { name: 'Portal', score: 95 },
      celeste: { name: 'Celeste' },
    });
    await owner.delete('public/games/celeste');
    expect(await owner.get('public/games/celeste')).toBeNull();
  });

  it('posts under a new push id and resolves server values', async () => {
    const id = await owner.post('public/log', { at: SERVER_TIMESTAMP, count: serverIncrement(2) });
    expect(id).toMatch(/^[-0-9A-Za-z_]{20}$/);
    const entry = (await owner.get(`public/log/${id}`)) as { at: number; count: number };
    expect(entry.count).toBe(2);
    expect(entry.at).toBe(TEST_DATABASE_NOW);
  });

  it('sends ordered, filtered queries with JSON-encoded values', async () => {
    await owner.put('public/scores', { a: { score: 1 }, b: { score: 5 }, c: { score: 9 }, d: { score: 7 } });
    const top = await anonymous.get('public/scores', { orderBy: 'score', startAt: 5, limitToLast: 2 });
    expect(top).toEqual({ c: { score: 9 }, d: { score: 7 } });
  });

  it("sends query values holding the query string's own characters as values, not as more of the query", async () => {
    const names = {
      amp: { name: 'Tom & Jerry&limitToFirst=1' },
      plus: { name: 'C++ "Quoted" #1 é' },
      other: { name: 'Tom' },
    };
    await owner.put('public/named', names);
    for (const [key, value] of Object.entries(names).slice(0, 2)) {
      expect(await anonymous.get('public/named', { orderBy: 'name', equalTo: value.name })).toEqual({
        [key]: value,
      });
    }
    expect(
      await anonymous.get('public/named', { orderBy: 'name', startAt: 'C++ "Quoted" #1 é', endAt: 'Tom' }),
    ).toEqual({
      plus: names.plus,
      other: names.other,
    });
  });

  it('applies a conditional put only while the ETag still matches', async () => {
    await owner.put('public/counter', 1);
    const { value, etag } = await owner.getTagged('public/counter');
    expect(value).toBe(1);
    expect(await owner.put('public/counter', 2, { ifMatch: etag })).toBe(2);
    // The value changed since that ETag was read: the write is refused, null answered.
    expect(await owner.put('public/counter', 3, { ifMatch: etag })).toBeNull();
    expect(await owner.get('public/counter')).toBe(2);
  });

  it('fails with the status and keeps the detail for logs only', async () => {
    const error = await anonymous.get('private/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RtdbError);
    expect((error as RtdbError).status).toBe(401);
    expect((error as RtdbError).message).toContain('Permission denied');
  });

  it('keeps user-supplied keys inside their path segment', async () => {
    await owner.put('public/keys/a b', 'spaced');
    expect(await owner.get('public/keys/a b')).toBe('spaced');
    await expect(owner.get('public/keys/..')).rejects.toBeInstanceOf(RtdbError);
    await expect(owner.get('public/keys/x?shallow=true')).resolves.toBeNull();
  });

  it('reports every request with its ordering for round-trip counting', () => {
    expect(requests.length).toBeGreaterThan(0);
    for (const record of requests) expect(record.endOrder).toBeGreaterThan(record.startOrder);
  });
});
