import { describe, expect, it } from 'vitest';
import { resolveConnection } from './import-connection.ts';

const production = 'https://questline-prod-default-rtdb.firebaseio.com';

describe('which database the import tools reach, and as whom', () => {
  it('uses the local emulator as its owner by default', () => {
    const connection = resolveConnection({}, {});
    expect(connection.databaseUrl).toBe('http://127.0.0.1:9000');
    expect(connection.namespace).toBe('questline-demo-default-rtdb');
    expect(connection.credential.kind).toBe('emulatorOwner');
  });

  it('refuses a remote database without a credential, saying how to give one', () => {
    expect(() => resolveConnection({ databaseUrl: production }, {})).toThrow(
      /GOOGLE_APPLICATION_CREDENTIALS/,
    );
  });

  it('never uses the emulator’s owner for a remote database, whatever else is set', () => {
    const connection = resolveConnection(
      { databaseUrl: production },
      { FIREBASE_ACCESS_TOKEN: 'ya29.token', FIREBASE_EMULATORS: 'true' },
    );
    expect(connection.credential.kind).toBe('accessToken');
    expect(connection.namespace).toBeUndefined();
  });

  it('uses a ready access token from FIREBASE_ACCESS_TOKEN', async () => {
    const connection = resolveConnection(
      { databaseUrl: production },
      { FIREBASE_ACCESS_TOKEN: 'ya29.token' },
    );
    expect(connection.credential.kind).toBe('accessToken');
    if (connection.credential.kind === 'accessToken')
      expect(await connection.credential.getToken()).toBe('ya29.token');
  });

  it('mints access tokens from a service-account key file when one is named', () => {
    const connection = resolveConnection(
      {},
      {
        FIREBASE_DATABASE_URL: production,
        GOOGLE_APPLICATION_CREDENTIALS: '/secrets/key.json',
        FIREBASE_ACCESS_TOKEN: 'ignored',
      },
    );
    expect(connection.databaseUrl).toBe(production);
    expect(connection.credential.kind).toBe('accessToken');
  });
});
