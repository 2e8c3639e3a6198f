import { beforeAll, describe, expect, it } from 'vitest';
import { TASTE_BASIS_ROOT, tasteBasisPath } from '../../shared/catalogue/taste-basis.ts';
import { allowed, canRead, rulesDatabase } from './rules-database.ts';

// What database.rules.json says about the scores taste in common holds for a day
// (shared/catalogue/taste-basis.ts): only the server reads and writes them. A member who could write their
// own copy would compare any scores they like again at once (the probe the copy exists to stop); one who
// could read another's would read that member's private scores.

const db = rulesDatabase();
const HELD = { takenAt: 1, scores: { hades: 9 } };

beforeAll(async () => {
  await db.server.patch('', { [tasteBasisPath('ana')]: HELD });
});

describe('the scores taste in common holds', () => {
  it('are read by nobody but the server, not even their member', async () => {
    for (const path of [TASTE_BASIS_ROOT, tasteBasisPath('ana')]) {
      expect(await canRead(db.anonymous, path)).toBe(false);
      expect(await canRead(db.asUser('ben'), path)).toBe(false);
      expect(await canRead(db.asUser('ana'), path)).toBe(false);
    }
    expect(await db.server.get(tasteBasisPath('ana'))).toEqual(HELD);
  });

  it('are neither replaced nor cleared by their member or anyone else', async () => {
    const ana = db.asUser('ana');
    expect(await allowed(ana.put(tasteBasisPath('ana'), { takenAt: 0, scores: {} }))).toBe(false);
    expect(await allowed(ana.put(`${tasteBasisPath('ana')}/takenAt`, 0))).toBe(false);
    expect(await allowed(ana.put(tasteBasisPath('ana'), null))).toBe(false);
    expect(await allowed(db.asUser('ben').patch('', { [tasteBasisPath('ana')]: null }))).toBe(false);
    expect(await db.server.get(tasteBasisPath('ana'))).toEqual(HELD);
  });
});
