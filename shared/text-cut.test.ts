import { describe, expect, it } from 'vitest';
import { cutAtCharacter } from './text-cut.ts';

describe('cutAtCharacter', () => {
  it('keeps text that fits as it is', () => {
    expect(cutAtCharacter('GG 👩‍💻', 8)).toBe('GG 👩‍💻');
  });

  it('never ends inside an emoji, a flag or a letter with its accent', () => {
    // 👩‍💻 is 5 units, 🇯🇵 is 4, é as e + U+0301 is 2: a cut at 6 would keep half of each.
    expect(cutAtCharacter('ok 👩‍💻 then', 6)).toBe('ok ');
    expect(cutAtCharacter('go 🇯🇵 now', 5)).toBe('go ');
    expect(cutAtCharacter('cafe\u0301 bar', 4)).toBe('caf');
    const cut = cutAtCharacter(`${'a'.repeat(78)}👍🏽 after`, 79);
    expect(cut).toBe('a'.repeat(78));
    expect(cut).not.toMatch(/\p{Cs}/u);
  });
});
