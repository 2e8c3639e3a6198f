import { describe, expect, it } from 'vitest';
import { formatFromPath, readCatalogueRows } from './catalogue-rows.ts';

const hades = {
  id: 1145360,
  slug: 'hades',
  name: 'Hades',
  description: null,
  genres: ['Action', 'Indie'],
  tags: ['Roguelike'],
  platforms: ['PC', 'Windows'],
  release_date: '2020-09-17',
  developers: ['Supergiant Games'],
  publishers: ['Supergiant Games'],
  popularity: 1234,
};

describe('formatFromPath', () => {
  it('knows .jsonl and .csv and refuses anything else', () => {
    expect(formatFromPath('/x/games.jsonl')).toBe('jsonl');
    expect(formatFromPath('GAMES.CSV')).toBe('csv');
    expect(() => formatFromPath('games.json')).toThrow(/\.jsonl or \.csv/);
  });
});

describe('readCatalogueRows (jsonl)', () => {
  it('validates rows and reports each reject with its line number and reason, going on after it', () => {
    const text = [
      JSON.stringify(hades),
      '',
      JSON.stringify({ ...hades, id: 2, slug: 'Not A Slug' }),
      '{"id": 3, "slug": "broken"',
      JSON.stringify({ ...hades, id: 4, slug: 'celeste', name: 'Celeste', release_date: '2018-13-45' }),
      '[1,2]',
      JSON.stringify({ ...hades, id: 5, slug: 'hades' }),
      JSON.stringify({ ...hades, slug: 'hades-again' }),
      JSON.stringify({ id: 6, slug: 'minimal', name: 'Minimal' }),
    ].join('\n');
    const { rows, rejects } = readCatalogueRows(text, 'jsonl');
    expect(rows.map((r) => [r.line, r.row.slug])).toEqual([
      [1, 'hades'],
      [9, 'minimal'],
    ]);
    expect(rows[1]?.row).toMatchObject({ genres: [], tags: [], developers: [] });
    expect(rejects.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(rejects[0]?.reason).toMatch(/^slug: /);
    expect(rejects[1]?.reason).toMatch(/^invalid JSON/);
    expect(rejects[2]?.reason).toMatch(/^release_date: /);
    expect(rejects[3]?.reason).toBe('not a JSON object');
    expect(rejects[4]?.reason).toBe('slug: "hades" is already used on line 1');
    expect(rejects[5]?.reason).toBe('id: 1145360 is already used on line 1');
  });
});

describe('readCatalogueRows (csv)', () => {
  const header =
    'id,slug,name,description,genres,tags,platforms,release_date,developers,publishers,popularity,image_url';

  it('reads the same columns, lists separated by semicolons or given as JSON arrays', () => {
    const text = [
      header,
      '1145360,hades,Hades,,Action; Indie,Roguelike,PC;Windows,2020-09-17,Supergiant Games,Supergiant Games,1234,',
      '239030,papers-please,"Papers, Please","A border ""inspector"".",Indie,,PC,2013-08-08,"[""Lucas Pope""]",3909 LLC,,',
    ].join('\r\n');
    const { rows, rejects } = readCatalogueRows(text, 'csv');
    expect(rejects).toEqual([]);
    expect(rows[0]).toEqual({ line: 2, row: { ...hades, description: undefined } });
    expect(rows[1]?.row).toMatchObject({
      id: 239030,
      name: 'Papers, Please',
      description: 'A border "inspector".',
      tags: [],
      developers: ['Lucas Pope'],
    });
    expect(rows[1]?.row.popularity).toBeUndefined();
  });

  it('accepts columns in any order and ignores unknown ones', () => {
    const { rows } = readCatalogueRows('name,extra,slug,id\nCeleste,?,celeste,504230\n', 'csv');
    expect(rows[0]?.row).toMatchObject({ id: 504230, slug: 'celeste', name: 'Celeste' });
  });

  it('rejects rows with the wrong number of fields or invalid values, by line', () => {
    const text = [header, '1,a,A', '', '2,b,B,,,,,not-a-date,,,,', '3,c,C,,,,,,,,-5,', '4,d,D,,,,,,,,,'].join(
      '\n',
    );
    const { rows, rejects } = readCatalogueRows(text, 'csv');
    expect(rows.map((r) => r.line)).toEqual([6]);
    expect(rejects.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(rejects[0]?.reason).toBe('expected 12 fields, found 3');
    expect(rejects[1]?.reason).toMatch(/^release_date: /);
    expect(rejects[2]?.reason).toMatch(/^popularity: /);
  });

  it('rejects a file without the required columns', () => {
    const { rows, rejects } = readCatalogueRows('slug,name\nhades,Hades\n', 'csv');
    expect(rows).toEqual([]);
    expect(rejects).toEqual([{ line: 1, reason: 'header: missing column(s) id' }]);
  });

  it('keeps the rows before an unterminated quote and reports where it starts', () => {
    const { rows, rejects } = readCatalogueRows('id,slug,name\n1,a,A\n2,b,"B\n3,c,C\n', 'csv');
    expect(rows.map((r) => r.row.slug)).toEqual(['a']);
    expect(rejects).toEqual([
      { line: 3, reason: 'a quoted field is never closed (rest of the file skipped)' },
    ]);
  });
});
