import { describe, expect, it } from 'vitest';
import { developerGameUpdateSchema } from '../schemas/developer-game.ts';
import { planDeveloperGameUpdate } from './developer-game.ts';

// A developer's change to their game's page is field-level writes of what they gave, nothing else.
describe('planDeveloperGameUpdate', () => {
  it('writes only the fields given, at field level, and never the name, deep link or followers', () => {
    const update = developerGameUpdateSchema.parse({
      description: ' New words ',
      content_ios: { icon: 'https://cdn.example.com/ios.png' },
    });
    expect(planDeveloperGameUpdate('lantern-keep', update)).toEqual({
      'games/lantern-keep/content/description': 'New words',
      'games/lantern-keep/content_ios/icon': 'https://cdn.example.com/ios.png',
    });
  });

  it('removes an icon given as null', () => {
    const update = developerGameUpdateSchema.parse({ icon: null, content_custom: { icon: null } });
    expect(planDeveloperGameUpdate('lantern-keep', update)).toEqual({
      'games/lantern-keep/icon': null,
      'games/lantern-keep/content_custom/icon': null,
    });
  });
});

describe('developerGameUpdateSchema', () => {
  it('refuses fields a developer does not own and icons that are not https', () => {
    for (const body of [
      { deeplink_url_code: 'moved' },
      { name: 'Renamed' },
      { icon: 'javascript:alert(1)' },
      { content_custom: { icon: 'http://cdn.example.com/a.png' } },
      {},
    ])
      expect(developerGameUpdateSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe('planNewPost for a developer', () => {
  it('marks the post only when the server decided it is from the game’s developer', async () => {
    const { planNewPost } = await import('./post.ts');
    const request = {
      targetType: 'game' as const,
      targetId: 'lantern-keep',
      content: 'Patch notes',
      type: 'text' as const,
    };
    expect(planNewPost('stella', request, 'p1', true)['posts/p1']).toMatchObject({ fromDeveloper: true });
    expect(planNewPost('stella', request, 'p2')['posts/p2']).not.toHaveProperty('fromDeveloper');
  });
});
