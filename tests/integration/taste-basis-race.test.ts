// The scores taste in common holds for a day (shared/catalogue/taste-basis.ts), against the real emulator:
// two comparisons that both found no copy, with a re-rating between them, must not each fix a copy of their
// own (a prober would then compare two different sets of scores within the day). The first to write wins;
// the other compares with the winner's copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  heldScores,
  readTasteBasis,
  TASTE_BASIS_HOLD_MS,
  tasteBasisPath,
} from '../../shared/catalogue/taste-basis.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const shows = () => true;
/** The member's scores as read now. */
const scoresNow = (hades: number) => () => Promise.resolve({ hades });

describe('the held copy of a member’s scores', () => {
  it('is taken once by racing comparisons: the later one compares with the first one’s copy', async () => {
    const now = TEST_DATABASE_NOW;
    // Both comparisons read "no copy" before either writes.
    const [first, second] = await Promise.all([
      readTasteBasis(db.server, 'prober'),
      readTasteBasis(db.server, 'prober'),
    ]);
    const taken = await heldScores(db.server, 'prober', now, first, scoresNow(5), shows);
    // Meanwhile the prober re-rated Hades 3: the second comparison read that, but the copy stays the first.
    const raced = await heldScores(db.server, 'prober', now + 1, second, scoresNow(3), shows);
    expect(taken).toEqual({ scores: { hades: 5 }, asOf: now });
    expect(raced).toEqual({ scores: { hades: 5 }, asOf: now });
    expect(await db.server.get(tasteBasisPath('prober'))).toEqual({ takenAt: now, scores: { hades: 5 } });

    // A day later the copy is taken again, from the scores as they are then.
    const later = now + TASTE_BASIS_HOLD_MS;
    const next = await heldScores(
      db.server,
      'prober',
      later,
      await readTasteBasis(db.server, 'prober'),
      scoresNow(3),
      shows,
    );
    expect(next).toEqual({ scores: { hades: 3 }, asOf: later });
  });

  it('takes no copy for a comparison that shows no agreement, and keeps none that is not a copy', async () => {
    const now = TEST_DATABASE_NOW;
    const none = await heldScores(
      db.server,
      'newcomer',
      now,
      await readTasteBasis(db.server, 'newcomer'),
      scoresNow(9),
      () => false,
    );
    expect(none).toEqual({ scores: { hades: 9 }, asOf: now });
    expect(await db.server.get(tasteBasisPath('newcomer'))).toBeNull();
  });
});
