import { describe, expect, it } from 'vitest';
import { developerEventUpdateSchema, newDeveloperEventSchema } from '../schemas/developer-event.ts';
import { eventDeepLinkBase, planDeveloperEventUpdate } from './developer-event.ts';

// A developer's event: its deep link is made once from its name, and changes are field-level writes.
describe('eventDeepLinkBase', () => {
  it('makes the catalogue’s kind of deep link from a name, never an empty one', () => {
    expect(eventDeepLinkBase('Lantern Keep: Launch Party!')).toBe('lantern-keep-launch-party');
    expect(eventDeepLinkBase('Café Jam 2031')).toBe('cafe-jam-2031');
    expect(eventDeepLinkBase('★★★')).toBe('event');
    expect(eventDeepLinkBase('a'.repeat(150)).length).toBeLessThanOrEqual(80);
  });
});

describe('planDeveloperEventUpdate', () => {
  it('writes only the fields given, removes an emptied description and place, and never the deep link', () => {
    const update = developerEventUpdateSchema.parse({ name: ' Anniversary ', description: '', place: '' });
    expect(planDeveloperEventUpdate('launch', update)).toEqual({
      'events/launch/name': 'Anniversary',
      'events/launch/place': null,
      'events/launch/content/description': null,
    });
  });

  it('keeps the summaries of the games it now shows, and moves where each game is kept', () => {
    const update = developerEventUpdateSchema.parse({ games: ['lantern-keep', 'lantern-keep-2'] });
    const summaries = {
      'lantern-keep': { name: 'Lantern Keep', deeplink_url_code: 'lantern-keep', year: 2031 },
      'lantern-keep-2': { name: 'Lantern Keep 2', deeplink_url_code: 'lantern-keep-2' },
    };
    expect(planDeveloperEventUpdate('launch', update, summaries, ['lantern-keep', 'retired-game'])).toEqual({
      'events/launch/games': { 'lantern-keep': 1, 'lantern-keep-2': 2 },
      'events/launch/game_summaries': summaries,
      // The game it no longer shows is no longer kept here; the others are (a refresh finds them).
      'game_summary_places/retired-game/event:launch': null,
      'game_summary_places/lantern-keep/event:launch': true,
      'game_summary_places/lantern-keep-2/event:launch': true,
    });
  });
});

describe('newDeveloperEventSchema', () => {
  const event = { name: 'Launch', starts_on: '2031-06-12', ends_on: '2031-06-12', games: ['lantern-keep'] };
  it('takes a one-day event and refuses an end before the start, a chosen deep link or an author', () => {
    expect(newDeveloperEventSchema.safeParse(event).success).toBe(true);
    for (const body of [
      { ...event, ends_on: '2031-06-11' },
      { ...event, deeplink_url_code: 'mine' },
      { ...event, sourceUUID: 'someone' },
      { ...event, starts_on: '2031-13-01' },
    ])
      expect(newDeveloperEventSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
