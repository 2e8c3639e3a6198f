import { describe, expect, it } from 'vitest';
import { gamesGained, planListGainedGames } from './list-activity.ts';
import { listActivitySchema } from '../schemas/list-activity-record.ts';

const AT = Date.UTC(2031, 0, 2, 10, 0, 0);

describe('planListGainedGames', () => {
  it('records one event naming the games gained, at the time given', () => {
    const updates = planListGainedGames('indie-essentials', ['hades', 'celeste', 'hades'], AT, () => 'ev1');
    expect(updates).toEqual({
      'list_activity/indie-essentials/ev1': { games: ['hades', 'celeste'], count: 2, timestamp: AT },
    });
    expect(listActivitySchema.safeParse(updates['list_activity/indie-essentials/ev1']).success).toBe(true);
  });

  it('writes nothing when no game was gained', () => {
    expect(planListGainedGames('indie-essentials', [], AT)).toEqual({});
  });

  it('names at most ten games of a large addition and counts them all', () => {
    const ids = Array.from({ length: 25 }, (_, i) => `game-${String(i)}`);
    const record = planListGainedGames('big', ids, AT, () => 'ev')['list_activity/big/ev'];
    const parsed = listActivitySchema.parse(record);
    expect(parsed.games).toHaveLength(10);
    expect(parsed.count).toBe(25);
  });
});

describe('gamesGained', () => {
  const before = { games: { a: { games: { hades: 1, celeste: 2 } } } };

  it('answers the games new to the list in the order it shows them, not those moved or kept', () => {
    const after = {
      games: {
        a: { games: { celeste: 1, 'dead-cells': 3, 'hollow-knight': 2 } },
        b: { games: { hades: 1, 'slay-the-spire': 2 } },
      },
    };
    expect(gamesGained(before, after)).toEqual(['hollow-knight', 'dead-cells', 'slay-the-spire']);
  });

  it('counts every game of a new list as gained, once', () => {
    const after = { games: { a: { games: { hades: 1 } }, b: { games: { hades: 1, celeste: 2 } } } };
    expect(gamesGained(null, after)).toEqual(['hades', 'celeste']);
  });

  it('gains nothing when games are only removed', () => {
    expect(gamesGained(before, { games: { a: { games: { hades: 1 } } } })).toEqual([]);
  });
});
