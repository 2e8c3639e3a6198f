// A small RFC 4180 CSV reader for catalogue imports (no CSV library is installed): comma-separated
// fields, double-quoted fields may hold commas, line breaks and doubled quotes (""), records end with
// CRLF or LF, a leading byte-order mark is ignored. Each record carries the line it starts on, so that
// rejects can be reported by line number.

export interface CsvRecord {
  /** 1-based line of the file on which the record starts. */
  line: number;
  fields: string[];
}

/** A file that cannot be read as CSV past this point. */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  /** 1-based line on which the broken record starts. */
  readonly line: number;
  constructor(line: number, detail: string) {
    super(`line ${String(line)}: ${detail}`);
    this.line = line;
  }
}

/**
 * Every record of `text`, blank lines skipped. A quote inside an unquoted field is kept as text
 * (lenient, as most producers expect); characters after a closing quote and an unterminated quoted
 * field are syntax errors (reported at the line where the record starts).
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let line = 1;
  let index = 0;
  const length = input.length;

  while (index < length) {
    const startLine = line;
    const fields: string[] = [];
    let field = '';
    let endOfRecord = false;
    let sawAnything = false;
    while (!endOfRecord) {
      if (index < length && input[index] === '"') {
        sawAnything = true;
        index++;
        for (;;) {
          if (index >= length) throw new CsvSyntaxError(startLine, 'a quoted field is never closed');
          const char = input.charAt(index);
          if (char === '"') {
            if (input[index + 1] === '"') {
              field += '"';
              index += 2;
              continue;
            }
            index++;
            break;
          }
          if (char === '\n') line++;
          field += char;
          index++;
        }
        const next = input[index];
        if (index < length && next !== ',' && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError(line, 'unexpected text after a closing quote');
        }
      } else {
        while (index < length) {
          const char = input.charAt(index);
          if (char === ',' || char === '\n' || char === '\r') break;
          field += char;
          index++;
        }
      }
      const char = input[index];
      if (char === ',') {
        sawAnything = true;
        fields.push(field);
        field = '';
        index++;
      } else {
        fields.push(field);
        endOfRecord = true;
        if (char === '\r') index++;
        if (input[index] === '\n') index++;
        if (index <= length && (char === '\r' || char === '\n')) line++;
      }
    }
    const blank = !sawAnything && fields.length === 1 && fields[0] === '';
    if (!blank) records.push({ line: startLine, fields });
  }
  return records;
}
