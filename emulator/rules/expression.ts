// Rule expressions, parsed with jsep (never eval) and interpreted over Firebase's rule types.
// https://firebase.google.com/docs/reference/security/database
// Firebase is strict: no type coercion; any error (null.uid, "a" < 1, unknown method) makes the
// whole expression false, and only a boolean `true` grants.

import jsep from 'jsep';
import type { RuleSnapshot } from './snapshot.ts';

type Expression = jsep.Expression;

export type RuleKind = '.read' | '.write' | '.validate';

export interface CompiledExpression {
  source: string;
  /** A literal boolean rule, or the parsed expression. */
  ast: boolean | Expression;
  regexes: RegExp[];
}

/** Thrown for a rule that cannot be compiled; the caller adds the line. */
export class RuleSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleSyntaxError';
  }
}

const BINARY = new Set(['==', '===', '!=', '!==', '<', '<=', '>', '>=', '&&', '||', '+', '-', '*', '/', '%']);
const UNARY = new Set(['!', '-']);
const REGEX_PLACEHOLDER = /^__questline_regex_(\d+)__$/;

/** Replaces /regex/flags literals (allowed where a value starts) by placeholder identifiers. */
function extractRegexes(source: string): { text: string; regexes: RegExp[] } {
  const regexes: RegExp[] = [];
  let out = '';
  let i = 0;
  let lastSignificant = '';
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      lastSignificant = c;
      continue;
    }
    if (c === '/' && (lastSignificant === '(' || lastSignificant === ',')) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length) {
        const d = source[j];
        if (d === '\\') j += 2;
        else {
          if (d === '[') inClass = true;
          else if (d === ']') inClass = false;
          else if (d === '/' && !inClass) break;
          j++;
        }
      }
      if (j >= source.length) throw new RuleSyntaxError('unterminated regular expression');
      const body = source.slice(i + 1, j);
      let k = j + 1;
      while (k < source.length && /[a-z]/.test(source.charAt(k))) k++;
      const flags = source.slice(j + 1, k);
      if (!/^i?$/.test(flags)) throw new RuleSyntaxError(`unsupported regular expression flags '${flags}'`);
      try {
        regexes.push(new RegExp(body, flags));
      } catch (error) {
        throw new RuleSyntaxError(`invalid regular expression: ${(error as Error).message}`);
      }
      out += `__questline_regex_${regexes.length - 1}__`;
      i = k;
      lastSignificant = 'x';
      continue;
    }
    out += c;
    if (!/\s/.test(c)) lastSignificant = c;
    i++;
  }
  return { text: out, regexes };
}

/** Compiles one rule; `scope` lists the $variables visible at its location. */
export function compileExpression(
  rule: string | boolean,
  kind: RuleKind,
  scope: readonly string[],
): CompiledExpression {
  if (typeof rule === 'boolean') return { source: String(rule), ast: rule, regexes: [] };
  const { text, regexes } = extractRegexes(rule);
  let ast: Expression;
  try {
    ast = jsep(text);
  } catch (error) {
    throw new RuleSyntaxError(`syntax error in ${kind} rule "${rule}": ${(error as Error).message}`);
  }
  check(ast, kind, scope, rule, regexes.length);
  return { source: rule, ast, regexes };
}

function check(
  node: Expression,
  kind: RuleKind,
  scope: readonly string[],
  rule: string,
  regexCount: number,
): void {
  const fail = (why: string): never => {
    throw new RuleSyntaxError(`${why} in ${kind} rule "${rule}"`);
  };
  switch (node.type) {
    case 'Literal':
      return;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      const regex = REGEX_PLACEHOLDER.exec(name);
      if (regex) {
        if (Number(regex[1]) >= regexCount) fail(`unknown variable '${name}'`);
        return;
      }
      if (name === 'newData' && kind === '.read') fail('newData is not available');
      if (name === 'query' && kind !== '.read') fail('query is only available in .read rules');
      if (['auth', 'now', 'root', 'data', 'newData', 'query'].includes(name)) return;
      if (name.startsWith('$') && scope.includes(name)) return;
      return fail(`unknown variable '${name}'`);
    }
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      check(m.object, kind, scope, rule, regexCount);
      if (m.computed) check(m.property, kind, scope, rule, regexCount);
      else if (m.property.type !== 'Identifier') fail('invalid property access');
      return;
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      if (c.callee.type !== 'MemberExpression') fail('only methods can be called');
      check(c.callee, kind, scope, rule, regexCount);
      for (const arg of c.arguments) check(arg, kind, scope, rule, regexCount);
      return;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (!BINARY.has(b.operator)) fail(`unsupported operator '${b.operator}'`);
      check(b.left, kind, scope, rule, regexCount);
      check(b.right, kind, scope, rule, regexCount);
      return;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (!UNARY.has(u.operator)) fail(`unsupported operator '${u.operator}'`);
      check(u.argument, kind, scope, rule, regexCount);
      return;
    }
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      check(t.test, kind, scope, rule, regexCount);
      check(t.consequent, kind, scope, rule, regexCount);
      check(t.alternate, kind, scope, rule, regexCount);
      return;
    }
    case 'ArrayExpression': {
      for (const el of (node as jsep.ArrayExpression).elements) {
        if (el === null) fail('empty array element');
        else check(el, kind, scope, rule, regexCount);
      }
      return;
    }
    default:
      fail(`unsupported expression '${node.type}'`);
  }
}

