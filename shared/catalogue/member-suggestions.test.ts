import { describe, expect, it } from 'vitest';
import { memberTastes, rankSuggestions } from './member-suggestions.ts';

describe('rankSuggestions', () => {
  it('ranks by the sum of ratios over the followed games and names the one with the best ratio as the reason', () => {
    const ranked = rankSuggestions({
      followed: ['hades', 'celeste'],
      excluded: new Set(['hades', 'celeste']),
      seeds: [],
      rows: [
        [
          'hades',
          [
            ['dead-cells', 0.9],
            ['hollow-knight', 0.6],
          ],
        ],
        // Hollow Knight: 0.6 + 0.7 = 1.3 beats Dead Cells' 0.9; its best ratio comes from Celeste.
        [
          'celeste',
          [
            ['hollow-knight', 0.7],
            ['hades', 0.8],
          ],
        ],
      ],
      count: 10,
    });
    expect(ranked).toEqual([
      { gameId: 'hollow-knight', reason: { kind: 'follows', gameId: 'celeste' } },
      { gameId: 'dead-cells', reason: { kind: 'follows', gameId: 'hades' } },
    ]);
  });

  it('never suggests what the member follows, answered or waved away, and stops at the count', () => {
    const ranked = rankSuggestions({
      followed: ['hades'],
      excluded: new Set(['hades', 'answered', 'not-interested']),
      seeds: [],
      rows: [
        [
          'hades',
          [
            ['answered', 1],
            ['not-interested', 0.95],
            ['a', 0.9],
            ['b', 0.8],
            ['c', 0.7],
          ],
        ],
      ],
      count: 2,
    });
    expect(ranked.map(({ gameId }) => gameId)).toEqual(['a', 'b']);
  });

  it('asks a member who follows nothing about the seed games first, all as popular with players who agree', () => {
    const ranked = rankSuggestions({
      followed: [],
      excluded: new Set(['factorio']),
      seeds: ['hades', 'factorio'],
      rows: [['hades', [['celeste', 0.75]]]],
      count: 10,
    });
    expect(ranked).toEqual([
      { gameId: 'hades', reason: { kind: 'popular' } },
      { gameId: 'celeste', reason: { kind: 'popular' } },
    ]);
  });

  it('names a game the member only shelved by its shelf, and a followed one as followed', () => {
    const ranked = rankSuggestions({
      followed: ['celeste', 'hades'],
      shelvedOnly: new Map([['celeste', 'want']]),
      excluded: new Set(['hades', 'celeste']),
      seeds: ['portal-2'],
      rows: [
        ['celeste', [['hollow-knight', 0.9]]],
        ['hades', [['dead-cells', 0.8]]],
      ],
      count: 10,
    });
    expect(ranked).toEqual([
      { gameId: 'hollow-knight', reason: { kind: 'shelf', gameId: 'celeste', shelf: 'want' } },
      { gameId: 'dead-cells', reason: { kind: 'follows', gameId: 'hades' } },
    ]);
  });
});

describe('memberTastes', () => {
  it('puts shelved games beside follows, newest first, each once, and a dropped game among none', () => {
    const { tastes, shelvedOnly, shelved } = memberTastes(
      { hades: 100, celeste: 300 },
      {
        'dead-cells': { status: 'played', timestamp: 200 },
        hades: { status: 'playing', timestamp: 400 },
        'hollow-knight': { status: 'dropped', timestamp: 500 },
        'taken-off': { timestamp: 600 },
        broken: { status: 'loved', timestamp: 700 },
      },
    );
    // Hades: followed at 100, shelved at 400, so it counts once, at 400, as followed.
    expect(tastes).toEqual(['hades', 'celeste', 'dead-cells']);
    expect([...shelvedOnly]).toEqual([['dead-cells', 'played']]);
    expect(shelved.sort()).toEqual(['dead-cells', 'hades', 'hollow-knight']);
  });

  it('builds on games rated high, never on games rated low or middling, and never suggests any of them', () => {
    const { tastes, shelvedOnly, shelved } = memberTastes(
      { factorio: 100 },
      {
        // Played and rated 2: not a taste, though "played" alone would be.
        celeste: { status: 'played', timestamp: 900, score: 2 },
        // A 6: middling, says nothing.
        fez: { status: 'played', timestamp: 800, score: 6 },
        // Rated 9 and then taken off its shelf: still a taste, named as played.
        hades: { timestamp: 700, score: 9 },
        // Dropped but rated 8: the score decides.
        braid: { status: 'dropped', timestamp: 600, score: 8 },
        limbo: { status: 'want', timestamp: 500 },
      },
    );
    expect(tastes).toEqual(['hades', 'braid', 'limbo', 'factorio']);
    expect(Object.fromEntries(shelvedOnly)).toEqual({ hades: 'played', braid: 'played', limbo: 'want' });
    expect(shelved.sort()).toEqual(['braid', 'celeste', 'fez', 'hades', 'limbo']);
  });
});
