// Settings that keep wrangler and firebase-tools from calling home, so the local stack runs with no
// network but the package registries (see TOOLCHAIN.md).

/** wrangler: no metrics, no error reports, no request.cf lookup, no banner. */
export const WRANGLER_OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  DO_NOT_TRACK: '1',
} as const;

/** firebase-tools: no update check, no metadata server probe, no `npm show` when functions start. */
export const FIREBASE_OFFLINE_ENV = {
  CI: 'true',
  NO_UPDATE_NOTIFIER: '1',
  METADATA_SERVER_DETECTION: 'none',
  npm_config_offline: 'true',
  FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
} as const;
