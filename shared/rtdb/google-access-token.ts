import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';

// In production the Worker (and the import tools) write with a service account: it signs a JWT and trades it for a Google
// OAuth2 access token with the database scopes.
// https://developers.google.com/identity/protocols/oauth2/service-account#httprest
// https://firebase.google.com/docs/database/rest/auth#google_oauth2_access_tokens

const serviceAccountSchema = z.object({
  client_email: z.email(),
  private_key: z.string().min(1),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});

const SCOPES =
  'https://www.googleapis.com/auth/firebase.database https://www.googleapis.com/auth/userinfo.email';

let cached: { token: string; expiresAt: number; account: string } | undefined;

/** A Google OAuth2 access token for the service account (its key as JSON), reused until a minute before it expires. */
export async function googleAccessToken(
  serviceAccountJson: string,
  now = Date.now(),
  fetchToken: typeof fetch = (input, init) => fetch(input, init),
): Promise<string> {
  const account = serviceAccountSchema.parse(JSON.parse(serviceAccountJson));
  if (cached && cached.account === account.client_email && cached.expiresAt - 60_000 > now)
    return cached.token;
  const key = await importPKCS8(account.private_key, 'RS256');
  const assertion = await new SignJWT({ scope: SCOPES })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setAudience(account.token_uri)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + 3600)
    .sign(key);
  const response = await fetchToken(account.token_uri, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
  });
  if (!response.ok) throw new Error(`Google token endpoint answered ${String(response.status)}`);
  const body = z.object({ access_token: z.string(), expires_in: z.number() }).parse(await response.json());
  cached = {
    token: body.access_token,
    expiresAt: now + body.expires_in * 1000,
    account: account.client_email,
  };
  return body.access_token;
}
