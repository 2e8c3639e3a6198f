// Loads a rules document ({"rules": {...}}) into a tree of compiled rule nodes. Errors name the line
// (when the rules came from text) and the reason, so a broken database.rules.json fails at start.
// https://firebase.google.com/docs/database/security/core-syntax

import { readFileSync } from 'node:fs';
import { isValidKey } from '../keys.ts';
import { JsonTextError, parseJsonText, type JsonValue, type KeyPositions } from '../json-text.ts';
import { compileExpression, RuleSyntaxError, type CompiledExpression } from './expression.ts';

export interface RuleNode {
  read?: CompiledExpression;
  write?: CompiledExpression;
  validate?: CompiledExpression;
  indexOn: string[];
  children: Map<string, RuleNode>;
  wildcard?: { name: string; node: RuleNode };
}

export interface Rules {
  root: RuleNode;
  /** The rules document as JSON text (what GET /.settings/rules.json answers). */
  text: string;
}

export class RulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesError';
  }
}

/** Rules when none are given: production's locked mode, where only the administrator reads and writes. */
export const LOCKED_RULES = '{\n  "rules": {\n    ".read": false,\n    ".write": false\n  }\n}\n';

/** Reads and compiles a rules file. */
export function loadRulesFile(file: string): Rules {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RulesError(`Cannot read rules file ${file}: ${(error as Error).message}`);
  }
  return parseRulesText(text, file);
}

/** Compiles rules from JSON text (comments allowed). */
export function parseRulesText(text: string, source = 'rules'): Rules {
  let parsed;
  try {
    parsed = parseJsonText(text, { comments: true });
  } catch (error) {
    if (error instanceof JsonTextError)
      throw new RulesError(
        `${source}: line ${error.position.line}, column ${error.position.column}: ${error.message}`,
      );
    throw error;
  }
  return { root: compileDocument(parsed.value, parsed.keys, source), text };
}

/** Compiles rules given as an object. */
export function parseRulesObject(doc: unknown, source = 'rules'): Rules {
  const text = JSON.stringify(doc, null, 2);
  return parseRulesText(text, source);
}

function compileDocument(doc: JsonValue, keys: KeyPositions, source: string): RuleNode {
  const lineOf = (obj: object, key: string): string => {
    const pos = keys.get(obj)?.get(key);
    return pos ? `line ${pos.line}` : 'line ?';
  };
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new RulesError(`${source}: line 1: the rules must be a JSON object with a "rules" key`);
  for (const key of Object.keys(doc)) {
    if (key !== 'rules')
      throw new RulesError(`${source}: ${lineOf(doc, key)}: unknown top-level key "${key}"`);
  }
  const rules = doc['rules'];
  if (rules === undefined) throw new RulesError(`${source}: line 1: missing "rules" key`);

  const compileNode = (value: JsonValue, owner: object, ownerKey: string, scope: string[]): RuleNode => {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new RulesError(`${source}: ${lineOf(owner, ownerKey)}: "${ownerKey}" must be an object of rules`);
    const node: RuleNode = { indexOn: [], children: new Map() };
    for (const [key, child] of Object.entries(value)) {
      const where = `${source}: ${lineOf(value, key)}`;
      if (key === '.read' || key === '.write' || key === '.validate') {
        if (typeof child !== 'string' && typeof child !== 'boolean')
          throw new RulesError(`${where}: ${key} must be a string expression or a boolean`);
        try {
          const compiled = compileExpression(child, key, scope);
          if (key === '.read') node.read = compiled;
          else if (key === '.write') node.write = compiled;
          else node.validate = compiled;
        } catch (error) {
          if (error instanceof RuleSyntaxError) throw new RulesError(`${where}: ${error.message}`);
          throw error;
        }
      } else if (key === '.indexOn') {
        const list = typeof child === 'string' ? [child] : child;
        if (!Array.isArray(list) || !list.every((x): x is string => typeof x === 'string'))
          throw new RulesError(`${where}: .indexOn must be a string or an array of strings`);
        node.indexOn = list;
      } else if (key.startsWith('.')) {
        throw new RulesError(`${where}: invalid key "${key}"`);
      } else if (key.startsWith('$')) {
        if (node.wildcard)
          throw new RulesError(
            `${where}: only one $wildcard is allowed per level ("${node.wildcard.name}" and "${key}")`,
          );
        if (!/^\$[A-Za-z0-9_-]+$/.test(key) || scope.includes(key))
          throw new RulesError(`${where}: invalid wildcard name "${key}"`);
        node.wildcard = { name: key, node: compileNode(child, value, key, [...scope, key]) };
      } else {
        if (!isValidKey(key)) throw new RulesError(`${where}: invalid key "${key}"`);
        node.children.set(key, compileNode(child, value, key, scope));
      }
    }
    return node;
  };
  return compileNode(rules, doc, 'rules', []);
}
