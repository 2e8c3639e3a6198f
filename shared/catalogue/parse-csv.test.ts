import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './parse-csv.ts';

describe('parseCsv', () => {
  it('reads plain records with their line numbers', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', '2', '3'] },
    ]);
  });

  it('accepts CRLF, a missing final line break and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c,\n')).toEqual([{ line: 1, fields: ['a', '', 'c', ''] }]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting lines inside them', () => {
    const text = 'id,name\n1,"Papers, Please"\n2,"The ""Best"" Game"\n3,"two\nlines"\n4,after\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['id', 'name'] },
      { line: 2, fields: ['1', 'Papers, Please'] },
      { line: 3, fields: ['2', 'The "Best" Game'] },
      { line: 4, fields: ['3', 'two\nlines'] },
      { line: 6, fields: ['4', 'after'] },
    ]);
  });

  it('skips blank lines but keeps counting them', () => {
    expect(parseCsv('a\n\n\nb\r\n\r\nc')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 4, fields: ['b'] },
      { line: 6, fields: ['c'] },
    ]);
  });

  it('keeps a record made of one empty quoted field', () => {
    expect(parseCsv('""\n')).toEqual([{ line: 1, fields: [''] }]);
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(parseCsv('5" Floppy,x\n')).toEqual([{ line: 1, fields: ['5" Floppy', 'x'] }]);
  });

  it('reports an unterminated quote at the line where it opens', () => {
    expect(() => parseCsv('a\nb,"never\nclosed\n')).toThrow(
      new CsvSyntaxError(2, 'a quoted field is never closed'),
    );
  });

  it('reports text after a closing quote', () => {
    expect(() => parseCsv('a\n"x"y,z\n')).toThrow(CsvSyntaxError);
  });

  it('reads nothing from an empty file', () => {
    expect(parseCsv('')).toEqual([]);
  });
});
