import { describe, expect, it } from 'vitest';
import { foldText, nameWords, phraseKey, queryWords } from './search-text.ts';

describe('search text', () => {
  it('folds case, accents and trademark signs the same way in names and queries', () => {
    expect(phraseKey('DARK SOULS™ III')).toBe('dark souls iii');
    expect(phraseKey('Tom Clancy’s Rainbow Six® Siege')).toBe('tom clancys rainbow six siege');
    expect(phraseKey('Sébastien Loeb Rally EVO')).toBe('sebastien loeb rally evo');
    expect(phraseKey('Trüberbrook')).toBe('truberbrook');
    expect(foldText('Straße Ærø Łódź')).toBe('strasse aero lodz');
    expect(foldText('©®™')).toBe('   ');
  });

  it('splits on punctuation, and keeps names written in other scripts as words', () => {
    expect(queryWords('Counter-Strike: Global Offensive')).toEqual([
      'counter',
      'strike',
      'global',
      'offensive',
    ]);
    expect(queryWords('  !!  ')).toEqual([]);
    expect(queryWords('Disgaea PC / 魔界戦記ディスガイア PC')).toEqual([
      'disgaea',
      'pc',
      '魔界戦記ディスガイア',
      'pc',
    ]);
  });

  it('also finds words joined by a hyphen, an underscore or dots when typed as one', () => {
    expect(nameWords('Counter-Strike')).toEqual(['counter', 'strike', 'counterstrike']);
    expect(nameWords('ana_roguelites')).toEqual(['ana', 'roguelites', 'anaroguelites']);
    expect(nameWords('S.T.A.L.K.E.R.: Shadow of Chernobyl')).toContain('stalker');
  });
});
