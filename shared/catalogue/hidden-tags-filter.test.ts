import { describe, expect, it } from 'vitest';
import { hasHiddenTag, withoutHiddenTags } from './hidden-tags-filter.ts';

// What a member who hides tags no longer sees: a game with any hidden tag, matched as the catalogue keys tags.
const game = (name: string, tags: string[]) => ({ name, tags });
const LETHAL = game('Lethal Company', ['Horror', 'Co-op', 'Early Access']);
const RE4 = game('Resident Evil 4', ['Survival Horror', 'Remake']);
const CELESTE = game('Celeste', ['Platformer', 'Difficult']);
const names = (games: { name: string }[]) => games.map((g) => g.name);

describe('hidden tags filter', () => {
  it('leaves out a game with any hidden tag and keeps the others in order', () => {
    expect(names(withoutHiddenTags([LETHAL, RE4, CELESTE], new Set(['horror'])))).toEqual([
      'Resident Evil 4',
      'Celeste',
    ]);
    expect(names(withoutHiddenTags([LETHAL, RE4, CELESTE], new Set(['remake', 'difficult'])))).toEqual([
      'Lethal Company',
    ]);
  });

  it('matches a tag by its catalogue key, whatever its spelling, and never by a part of it', () => {
    expect(hasHiddenTag(['Early Access'], new Set(['early-access']))).toBe(true);
    expect(hasHiddenTag(['Rogue-like  Deckbuilder'], new Set(['rogue-like-deckbuilder']))).toBe(true);
    expect(hasHiddenTag(['Pokémon'], new Set(['pokemon']))).toBe(true);
    // "Survival Horror" is its own tag: hiding Horror does not hide it.
    expect(hasHiddenTag(RE4.tags, new Set(['horror']))).toBe(false);
    // A tag with nothing a key can hold is never matched (not even by an empty key).
    expect(hasHiddenTag(['★★★'], new Set(['']))).toBe(false);
  });

  it('shows everything when nothing is hidden, and a game without tags always', () => {
    expect(names(withoutHiddenTags([LETHAL, RE4, CELESTE], new Set()))).toEqual([
      'Lethal Company',
      'Resident Evil 4',
      'Celeste',
    ]);
    expect(hasHiddenTag([], new Set(['horror']))).toBe(false);
  });
});
