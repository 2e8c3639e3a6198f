import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CURATED_LISTS_ATTRIBUTION, GAME_DATA_ATTRIBUTION } from '../shared/constants.ts';
import { TEST_NOW } from './auth/id-token-test-keys.ts';
import { requestApp, uncached } from './test-support/page-request.ts';
import { testEnv } from './test-support/test-database.ts';

// The real catalogue is what a fresh clone starts with, so what its licences ask for is checked on it
// (tests/setup/catalogue-fixture.ts imports it once per run): every page carries the games' CC BY 4.0
// attribution line in its footer, and a curated list's page the MIT notice of the lists.
let env: Env;

beforeAll(async () => {
  const imported = await fetch(inject('catalogueFixtureUrl'), { method: 'POST' });
  if (!imported.ok) throw new Error(await imported.text());
  const { namespace } = await imported.json<{ namespace: string }>();
  env = testEnv({ FIREBASE_DATABASE_NAMESPACE: namespace });
});

/** The text of a rendered page as a visitor reads it (React escapes quotes in text). */
async function pageText(path: string): Promise<{ status: number; text: string }> {
  const { response, body } = await requestApp(env, path, { clock: () => TEST_NOW }, uncached);
  return { status: response.status, text: body.replaceAll('&#x27;', "'").replaceAll('&quot;', '"') };
}

describe('the catalogue’s licences on its pages', () => {
  it('a catalogue game’s page and the home page carry the game data attribution line', async () => {
    for (const path of ['/game/counter-strike-global-offensive', '/']) {
      const { status, text } = await pageText(path);
      expect(status, path).toBe(200);
      expect(text, path).toContain(GAME_DATA_ATTRIBUTION);
    }
  });

  it('a curated list’s page carries the lists’ MIT notice beside the game data attribution', async () => {
    const { status, text } = await pageText('/lists/games/overall-all-sources');
    expect(status).toBe(200);
    expect(text).toContain('The Elder Scrolls V: Skyrim');
    expect(text).toContain(CURATED_LISTS_ATTRIBUTION);
    expect(text).toContain(GAME_DATA_ATTRIBUTION);
  });
});
