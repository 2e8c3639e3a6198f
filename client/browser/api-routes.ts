import type { hc } from 'hono/client';
import type { api } from '../../worker/api/index.ts';

// The one arrow from the client into the Worker, and a type-only one (erased from every bundle): the
// browser's calls are typed by the API's route definitions themselves (worker/api/route-definition.ts),
// so a call and its route cannot disagree. scripts/import-layers.test.ts allows this file, and only this
// file, and only `import type`.

/** The API under /api, as the Worker defines it. */
export type ApiRoutes = typeof api;

/** The typed client of the API (Hono's `hc`): `api.follows[':type'][':targetId'].$put({ param })`. */
export type ApiClient = ReturnType<typeof hc<ApiRoutes>>;
