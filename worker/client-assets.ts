import manifest from '../dist/client-manifest.json';

/** The hashed files of the client build (written by scripts/build-client.ts). */
export const clientAssets: {
  entry: string;
  styles: string;
  pageChunks: Record<string, string[]>;
} = manifest;

/** The chunks of the lazy page modules a render uses, to preload them with the page. */
export function pageChunksFor(moduleSources: Iterable<string>): string[] {
  const chunks = new Set<string>();
  for (const source of moduleSources)
    for (const chunk of clientAssets.pageChunks[source] ?? []) chunks.add(chunk);
  return [...chunks];
}
