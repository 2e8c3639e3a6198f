// A public page's HTML carries its data (the state React Router embeds for hydration), so a page kept
// for reading offline also answers a client navigation to it, without asking the Worker a second time.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** How React Router's StaticRouterProvider writes the state: a JSON string, parsed by a script. */
const HYDRATION_STATE = /window\.__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\]|\\.)*")\);/;

/** The page-data answer (`{ loaderData, errors }`, as `/api/pages/…` gives) held in a page's HTML, or null. */
export function pageDataOfDocument(
  html: string,
): { loaderData: Record<string, unknown>; errors: Record<string, unknown> | null } | null {
  const literal = HYDRATION_STATE.exec(html)?.[1];
  if (!literal) return null;
  try {
    const state: unknown = JSON.parse(JSON.parse(literal) as string);
    if (!isObject(state) || !isObject(state.loaderData)) return null;
    return { loaderData: state.loaderData, errors: isObject(state.errors) ? state.errors : null };
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };

/** The text of a page's `<title>`, or the empty string. */
export function titleOfDocument(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return title.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
}
