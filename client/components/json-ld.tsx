/** Structured data for search engines (https://schema.org), as a JSON-LD script element. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // `<` escaped so no string in the data can close the script element.
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
