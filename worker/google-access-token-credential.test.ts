import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { googleAccessToken } from '../shared/rtdb/google-access-token.ts';

// Google's OAuth2 token endpoint cannot be reached here. This test double stands in for it: it checks the
// signed assertion as Google documents (https://developers.google.com/identity/protocols/oauth2/service-account#httprest)
// and answers like it. It reads the time from the test's clock, never the machine's, so the tests pass on any date.
async function googleTokenEndpointDouble(clock: () => number) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const account = {
    // One account per double: the token cache is per account.
    client_email: `worker-${crypto.randomUUID()}@questline-test.iam.gserviceaccount.com`,
    private_key: await exportPKCS8(privateKey),
    token_uri: 'https://oauth2.test/token',
  };
  const calls: Record<string, unknown>[] = [];
  let issued = 0;
  const fetchToken: typeof fetch = async (input, init) => {
    const form = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams();
    expect(input instanceof Request ? input.url : input.toString()).toBe(account.token_uri);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
      issuer: account.client_email,
      audience: account.token_uri,
      currentDate: new Date(clock()),
    });
    calls.push(payload);
    issued++;
    return Response.json({ access_token: `token-${String(issued)}`, expires_in: 3600, token_type: 'Bearer' });
  };
  return { serviceAccountJson: JSON.stringify(account), fetchToken, calls, jwk: await exportJWK(publicKey) };
}

describe('the Worker’s database credential in production', () => {
  it('trades a signed service-account assertion for an access token with the database scopes', async () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const google = await googleTokenEndpointDouble(() => now);
    expect(await googleAccessToken(google.serviceAccountJson, now, google.fetchToken)).toBe('token-1');
    const assertion = google.calls[0] ?? {};
    expect(String(assertion.scope).split(' ')).toEqual([
      'https://www.googleapis.com/auth/firebase.database',
      'https://www.googleapis.com/auth/userinfo.email',
    ]);
    expect(assertion.iat).toBe(now / 1000);
    expect(assertion.exp).toBe(now / 1000 + 3600);
  });

  it('reuses the token until a minute before it expires, then fetches a new one', async () => {
    const start = Date.UTC(2026, 10, 21, 13);
    let now = start;
    const google = await googleTokenEndpointDouble(() => now);
    expect(await googleAccessToken(google.serviceAccountJson, now, google.fetchToken)).toBe('token-1');
    now = start + 58 * 60_000;
    expect(await googleAccessToken(google.serviceAccountJson, now, google.fetchToken)).toBe('token-1');
    now = start + 59.5 * 60_000;
    expect(await googleAccessToken(google.serviceAccountJson, now, google.fetchToken)).toBe('token-2');
    expect(google.calls).toHaveLength(2);
  });

  it('fails without leaking the endpoint’s answer when Google refuses', async () => {
    const now = Date.UTC(2026, 10, 22);
    const google = await googleTokenEndpointDouble(() => now);
    const refusing: typeof fetch = () =>
      Promise.resolve(Response.json({ error: 'invalid_grant secret detail' }, { status: 400 }));
    const error = await googleAccessToken(google.serviceAccountJson, now, refusing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Google token endpoint answered 400');
  });
});