export interface AuthRecord {
  uid: string;
  provider: string;
  token: Record<string, unknown>;
}

export interface RuleContext {
  auth: AuthRecord | null;
  now: number;
  root: RuleSnapshot;
  data: RuleSnapshot;
  newData: RuleSnapshot | null;
  query: Record<string, unknown>;
  vars: Readonly<Record<string, string>>;
}

class RuleEvalError extends Error {}

type Value = unknown;

const SNAPSHOT_METHODS = new Set([
  'val',
  'child',
  'parent',
  'exists',
  'hasChild',
  'hasChildren',
  'numChildren',
  'getPriority',
  'isNumber',
  'isString',
  'isBoolean',
  'isObject',
]);

function isSnapshot(v: Value): v is RuleSnapshot {
  return typeof v === 'object' && v !== null && 'view' in v && 'path' in v && 'node' in v;
}

/** True only when the rule evaluates to the boolean true; errors deny. */
export function evaluateRule(expr: CompiledExpression, ctx: RuleContext): boolean {
  if (typeof expr.ast === 'boolean') return expr.ast;
  try {
    return evaluate(expr.ast, expr, ctx) === true;
  } catch (error) {
    if (error instanceof RuleEvalError) return false;
    throw error;
  }
}

function fail(message: string): never {
  throw new RuleEvalError(message);
}

function evaluate(node: Expression, expr: CompiledExpression, ctx: RuleContext): Value {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      const regex = REGEX_PLACEHOLDER.exec(name);
      if (regex) return expr.regexes[Number(regex[1])];
      switch (name) {
        case 'auth':
          return ctx.auth;
        case 'now':
          return ctx.now;
        case 'root':
          return ctx.root;
        case 'data':
          return ctx.data;
        case 'newData':
          return ctx.newData ?? fail('newData unavailable');
        case 'query':
          return ctx.query;
        default: {
          const v = ctx.vars[name];
          return v === undefined ? fail(`unknown variable ${name}`) : v;
        }
      }
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((el) => (el ? evaluate(el, expr, ctx) : null));
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = evaluate(u.argument, expr, ctx);
      if (u.operator === '!') return typeof v === 'boolean' ? !v : fail('! needs a boolean');
      return typeof v === 'number' ? -v : fail('- needs a number');
    }
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      const test = evaluate(t.test, expr, ctx);
      if (typeof test !== 'boolean') fail('condition must be a boolean');
      return evaluate(test ? t.consequent : t.alternate, expr, ctx);
    }
    case 'BinaryExpression':
      return binary(node as jsep.BinaryExpression, expr, ctx);
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const object = evaluate(m.object, expr, ctx);
      const name = m.computed ? evaluate(m.property, expr, ctx) : (m.property as jsep.Identifier).name;
      return member(object, name);
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      const callee = c.callee as jsep.MemberExpression;
      const target = evaluate(callee.object, expr, ctx);
      const method = callee.computed
        ? evaluate(callee.property, expr, ctx)
        : (callee.property as jsep.Identifier).name;
      const args = c.arguments.map((a) => evaluate(a, expr, ctx));
      return call(target, String(method), args);
    }
    default:
      return fail(`unsupported ${node.type}`);
  }
}

