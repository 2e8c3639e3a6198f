// Every query parameter a page reads is one its cached copy varies by: the Worker drops any other before
// the page is looked up or rendered (worker/page-parameters.ts), so a page reading a parameter that is
// not listed there would never see it. This reads each page's component and loader for what they get
// from the address.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PARAMETERS } from '../../worker/page-parameters.ts';

const pages = path.resolve(import.meta.dirname, '../../client/pages');
/** `searchParams.get('q')`, `search.get('next')`: a parameter read by name. */
const READ = /\b(?:searchParams|search)\.get\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('the parameters pages read', () => {
  it('are the ones the edge cache keeps for them', () => {
    const missing: string[] = [];
    for (const file of readdirSync(pages)) {
      const page = /^(.+)-page(?:\.loader)?\.tsx?$/.exec(file)?.[1];
      if (!page || file.includes('.test.')) continue;
      for (const [, name] of readFileSync(path.join(pages, file), 'utf8').matchAll(READ))
        if (name && !(PAGE_PARAMETERS[page] ?? []).includes(name)) missing.push(`${file} reads ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('are found where they are read', () => {
    expect([..."new URL(request.url).searchParams.get('page')".matchAll(READ)].map((m) => m[1])).toEqual([
      'page',
    ]);
    expect([...`search.get("oobCode") ?? search.get('t')`.matchAll(READ)].map((m) => m[1])).toEqual([
      'oobCode',
      't',
    ]);
  });
});
