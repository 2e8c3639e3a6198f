import { usesEmulators } from '../database.ts';

/**
 * A fresh nonce for one rendered page: 128 random bits, base64. Every script the page carries names it,
 * and the page's Content-Security-Policy allows only scripts that do (and what they load themselves).
 */
export function newPageNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Production hosts of a Realtime Database, whose streaming REST endpoint may answer from another of its hosts. */
const DATABASE_HOST_SUFFIXES = ['.firebaseio.com', '.firebasedatabase.app'];

/** What the browser may connect to besides the site: Firebase Auth, the functions, the database's stream. */
function connectSources(env: Env): string[] {
  const sources = ["'self'", new URL(env.FUNCTIONS_BASE_URL).origin];
  const database = new URL(env.FIREBASE_DATABASE_URL);
  sources.push(database.origin);
  const suffix = DATABASE_HOST_SUFFIXES.find((s) => database.hostname.endsWith(s));
  if (suffix) sources.push(`https://*${suffix}`);
  if (usesEmulators(env)) {
    // Locally every service is an emulator on this machine's loopback, on whatever port it was given
    // (the browser tests put a relay in front of the database to cut its connection): any of them.
    sources.push('http://127.0.0.1:*', 'http://localhost:*');
    if (env.FIREBASE_AUTH_EMULATOR_HOST) sources.push(`http://${env.FIREBASE_AUTH_EMULATOR_HOST}`);
  } else {
    // The Firebase Auth SDK's REST endpoints: signing in, and refreshing the ID token.
    sources.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
  }
  return [...new Set(sources)];
}

// The policy's parts that are the same for every request, kept per environment (one per isolate).
const policyWithoutNonce = new WeakMap<Env, { before: string; after: string }>();

/**
 * The Content-Security-Policy of a rendered page (a strict, nonce-based policy:
 * https://web.dev/articles/strict-csp). Scripts: only those carrying the page's nonce, and what they load
 * themselves ('strict-dynamic': the lazy page chunks, the Firebase SDK). Images: the site's own (profile
 * images under /media/, icons), catalogue art and profile pictures from any https host, and the
 * previews an upload makes (blob:). Inline styles are allowed: style attributes set the cards' colours
 * (`--hue`), and React inserts the account forms' <style> on client navigations, where it knows no nonce;
 * styles cannot run code. Nothing may embed the site, plugins are off, and <base> cannot redirect its URLs.
 */
export function pageContentSecurityPolicy(env: Env, nonce: string): string {
  let parts = policyWithoutNonce.get(env);
  if (!parts) {
    parts = {
      before: "default-src 'self'; script-src 'nonce-",
      after: [
        "' 'strict-dynamic'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' https: data: blob:",
        `connect-src ${connectSources(env).join(' ')}`,
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    };
    policyWithoutNonce.set(env, parts);
  }
  return parts.before + nonce + parts.after;
}
