import { describe, expect, it } from 'vitest';
import { MAX_LIBRARY_ENTRIES, MAX_LIBRARY_FILE_BYTES } from '../schemas/library-limits.ts';
import type { LibraryExport } from '../schemas/library-export.ts';
import { libraryExportCsv } from './library-export-csv.ts';
import { parseLibraryFile, type LibraryFile } from './library-file.ts';

const entriesOf = (file: LibraryFile) => (file.ok ? file.entries : file.message);

const anExport: LibraryExport = {
  format: 'questline-library',
  version: 1,
  exportedAt: Date.UTC(2031, 0, 2),
  member: { uid: 'ana', username: 'ana_roguelites' },
  games: [
    { id: 'hades', name: 'Hades', steam_appid: 1145360, at: Date.UTC(2031, 0, 1) },
    { id: 'gone-game', at: Date.UTC(2030, 11, 1) },
  ],
  shelves: [{ id: 'celeste', status: 'played', at: 7 }],
  follows: { users: [{ id: 'ben', at: 1 }], events: [] },
  posts: [
    { id: '-Nq1post', feed: 'hades', feedType: 'game', content: '=SUM(A1), "quoted"\nnext line', at: 2 },
  ],
  comments: [{ id: 'c1', post: '-Nq1post', content: 'Nice', at: 3 }],
  likes: [{ id: 'p9', at: 4 }],
  suggestionAnswers: [{ id: 'celeste', answer: 'no' }],
  hiddenTags: [{ id: 'horror', at: 6 }],
  profile: { brief: '-Loves puzzles', details: '' },
  blocks: { posts: [], comments: [], users: [{ id: 'cleo', at: 5 }], games: [] },
};

