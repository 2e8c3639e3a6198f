import manifest from '../dist/client-manifest.json';

/** The hashed files of the client build (written by scripts/build-client.ts). */
export const clientAssets: {
  entry: string;
  styles: string;
  /** The entry module first, then every chunk it imports statically, however deep. */
  entryChunks: string[];
  pageChunks: Record<string, string[]>;
} = manifest;

/**
 * The lazy page module of route `routeId`, by the route table's convention (client/routes.tsx, checked by
 * client/routes.test.ts): the build manifest lists each page module's chunks under this source path.
 */
export function pageModuleOf(routeId: string): string {
  return `client/pages/${routeId}-page.tsx`;
}

// Worked out once per isolate: the manifest does not change while the Worker runs, and every page asks.
const modulesToPreload = new Map<string, string[]>();

/**
 * The modules a page preloads in its document's head: the entry and every chunk it imports (hydration
 * needs them all), then the chunks of the lazy page modules of the routes the URL matched. Each once.
 */
export function modulesToPreloadFor(routeIds: readonly string[]): string[] {
  const key = routeIds.join(' ');
  const known = modulesToPreload.get(key);
  if (known) return known;
  const chunks = new Set(clientAssets.entryChunks);
  for (const routeId of routeIds)
    for (const chunk of clientAssets.pageChunks[pageModuleOf(routeId)] ?? []) chunks.add(chunk);
  const modules = [...chunks];
  modulesToPreload.set(key, modules);
  return modules;
}
