import { beforeAll, describe, expect, it } from 'vitest';
import { followerRecountPath, likeRecountPath } from '../../shared/transitions/count-change.ts';
import { allowed, canRead, rulesDatabase } from './rules-database.ts';

// What database.rules.json says about the recounts a follow or like asks of the member-counts job
// (shared/transitions/count-change.ts): only the server reads and writes them. A member who could write
// them would set the job recounting whatever they like; one who could read them would learn whose counts
// were found damaged.

const db = rulesDatabase();

beforeAll(async () => {
  await db.server.patch('', {
    [followerRecountPath('game:hades')]: 1,
    [likeRecountPath('p1')]: 1,
  });
});

describe('recounts asked of the member-counts job', () => {
  it('are read by nobody but the server', async () => {
    for (const path of ['count_recounts', followerRecountPath('game:hades'), likeRecountPath('p1')]) {
      expect(await canRead(db.anonymous, path)).toBe(false);
      expect(await canRead(db.asUser('ana'), path)).toBe(false);
    }
    expect(await db.server.get(followerRecountPath('game:hades'))).toBe(1);
  });

  it('are neither asked for nor cleared by a member', async () => {
    const ana = db.asUser('ana');
    expect(await allowed(ana.put(followerRecountPath('user:ana'), 1))).toBe(false);
    expect(await allowed(ana.put(likeRecountPath('p1'), null))).toBe(false);
    expect(await allowed(ana.patch('', { [followerRecountPath('game:celeste')]: 1 }))).toBe(false);
    expect(await db.server.get(likeRecountPath('p1'))).toBe(1);
    expect(await db.server.get(followerRecountPath('game:celeste'))).toBeNull();
  });
});
