import { createApp } from './app.ts';
import { refusalForConfiguration } from './configuration.ts';

const app = createApp();

/** The deployed Worker: the app, behind a check that its settings are consistent (see configuration.ts). */
export default {
  fetch(request, env, ctx) {
    return refusalForConfiguration(env) ?? app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
