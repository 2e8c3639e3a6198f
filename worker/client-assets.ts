import manifest from '../dist/client-manifest.json';

/** The hashed files of the client build (written by scripts/build-client.ts). */
export const clientAssets: {
  entry: string;
  styles: string;
  pageChunks: Record<string, string[]>;
} = manifest;

/**
 * The lazy page module of route `routeId`, by the route table's convention (client/routes.tsx, checked by
 * client/routes.test.ts): the build manifest lists each page module's chunks under this source path.
 */
export function pageModuleOf(routeId: string): string {
  return `client/pages/${routeId}-page.tsx`;
}

/** The chunks of the lazy page modules of the routes a render matched, to preload them with the page. */
export function pageChunksFor(routeIds: Iterable<string>): string[] {
  const chunks = new Set<string>();
  for (const routeId of routeIds)
    for (const chunk of clientAssets.pageChunks[pageModuleOf(routeId)] ?? []) chunks.add(chunk);
  return [...chunks];
}
