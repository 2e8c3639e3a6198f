import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv } from '../test-support/test-database.ts';

// Reading a profile, in workerd against the database emulator. A new member has not written one: their
// settings on /browse read it on every visit, and a 404 there would be a failed request in their console.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const call = apiCaller(env, createApp());
const run = Math.random().toString(36).slice(2, 8);
const NEWCOMER = `newcomer${run}`;
const WRITER = `writer${run}`;
const HIDDEN = `hidden${run}`;

beforeAll(async () => {
  const member = (uid: string) => ({
    [`users/${uid}/public`]: { uuid: uid, username: `${uid}_name`, follows: 0 },
    [`users_public/${uid}`]: { username: `${uid}_name` },
  });
  await ownerDatabase(env).patch('', {
    ...member(NEWCOMER),
    ...member(WRITER),
    ...member(HIDDEN),
    [`profiles/${WRITER}`]: { sourceUUID: WRITER, brief: 'One more run.', details: '', disabled: false },
    [`profiles/${HIDDEN}`]: { sourceUUID: HIDDEN, brief: 'Gone.', details: '', disabled: true },
  });
});

describe('GET /api/profiles/{uid}', () => {
  it('answers a member who has not written a profile with an empty one, writing nothing', async () => {
    const response = await call(`/api/profiles/${NEWCOMER}`, { uid: NEWCOMER });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      profile: {
        sourceUUID: NEWCOMER,
        brief: '',
        details: '',
        disabled: false,
        uuid: NEWCOMER,
        root: 'profiles',
        type: 'profile',
      },
    });
    expect(await ownerDatabase(env).get(`profiles/${NEWCOMER}`)).toBeNull();
  });

  it('answers a written profile as it is, to anyone', async () => {
    const response = await call(`/api/profiles/${WRITER}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ profile: { sourceUUID: WRITER, brief: 'One more run.' } });
  });

  it('answers 404 for a uid that is no member, and for a disabled profile', async () => {
    for (const uid of [`nobody${run}`, HIDDEN]) {
      const response = await call(`/api/profiles/${uid}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        error: { code: 'not-found', message: 'No such profile.' },
      });
    }
  });
});

describe('the reference (/api/openapi.json)', () => {
  interface Operation {
    tags: string[];
    summary: string;
    security?: unknown[];
    parameters?: { name: string; in: string; description: string; example?: string }[];
    requestBody?: { content: { 'application/json': { example?: unknown } } };
    responses: Record<
      string,
      { content?: { 'application/json': { examples?: Record<string, { value: unknown }> } } }
    >;
  }
  type Paths = Record<string, Record<string, Operation | undefined> | undefined>;

  async function documented(): Promise<Paths> {
    const response = await call('/api/openapi.json');
    expect(response.status).toBe(200);
    return (await response.json<{ paths: Paths }>()).paths;
  }

  /** The words a documented failure of `operation` carries for `status`. */
  const failureWords = (operation: Operation | undefined, status: string) =>
    Object.values(operation?.responses[status]?.content?.['application/json'].examples ?? {}).map(
      (example) => (example.value as { error: { code: string; message: string } }).error,
    );

  it('documents reading and changing a profile, with who may and what each refuses', async () => {
    const profile = (await documented())['/profiles/{uid}'];
    const read = profile?.get;
    expect(read).toMatchObject({ tags: ['Profiles'], summary: 'A member’s profile' });
    expect(read?.security).toBeUndefined();
    expect(read?.parameters).toEqual([
      expect.objectContaining({ name: 'uid', in: 'path', description: 'The member’s uid.' }),
    ]);
    expect(failureWords(read, '404')).toEqual([{ code: 'not-found', message: 'No such profile.' }]);

    const change = profile?.patch;
    expect(change).toMatchObject({ tags: ['Profiles'], summary: 'Change one’s own profile' });
    expect(change?.security).toEqual([{ firebaseIdToken: [] }]);
    expect(change?.requestBody?.content['application/json'].example).toEqual({
      brief: 'One more run. Always one more run.',
    });
    expect(failureWords(change, '403')).toContainEqual({
      code: 'forbidden',
      message: 'You can only change your own profile.',
    });
    expect(failureWords(change, '401')).toContainEqual({
      code: 'unauthenticated',
      message: 'Please sign in.',
    });
  });

  it('leaves out what only the site’s own pages use: account, pictures, browse, suggestions, votes', async () => {
    // Taste in common is an act of the public API (tag Taste), though it lives under /users.
    const paths = Object.keys(await documented()).filter((path) => path !== '/users/{uid}/taste');
    const own = ['/accounts', '/me', '/functions', '/pages', '/browse', '/suggestions', '/votes', '/users'];
    expect(paths.filter((path) => own.some((area) => path === area || path.startsWith(`${area}/`)))).toEqual(
      [],
    );
  });
});
