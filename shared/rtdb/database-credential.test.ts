import { describe, expect, it } from 'vitest';
import { MissingServerCredential, serverCredential } from './database-credential.ts';

const production = 'https://questline-prod-default-rtdb.firebaseio.com';

describe('the server’s database credential', () => {
  it('is the emulator’s owner for the local emulator', () => {
    expect(serverCredential({ emulator: true, databaseUrl: 'http://127.0.0.1:9000' })).toEqual({
      kind: 'emulatorOwner',
    });
    expect(serverCredential({ emulator: true, databaseUrl: 'http://localhost:9000' }).kind).toBe(
      'emulatorOwner',
    );
  });

  it('is never the emulator’s owner for a database elsewhere, even when the settings say emulator', () => {
    expect(() => serverCredential({ emulator: true, databaseUrl: production })).toThrow(
      /not on this machine/,
    );
  });

  it('is never the emulator’s owner in production, even for a database on this machine', async () => {
    const credential = serverCredential({
      emulator: false,
      databaseUrl: 'http://127.0.0.1:9000',
      source: { kind: 'accessToken', getToken: () => Promise.resolve('ya29.token') },
      howToProvide: 'give one.',
    });
    expect(credential.kind).toBe('accessToken');
    if (credential.kind === 'accessToken') expect(await credential.getToken()).toBe('ya29.token');
  });

  it('refuses production without a credential, naming the database and how to give one', () => {
    const missing = () =>
      serverCredential({
        emulator: false,
        databaseUrl: production,
        source: undefined,
        howToProvide: 'set the FIREBASE_SERVICE_ACCOUNT secret.',
      });
    expect(missing).toThrow(MissingServerCredential);
    expect(missing).toThrow(
      'No server credential for questline-prod-default-rtdb.firebaseio.com: set the FIREBASE_SERVICE_ACCOUNT secret.',
    );
  });

  it('mints access tokens from a service account only when one is needed, reading its key then', async () => {
    let reads = 0;
    const credential = serverCredential({
      emulator: false,
      databaseUrl: production,
      source: {
        kind: 'serviceAccount',
        json: () => {
          reads++;
          return Promise.resolve('{"client_email":"not-an-address"}');
        },
      },
      howToProvide: 'give one.',
    });
    expect(credential.kind).toBe('accessToken');
    expect(reads).toBe(0);
    // A malformed key is refused when a token is first asked for, before anything is sent to Google.
    if (credential.kind === 'accessToken') await expect(credential.getToken()).rejects.toThrow();
    expect(reads).toBe(1);
  });
});
