// Secrets are not in wrangler.toml, so `wrangler types` cannot see them: declared here, set with
// `wrangler secret put` in production.
interface Env {
  /** The Firebase service account key (JSON), for the server's own database credential. */
  FIREBASE_SERVICE_ACCOUNT?: string;
}
