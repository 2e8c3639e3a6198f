import { describe, expect, it } from 'vitest';
import { MAX_LIBRARY_ENTRIES, MAX_LIBRARY_FILE_BYTES } from '../schemas/library-limits.ts';
import type { LibraryExport } from '../schemas/library-export.ts';
import { libraryExportCsv } from './library-export-csv.ts';
import { parseLibraryFile, type LibraryFile } from './library-file.ts';
import { BACKLOGGD_EXPORT, GROUVEE_EXPORT, STEAM_OWNED_GAMES } from './library-file-samples.ts';

const entriesOf = (file: LibraryFile) => (file.ok ? file.entries : file.message);
/** Each game of a file with what it says of it. */
const markedOf = (file: LibraryFile) =>
  file.ok ? file.entries.map((entry, index) => ({ ...entry, ...file.marks[index] })) : file.message;

const anExport: LibraryExport = {
  format: 'questline-library',
  version: 1,
  exportedAt: Date.UTC(2031, 0, 2),
  member: { uid: 'ana', username: 'ana_roguelites' },
  games: [
    { id: 'hades', name: 'Hades', steam_appid: 1145360, at: Date.UTC(2031, 0, 1) },
    { id: 'gone-game', at: Date.UTC(2030, 11, 1) },
  ],
  shelves: [
    { id: 'celeste', status: 'played', at: 7 },
    { id: 'hades', status: 'playing', at: 8 },
  ],
  ratings: [
    { id: 'celeste', score: 9, at: 7 },
    { id: 'dead-cells', score: 6, at: 3 },
  ],
  reviews: [{ id: 'celeste', post: '-Nq2review', text: '@every climb, "again"', at: 9 }],
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

/** What `anExport` reads back as: its followed games followed, each game's shelf and score. */
const exportReadBack = [
  { id: 'hades', name: 'Hades', appid: 1145360, follow: true, shelf: 'playing' },
  { id: 'gone-game', follow: true },
  { id: 'celeste', follow: false, shelf: 'played', score: 9 },
  { id: 'dead-cells', follow: false, score: 6 },
];

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

  it('reads back a Questline JSON export by its game ids: followed games followed, shelves and ratings put back', () => {
    const file = parseLibraryFile(JSON.stringify(anExport));
    expect(file).toMatchObject({ ok: true, kind: 'questline' });
    expect(markedOf(file)).toEqual(exportReadBack);
  });

  it('reads back a Questline CSV export: its followed, shelved and rated games by id, nothing else', () => {
    const file = parseLibraryFile(libraryExportCsv(anExport));
    expect(file).toMatchObject({ ok: true, kind: 'questline' });
    expect(markedOf(file)).toEqual(exportReadBack);
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

describe('shelves and ratings from a library file', () => {
  it('puts Steam games played for more than a minute on Played, and owned games never started on no shelf', () => {
    const file = parseLibraryFile(STEAM_OWNED_GAMES);
    expect(markedOf(file)).toEqual([
      { appid: 1145360, name: 'Hades', follow: true, shelf: 'played' },
      { appid: 504230, name: 'Celeste', follow: true },
      { appid: 620, name: 'Portal 2', follow: true, shelf: 'played' },
    ]);
  });

  it("reads Grouvee's export: its shelves' JSON, 1 to 5 stars doubled, a custom shelf and a formula shown as not read", () => {
    const file = parseLibraryFile(GROUVEE_EXPORT);
    expect(file).toMatchObject({ ok: true, kind: 'grouvee', ratingScale: 'stars', skipped: 0 });
    expect(markedOf(file)).toEqual([
      { name: 'Hollow Knight', follow: true, shelf: 'played', score: 10 },
      // On Backlog and Wish List at once: both mean want to play.
      { name: 'Celeste', follow: true, shelf: 'want' },
      { name: 'Disco Elysium', follow: true, shelf: 'playing', score: 8 },
      { name: 'Slay the Spire', follow: true, unmappedStatus: 'Couch co-op night', score: 6 },
      { name: 'Hades', follow: true, unreadRating: '=HYPERLINK("https://evil.example","5")' },
    ]);
  });

  it('reads a Backloggd-style export: its status words, half stars, and what it cannot read left unguessed', () => {
    const file = parseLibraryFile(BACKLOGGD_EXPORT);
    expect(file).toMatchObject({ ok: true, kind: 'csv', ratingScale: 'stars' });
    expect(markedOf(file)).toEqual([
      { name: 'Elden Ring', follow: true, shelf: 'played', score: 9 },
      { name: 'Hades', follow: true, shelf: 'playing', score: 10 },
      { name: 'Celeste', follow: true, shelf: 'want' },
      { name: 'Outer Wilds', follow: true, shelf: 'want' },
      { name: 'Cyberpunk 2077', follow: true, shelf: 'dropped', score: 4 },
      // "Shelved" (on hold) is no shelf of ours: shown, not guessed.
      { name: 'Dead Cells', follow: true, unmappedStatus: 'Shelved', score: 7 },
      { name: 'Portal 2', follow: true, shelf: 'played', score: 1 },
      { name: 'Stardew Valley', follow: true, shelf: 'played', unreadRating: 'NaN' },
      { name: 'Hollow Knight', follow: true, shelf: 'played', unreadRating: '11' },
      // ELDEN RING again (another platform): the game's first line is what counts.
    ]);
  });

  it('reads ratings out of 10 as they are, a half up, 0 as no rating, 11 and text as not read', () => {
    const csv =
      'title,status,score\nHades,played,8\nCeleste,Currently Playing,7.5\nNoita,,10\nTerraria,,0\nPortal 2,,11\nInscryption,,-3\n';
    const file = parseLibraryFile(csv);
    expect(file).toMatchObject({ ok: true, ratingScale: 'ten' });
    expect(markedOf(file)).toEqual([
      { name: 'Hades', follow: true, shelf: 'played', score: 8 },
      { name: 'Celeste', follow: true, shelf: 'playing', score: 8 },
      { name: 'Noita', follow: true, score: 10 },
      { name: 'Terraria', follow: true },
      { name: 'Portal 2', follow: true, unreadRating: '11' },
      { name: 'Inscryption', follow: true, unreadRating: '-3' },
    ]);
  });

  it('takes a header that names its scale over the numbers in the column', () => {
    const csv = 'name,Rating (out of 10)\nHades,4\nCeleste,5\n';
    expect(markedOf(parseLibraryFile(csv))).toEqual([
      { name: 'Hades', follow: true, score: 4 },
      { name: 'Celeste', follow: true, score: 5 },
    ]);
    expect(markedOf(parseLibraryFile('name,stars\nHades,3.5\n'))).toEqual([
      { name: 'Hades', follow: true, score: 7 },
    ]);
  });

  it('keeps the first of a game listed many times, whatever the later lines say', () => {
    const rows = Array.from(
      { length: 3000 },
      (_, index) => `Hades,${index % 2 ? 'dropped' : 'played'},${String((index % 10) + 1)}`,
    );
    const file = parseLibraryFile(`title,status,rating\n${rows.join('\n')}\n`);
    expect(markedOf(file)).toEqual([{ name: 'Hades', follow: true, shelf: 'played', score: 1 }]);
  });

  it('reads in an export only its own shelf names and scores, and ids that can be game ids', () => {
    const csv = [
      'type,id,name,steam_appid,time,on',
      'shelved-game,hades,,,,Want to play',
      'shelved-game,../users/ana,,,,played',
      'rated-game,celeste,,,,11',
      'rated-game,noita,,,,NaN',
      'rated-game,portal-2,,,,7',
      'post,-Npost,=HYPERLINK("x"),,,hades',
    ].join('\r\n');
    const file = parseLibraryFile(csv);
    expect(markedOf(file)).toEqual([{ id: 'portal-2', follow: false, score: 7 }]);
    expect(file).toMatchObject({ skipped: 4 });
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
    expect(lines).toContain('rated-game,celeste,,,1970-01-01T00:00:00.007Z,9');
    // A review's words are free text, defused like a post's; the import reads the row as no library's.
    expect(lines).toContain(
      'reviewed-game,celeste,"\'@every climb, ""again""",,1970-01-01T00:00:00.009Z,-Nq2review',
    );
    expect(lines).toContain('blocked-user,cleo,,,1970-01-01T00:00:00.005Z,');
    expect(lines).toContain('hidden-tag,horror,,,1970-01-01T00:00:00.006Z,');
    expect(lines).toContain("profile,brief,'-Loves puzzles,,,");
    expect(lines.filter((line) => line.startsWith('profile,'))).toHaveLength(1);
  });
});
