// A small JSON reader that remembers where each object key starts, so that errors can name a line
// and column: Firebase reports invalid keys as "line:column", and a broken rules file must fail with
// its line. Rules files may hold // and /* */ comments, as the Firebase console and CLI accept.

export interface Position {
  line: number;
  column: number;
}

export class JsonTextError extends Error {
  readonly position: Position;
  constructor(message: string, position: Position) {
    super(message);
    this.name = 'JsonTextError';
    this.position = position;
  }
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Where each key of each parsed object was written. */
export type KeyPositions = WeakMap<object, Map<string, Position>>;

export interface ParsedJsonText {
  value: JsonValue;
  keys: KeyPositions;
}

/** Parses JSON text (optionally with comments), recording the position of every object key. */
export function parseJsonText(text: string, options: { comments: boolean }): ParsedJsonText {
  let i = 0;
  const keys: KeyPositions = new WeakMap();

  const positionAt = (index: number): Position => {
    let line = 1;
    let column = 1;
    for (let k = 0; k < index && k < text.length; k++) {
      if (text[k] === '\n') {
        line++;
        column = 1;
      } else column++;
    }
    return { line, column };
  };
  const fail = (message: string, at = i): never => {
    throw new JsonTextError(message, positionAt(at));
  };

  const skip = (): void => {
    for (;;) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
      else if (options.comments && c === '/' && text[i + 1] === '/') {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (options.comments && c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) fail('unterminated comment');
        i = end + 2;
      } else return;
    }
  };

  const readString = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    let runStart = i;
    for (;;) {
      if (i >= text.length) fail('unterminated string', start);
      const c = text.charCodeAt(i);
      if (c === 34) {
        out += text.slice(runStart, i);
        i++;
        return out;
      }
      if (c === 92) {
        out += text.slice(runStart, i);
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        const unescaped = e === undefined ? undefined : simple[e];
        if (unescaped !== undefined) {
          out += unescaped;
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail('invalid escape in string');
        runStart = i;
        continue;
      }
      if (c < 32) fail('control character in string');
      i++;
    }
  };

  const readValue = (): JsonValue => {
    skip();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: { [key: string]: JsonValue } = {};
      const positions = new Map<string, Position>();
      keys.set(obj, positions);
      skip();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail('expected a quoted key');
        const keyAt = i;
        const key = readString();
        positions.set(key, positionAt(keyAt));
        skip();
        if (text[i] !== ':') fail("expected ':' after a key");
        i++;
        obj[key] = readValue();
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const arr: JsonValue[] = [];
      skip();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(readValue());
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return readString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(i, i + 400),
    );
    if (!literal)
      return fail(i >= text.length ? 'unexpected end of input' : `unexpected character '${c ?? ''}'`);
    i += literal[0].length;
    if (literal[0] === 'true') return true;
    if (literal[0] === 'false') return false;
    if (literal[0] === 'null') return null;
    return Number(literal[0]);
  };

  const value = readValue();
  skip();
  if (i < text.length) fail('unexpected text after the end of the JSON value');
  return { value, keys };
}

/** "line:column" of the first occurrence of `badKey` as an object key in `text`, for Firebase's error. */
export function locateKey(text: string, badKey: string): string {
  try {
    const { value, keys } = parseJsonText(text, { comments: false });
    const found = findKey(value, keys, badKey);
    if (found) return `${found.line}:${found.column}`;
  } catch {
    // fall through: the caller already parsed this text, so this is unreachable in practice
  }
  return '1:1';
}

function findKey(value: JsonValue, keys: KeyPositions, badKey: string): Position | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findKey(item, keys, badKey);
      if (found) return found;
    }
    return undefined;
  }
  const positions = keys.get(value);
  for (const [key, child] of Object.entries(value)) {
    if (key === badKey) return positions?.get(key);
    const found = findKey(child, keys, badKey);
    if (found) return found;
  }
  return undefined;
}
