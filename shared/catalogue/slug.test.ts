import { describe, expect, it } from 'vitest';
import { slugFromName } from './slug.ts';

describe('slugFromName', () => {
  it.each([
    ['Half-Life 2', 'half-life-2'],
    ["Baldur's Gate 3", 'baldurs-gate-3'],
    ['Papers, Please', 'papers-please'],
    ['Sid Meier’s Civilization® VI', 'sid-meiers-civilization-vi'],
    ['DARK SOULS™ III', 'dark-soulstm-iii'],
    ['Soldats Inconnus : Mémoires de la Grande Guerre', 'soldats-inconnus-memoires-de-la-grande-guerre'],
    ['  Watch_Dogs  ', 'watch-dogs'],
    ['Secrets of Rætikon', 'secrets-of-rtikon'],
    ['AltspaceVR—The Social VR App', 'altspacevrthe-social-vr-app'],
    ['Lost girl`s [diary]', 'lost-girls-diary'],
  ])('%s → %s', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});
