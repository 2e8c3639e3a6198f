import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURATED_LISTS_ATTRIBUTION, GAME_DATA_ATTRIBUTION } from '../shared/constants.ts';
import { readCatalogueRows } from '../shared/catalogue/catalogue-rows.ts';
import { EMBEDDED_CATALOGUE_DIR, readEmbeddedCatalogue } from './embedded-catalogue.ts';

const catalogue = readEmbeddedCatalogue();
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/** Where the catalogue came from, when it is beside the project (not in a fresh clone). */
const SHARED_DATA_DIR = path.resolve(import.meta.dirname, '../../shared/data');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the catalogue the repository carries', () => {
  it('decompresses to the 20,000 Steam games, every one valid, most popular first', () => {
    const { rows, rejects } = readCatalogueRows(catalogue.games, 'jsonl');
    expect(rejects).toEqual([]);
    expect(rows).toHaveLength(20_000);
    const popularity = rows.map(({ row }) => row.popularity ?? 0);
    expect(popularity[0]).toBeGreaterThanOrEqual(Math.max(...popularity));
  });

  it('decompresses to the 83 curated lists', () => {
    expect(lines(catalogue.lists)).toHaveLength(83);
  });

  it('carries its licences and the exact attribution line beside the data', () => {
    const readme = readFileSync(path.join(EMBEDDED_CATALOGUE_DIR, 'README.md'), 'utf8');
    // The line every page showing the games carries (CC BY 4.0), word for word.
    expect(readme).toContain(`> ${GAME_DATA_ATTRIBUTION}`);
    expect(readme).toContain('https://creativecommons.org/licenses/by/4.0/');
    // The MIT licence of the lists: its copyright notice and its permission notice go with every copy.
    expect(CURATED_LISTS_ATTRIBUTION).toContain('Copyright (c) 2025 Open Video Game Data');
    expect(readme).toContain('Copyright (c) 2025 Open Video Game Data');
    const licence = readFileSync(path.join(EMBEDDED_CATALOGUE_DIR, 'LICENSE-curated-lists.txt'), 'utf8');
    expect(licence.replace(/\s+/g, ' ')).toContain(
      'Copyright (c) 2025 Open Video Game Data Permission is hereby granted, free of charge,',
    );
    expect(licence.replace(/\s+/g, ' ')).toContain(
      'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.',
    );
  });

  it.skipIf(!existsSync(SHARED_DATA_DIR))(
    'is the same data as ../shared/data, where that is beside the project',
    () => {
      expect(sha256(catalogue.games)).toBe(
        sha256(readFileSync(path.join(SHARED_DATA_DIR, 'games.jsonl'), 'utf8')),
      );
      expect(sha256(catalogue.lists)).toBe(
        sha256(readFileSync(path.join(SHARED_DATA_DIR, 'curated_lists.jsonl'), 'utf8')),
      );
    },
  );
});
