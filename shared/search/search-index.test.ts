import { describe, expect, it } from 'vitest';
import { createSearchIndex, type SearchDocument } from './search-index.ts';

const NOW = Date.UTC(2031, 4, 17, 9, 30, 0);

/** A game with its Steam review count as popularity (what `weighted_index` holds). */
function game(id: string, name: string, popularity: number): SearchDocument {
  return { kind: 'game', id, name, link: `/game/${id}`, popularity };
}

function member(uid: string, username: string): SearchDocument {
  return { kind: 'user', id: uid, name: username, link: `/user/${username}`, popularity: 0 };
}

const GAMES = [
  game('portal', 'Portal', 60_000),
  game('portal-2', 'Portal 2', 140_000),
  game('portal-knights', 'Portal Knights', 9_000),
  game('postal-2', 'POSTAL 2', 20_000),
  game('the-witcher-3-wild-hunt', 'The Witcher® 3: Wild Hunt', 207_000),
  game('witch-ring-meister', 'Witch Ring Meister', 30),
  game('the-witness', 'The Witness', 30_000),
  game('dark-souls-iii', 'DARK SOULS™ III', 110_000),
  game('dark-souls-ii', 'DARK SOULS™ II', 50_000),
  game('sid-meiers-civilization-v', "Sid Meier's Civilization® V", 134_000),
  game('civcity-rome', 'CivCity: Rome', 500),
  game('sebastien-loeb-rally-evo', 'Sébastien Loeb Rally EVO', 541),
  game('counter-strike-global-offensive', 'Counter-Strike: Global Offensive', 3_000_000),
  game('counter-strike', 'Counter-Strike', 127_000),
];
const MEMBERS = [member('uid-ana', 'ana_roguelites'), member('uid-leo', 'leo_pixelart')];

function catalogue() {
  let now = NOW;
  const index = createSearchIndex({ clock: () => now });
  index.replaceAll('game', GAMES);
  index.replaceAll('user', MEMBERS);
  return {
    index,
    names: (text: string, limit = 25) => index.search(text, limit).map((result) => result.name),
    later: (ms: number) => (now += ms),
  };
}