describe('reading a library file', () => {
  it("reads Steam's owned-games JSON by app id and name", () => {
    const steam = JSON.stringify({
      response: {
        game_count: 2,
        games: [
          { appid: 292030, name: 'The Witcher 3: Wild Hunt', playtime_forever: 6000, img_icon_url: 'x' },
          { appid: 1245620, name: 'ELDEN RING', playtime_forever: 10 },
        ],
      },
    });
    const file = parseLibraryFile(steam);
    expect(file).toMatchObject({ ok: true, kind: 'steam' });
    expect(entriesOf(file)).toEqual([
      { appid: 292030, name: 'The Witcher 3: Wild Hunt' },
      { appid: 1245620, name: 'ELDEN RING' },
    ]);
  });

  it('reads Steam JSON listed without names (no include_appinfo) by app id alone', () => {
    expect(entriesOf(parseLibraryFile('{"response":{"game_count":1,"games":[{"appid":620}]}}'))).toEqual([
      { appid: 620 },
    ]);
  });

  it('says a private Steam profile (an empty response) lists no games', () => {
    expect(parseLibraryFile('{"response":{}}')).toEqual({ ok: false, message: 'This file lists no games.' });
  });

  it('reads a CSV with a Title column in any case, quoted commas and a byte-order mark', () => {
    const csv =
      '\uFEFFRank,Title,Hours\r\n1,"Baldur\'s Gate 3, Deluxe",120\r\n2,"The ""Quoted"" One",3\r\n3,Celeste,\r\n';
    const file = parseLibraryFile(csv);
    expect(file).toMatchObject({ ok: true, kind: 'csv' });
    expect(entriesOf(file)).toEqual([
      { name: "Baldur's Gate 3, Deluxe" },
      { name: 'The "Quoted" One' },
      { name: 'Celeste' },
    ]);
  });

  it('reads a CSV app id column beside the name, and a name column alone', () => {
    expect(entriesOf(parseLibraryFile('name,steam_appid\nPortal 2,620\nHades,not-a-number\n'))).toEqual([
      { name: 'Portal 2', appid: 620 },
      { name: 'Hades' },
    ]);
  });

  it('keeps each game once when a file lists it twice', () => {
    const csv = 'title\nHades\nHADES\nHadès\nCeleste\n';
    expect(entriesOf(parseLibraryFile(csv))).toEqual([{ name: 'Hades' }, { name: 'Celeste' }]);
    const steam = '{"response":{"games":[{"appid":620,"name":"Portal 2"},{"appid":620,"name":"Portal 2"}]}}';
    expect(entriesOf(parseLibraryFile(steam))).toEqual([{ appid: 620, name: 'Portal 2' }]);
  });

  it('reads back a Questline JSON export by its game ids', () => {
    const file = parseLibraryFile(JSON.stringify(anExport));
    expect(file).toMatchObject({ ok: true, kind: 'questline' });
    expect(entriesOf(file)).toEqual([{ id: 'hades', name: 'Hades', appid: 1145360 }, { id: 'gone-game' }]);
  });

  it('reads back a Questline CSV export: its followed games only, with ids', () => {
    const file = parseLibraryFile(libraryExportCsv(anExport));
    expect(file).toMatchObject({ ok: true, kind: 'questline' });
    expect(entriesOf(file)).toEqual([{ id: 'hades', name: 'Hades', appid: 1145360 }, { id: 'gone-game' }]);
  });

  it('does not trust ids from a JSON that is not a Questline export', () => {
    expect(entriesOf(parseLibraryFile('[{"id":"hades","title":"Hades"}]'))).toEqual([{ name: 'Hades' }]);
  });

  it('refuses a CSV without a title or name column, with a message saying so', () => {
    const file = parseLibraryFile('rank,hours\n1,2\n');
    expect(file.ok).toBe(false);
    expect(entriesOf(file)).toContain('no “title” or “name” column');
  });

  it('refuses damaged JSON, a picture, an empty file and JSON that lists no games', () => {
    expect(entriesOf(parseLibraryFile('{"response": {"games": [')) as string).toContain('damaged');
    expect(entriesOf(parseLibraryFile('\u0089PNG\r\n\u001a\n\u0000\u0000')) as string).toContain(
      'not a library we can read',
    );
    expect(entriesOf(parseLibraryFile('  \n'))).toBe('This file lists no games.');
    expect(entriesOf(parseLibraryFile('{"hello":"world"}')) as string).toContain('not a library we can read');
    expect(entriesOf(parseLibraryFile('[1, 2, 3]')) as string).toContain('not a library we can read');
    expect(entriesOf(parseLibraryFile('title\n')) as string).toBe('This file lists no games.');
  });

  it('refuses a CSV with an unclosed quote, naming the line', () => {
    expect(entriesOf(parseLibraryFile('title\nHades\n"Celeste\n')) as string).toContain('line 3');
  });

  it('refuses files over the size bound and lists over the entry bound', () => {
    expect(entriesOf(parseLibraryFile(`title\n${'a'.repeat(MAX_LIBRARY_FILE_BYTES)}`)) as string).toContain(
      'too large',
    );
    const many = Array.from({ length: MAX_LIBRARY_ENTRIES + 1 }, (_, i) => ({
      appid: i + 1,
      name: `Game ${String(i)}`,
    }));
    expect(entriesOf(parseLibraryFile(JSON.stringify({ response: { games: many } }))) as string).toContain(
      'more than 5,000 games',
    );
  });

  it('cuts a huge name to the longest the catalogue keeps', () => {
    const file = parseLibraryFile(`title\n${'x'.repeat(5000)}\n`);
    expect(entriesOf(file)).toEqual([{ name: 'x'.repeat(200) }]);
  });
});

describe('the CSV export', () => {
  it('has one row per item with type, id, name and time, quotes text, defuses formulas in it and keeps ids exact', () => {
    const lines = libraryExportCsv(anExport).split('\r\n');
    expect(lines[0]).toBe('type,id,name,steam_appid,time,on');
    expect(lines[1]).toBe('followed-game,hades,Hades,1145360,2031-01-01T00:00:00.000Z,');
    expect(lines).toContain('followed-member,ben,,,1970-01-01T00:00:00.001Z,');
    expect(libraryExportCsv(anExport)).toContain('post,-Nq1post,"\'=SUM(A1), ""quoted""\nnext line",,');
    expect(lines).toContain('suggestion-no,celeste,,,,');
    expect(lines).toContain('shelved-game,celeste,,,1970-01-01T00:00:00.007Z,played');
    expect(lines).toContain('blocked-user,cleo,,,1970-01-01T00:00:00.005Z,');
    expect(lines).toContain('hidden-tag,horror,,,1970-01-01T00:00:00.006Z,');
    expect(lines).toContain("profile,brief,'-Loves puzzles,,,");
    expect(lines.filter((line) => line.startsWith('profile,'))).toHaveLength(1);
  });
});