function binary(b: jsep.BinaryExpression, expr: CompiledExpression, ctx: RuleContext): Value {
  if (b.operator === '&&' || b.operator === '||') {
    const left = evaluate(b.left, expr, ctx);
    if (typeof left !== 'boolean') fail(`${b.operator} needs booleans`);
    if (b.operator === '&&' ? !left : left) return left;
    const right = evaluate(b.right, expr, ctx);
    return typeof right === 'boolean' ? right : fail(`${b.operator} needs booleans`);
  }
  const left = evaluate(b.left, expr, ctx);
  const right = evaluate(b.right, expr, ctx);
  switch (b.operator) {
    case '==':
    case '===':
      return equals(left, right);
    case '!=':
    case '!==':
      return !equals(left, right);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (!(
        (typeof left === 'number' && typeof right === 'number') ||
        (typeof left === 'string' && typeof right === 'string')
      ))
        fail('comparison needs two numbers or two strings');
      const l = left;
      const r = right;
      if (b.operator === '<') return l < r;
      if (b.operator === '<=') return l <= r;
      if (b.operator === '>') return l > r;
      return l >= r;
    }
    case '+':
      if (typeof left === 'number' && typeof right === 'number') return left + right;
      if (typeof left === 'string' || typeof right === 'string') {
        if (!isPrimitive(left) || !isPrimitive(right)) fail('+ needs strings or numbers');
        return String(left) + String(right);
      }
      return fail('+ needs strings or numbers');
    default: {
      if (typeof left !== 'number' || typeof right !== 'number') fail(`${b.operator} needs numbers`);
      const l = left;
      const r = right;
      if (b.operator === '-') return l - r;
      if (b.operator === '*') return l * r;
      if (b.operator === '/') return l / r;
      return l % r;
    }
  }
}

function isPrimitive(v: Value): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function equals(a: Value, b: Value): boolean {
  if (isPrimitive(a) && isPrimitive(b)) return a === b;
  if (a === null || b === null) return a === b;
  return fail('== needs primitive values');
}

function member(object: Value, name: Value): Value {
  if (object === null || object === undefined) fail(`cannot read ${String(name)} of null`);
  if (typeof object === 'string') {
    if (name === 'length') return object.length;
    return fail(`strings have no property ${String(name)}`);
  }
  if (isSnapshot(object) || object instanceof RegExp || Array.isArray(object)) return fail('not a property');
  if (typeof object === 'object' && typeof name === 'string') {
    const v = (object as Record<string, unknown>)[name];
    return v === undefined ? null : v;
  }
  return fail(`cannot read ${String(name)}`);
}

function call(target: Value, method: string, args: Value[]): Value {
  if (isSnapshot(target)) {
    if (!SNAPSHOT_METHODS.has(method)) fail(`no method ${method}`);
    switch (method) {
      case 'child':
      case 'hasChild': {
        const path = args[0];
        if (args.length !== 1 || typeof path !== 'string') fail(`${method} needs a string`);
        return method === 'child' ? target.child(path) : target.hasChild(path);
      }
      case 'hasChildren': {
        if (args.length === 0) return target.hasChildren();
        const names = args[0];
        if (!Array.isArray(names) || !names.every((n) => typeof n === 'string'))
          fail('hasChildren needs an array of strings');
        return target.hasChildren(names);
      }
      case 'parent':
        return target.parent() ?? fail('the root has no parent');
      case 'val':
        return target.val();
      default:
        if (args.length !== 0) fail(`${method} takes no arguments`);
        return (target[method as 'exists'] as () => unknown).call(target);
    }
  }
  if (typeof target === 'string') {
    const s = target;
    const str = (i: number): string => {
      const v = args[i];
      return typeof v === 'string' ? v : fail(`${method} needs string arguments`);
    };
    switch (method) {
      case 'contains':
        return s.includes(str(0));
      case 'beginsWith':
        return s.startsWith(str(0));
      case 'endsWith':
        return s.endsWith(str(0));
      case 'replace':
        return s.split(str(0)).join(str(1));
      case 'toLowerCase':
        return s.toLowerCase();
      case 'toUpperCase':
        return s.toUpperCase();
      case 'matches': {
        const re = args[0];
        if (!(re instanceof RegExp)) fail('matches needs a regular expression');
        return re.test(s);
      }
      default:
        return fail(`strings have no method ${method}`);
    }
  }
  return fail(`cannot call ${method}`);
}