describe('search index', () => {
  it('finds games by the start of their name as it is typed, the most played first', () => {
    const { names } = catalogue();
    expect(names('dark so')).toEqual(['DARK SOULS™ III', 'DARK SOULS™ II']);
    expect(names('por')).toEqual(['Portal 2', 'Portal', 'Portal Knights']);
  });

  it('finds games by any word inside their name', () => {
    const { names } = catalogue();
    expect(names('wild hunt')).toEqual(['The Witcher® 3: Wild Hunt']);
    expect(names('souls')[0]).toBe('DARK SOULS™ III');
    // The one people mean when they type "civ" is not the one whose name starts with it.
    expect(names('civ')).toEqual(["Sid Meier's Civilization® V", 'CivCity: Rome']);
  });

  it('finds a game despite a typo, the most played first among names as close', () => {
    const { names } = catalogue();
    expect(names('witchr')[0]).toBe('The Witcher® 3: Wild Hunt');
    expect(names('dark sols iii')[0]).toBe('DARK SOULS™ III');
    expect(names('counter strik')[0]).toBe('Counter-Strike: Global Offensive');
  });

  it('ignores case, accents, punctuation and trademark signs', () => {
    const { names } = catalogue();
    expect(names('dark souls iii')[0]).toBe('DARK SOULS™ III');
    expect(names('DARK SOULS™ III')[0]).toBe('DARK SOULS™ III');
    expect(names('SEBASTIEN loeb')).toEqual(['Sébastien Loeb Rally EVO']);
    expect(names('sid meiers civilization v')[0]).toBe("Sid Meier's Civilization® V");
    expect(names('counterstrike')[0]).toBe('Counter-Strike');
  });

  it('puts the game whose whole name was typed first, even before a more popular one', () => {
    const { names } = catalogue();
    expect(names('portal')[0]).toBe('Portal');
    expect(names('counter-strike')).toEqual(['Counter-Strike', 'Counter-Strike: Global Offensive']);
  });

  it('ranks names matched as typed before names matched only despite a typo', () => {
    const { names } = catalogue();
    // POSTAL 2 is one letter from "portal" and more popular than Portal Knights, yet comes after it.
    expect(names('portal')).toEqual(['Portal', 'Portal 2', 'Portal Knights', 'POSTAL 2']);
    expect(names('portal 2')).toEqual(['Portal 2', 'POSTAL 2']);
  });

  it('shows names with only some of the words only when no name has them all', () => {
    const { names } = catalogue();
    expect(names('witcher 3 goty edition')[0]).toBe('The Witcher® 3: Wild Hunt');
    expect(names('dark souls remastered')).toEqual(['DARK SOULS™ III', 'DARK SOULS™ II']);
  });

  it('answers the first letter typed with the most played names that have a word starting with it', () => {
    const { names } = catalogue();
    expect(names('w')).toEqual(['The Witcher® 3: Wild Hunt', 'The Witness', 'Witch Ring Meister']);
    expect(names('D')).toEqual(['DARK SOULS™ III', 'DARK SOULS™ II']);
    expect(names('3')).toEqual(['The Witcher® 3: Wild Hunt']);
  });

  it('finds members by username, by its words or written together', () => {
    const { index, names } = catalogue();
    expect(names('ana_rog')).toEqual(['ana_roguelites']);
    expect(names('ANA ROGUELITES')).toEqual(['ana_roguelites']);
    expect(names('anaroguelites')).toEqual(['ana_roguelites']);
    expect(index.search('leo_pixelart', 25)).toEqual([
      { _type: 'user', _id: 'uid-leo', name: 'leo_pixelart', link: '/user/leo_pixelart' },
    ]);
  });

  it('answers at most as many results as asked for', () => {
    const { index } = catalogue();
    expect(index.search('portal', 2)).toHaveLength(2);
    expect(index.search('portal', 0)).toEqual([]);
  });

  it('answers no results, quickly, for text with no words or nothing like a name', () => {
    const { index } = catalogue();
    expect(index.search('™®© !!! ((( ***', 25)).toEqual([]);
    expect(index.search('qzxwvk', 25)).toEqual([]);
    const started = performance.now();
    expect(index.search('x'.repeat(100), 25)).toEqual([]);
    expect(index.search('a '.repeat(50), 25).length).toBeLessThanOrEqual(25);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('finds a member as soon as they are added, by their new name once renamed, and no longer once removed', () => {
    const { index, names, later } = catalogue();
    expect(names('mia_speed')).toEqual([]);
    later(1_000);
    index.upsert(member('uid-mia', 'mia_speedruns'));
    expect(names('mia_speed')).toEqual(['mia_speedruns']);
    expect(index.stats()).toEqual({ games: GAMES.length, users: 3, updatedAt: NOW + 1_000 });

    index.upsert(member('uid-mia', 'mia_farming'));
    expect(names('speedruns')).toEqual([]);
    expect(names('mia_farm')).toEqual(['mia_farming']);

    later(1_000);
    index.remove('user', 'uid-mia');
    expect(names('mia')).toEqual([]);
    expect(index.stats()).toEqual({ games: GAMES.length, users: 2, updatedAt: NOW + 2_000 });
  });

  it('re-weighs a game whose popularity changes', () => {
    const { index, names } = catalogue();
    expect(names('dark souls')).toEqual(['DARK SOULS™ III', 'DARK SOULS™ II']);
    index.upsert(game('dark-souls-ii', 'DARK SOULS™ II', 500_000));
    expect(names('dark souls')).toEqual(['DARK SOULS™ II', 'DARK SOULS™ III']);
  });

  it('makes one kind of documents exactly what it is given, leaving the other kind alone', () => {
    const { index, names } = catalogue();
    index.replaceAll('game', [game('portal-2', 'Portal 2', 140_000), game('rust', 'Rust', 274_000)]);
    expect(names('portal')).toEqual(['Portal 2']);
    expect(names('rust')).toEqual(['Rust']);
    expect(names('ana')).toEqual(['ana_roguelites']);
    expect(index.stats()).toMatchObject({ games: 2, users: 2 });
  });
});
