import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';
import { RATE_LIMIT_PERIOD_SECONDS } from './rate-limit.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

// Reads that each cost the database many (limitCostlyReads in limits.ts), looped by one account through
// Miniflare's own rate-limiting binding ([env.local]: 120 a minute per account): a member's shelves of a
// page's 50 games (50 reads a request), the import preview's whole `gamelist` and the export. Before, each
// could be asked without end: one account made the database read 50 entries per request, 6,000 a minute.
const LOCAL_COSTLY_READS_PER_MINUTE = 120;

const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());
const run = runTag();
const ANA = `cr-ana-${run}`;
const BEN = `cr-ben-${run}`;
const GAME = `costly-reads-${run.toLowerCase()}`;

/** Miniflare counts in windows aligned to the clock's minutes: each burst starts with the window ahead. */
async function withWindowAhead(neededMs = 20_000): Promise<void> {
  const windowMs = RATE_LIMIT_PERIOD_SECONDS * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

async function statuses(count: number, request: () => Promise<Response>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await request();
    seen.push(response.status);
    await response.body?.cancel();
  }
  return seen;
}

async function expectRefusedForAMinute(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get('Retry-After')).toBe(String(RATE_LIMIT_PERIOD_SECONDS));
  expect((await response.json<ApiErrorBody>()).error).toEqual({
    code: 'too-many-requests',
    message: 'You’re doing that too often. Please wait a minute, then try again.',
  });
}

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Costly Reads'),
    [`users/${ANA}/public`]: { uuid: ANA, username: `u_cra_${run}` },
    [`users/${BEN}/public`]: { uuid: BEN, username: `u_crb_${run}` },
    [`users/${ANA}/private/gamelist/${GAME}`]: { status: 'played', timestamp: 1 },
  });
});

describe('reads that cost the database many', () => {
  it(
    'a member’s shelves of a page’s games: refused past 120 a minute, other members unaffected',
    { timeout: 60_000 },
    async () => {
      await withWindowAhead();
      const checks = `/api/shelves/mine?ids=${GAME}`;
      const allowed = await statuses(LOCAL_COSTLY_READS_PER_MINUTE, () => call(checks, { uid: ANA }));
      expect(allowed.every((status) => status === 200)).toBe(true);
      await expectRefusedForAMinute(await call(checks, { uid: ANA }));
      // Ben's own checks are his own count.
      const ben = await call(checks, { uid: BEN });
      expect(ben.status).toBe(200);
      expect(await ben.json()).toEqual({ shelves: {} });
    },
  );

  it(
    'the import’s preview and the export share one count, refused past 120 a minute',
    { timeout: 60_000 },
    async () => {
      await withWindowAhead();
      const previews = await statuses(LOCAL_COSTLY_READS_PER_MINUTE - 1, () =>
        call('/api/library/shelves', { uid: BEN }),
      );
      expect(previews.every((status) => status === 200)).toBe(true);
      expect((await call('/api/library/export?format=json', { uid: BEN })).status).toBe(200);
      await expectRefusedForAMinute(await call('/api/library/export?format=csv', { uid: BEN }));
      await expectRefusedForAMinute(await call('/api/library/shelves', { uid: BEN }));
    },
  );
});
