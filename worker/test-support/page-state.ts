/** The page state the server embedded in its HTML for the browser to hydrate from. */
export function hydrationData(html: string): {
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
} {
  const match = /window\.__staticRouterHydrationData = JSON\.parse\((".*?")\);/s.exec(html);
  if (!match?.[1]) throw new Error('No hydration data in the page');
  return JSON.parse(JSON.parse(match[1]) as string) as never;
}
