// Applies the rules the way production does (https://firebase.google.com/docs/database/security/core-syntax):
// .read/.write cascade (any grant at a location or above wins; a deeper rule cannot revoke it),
// .validate does not cascade, all of them must pass, and it is not run for deleted data. Rules are
// not filters: a read is allowed or refused as a whole.

import { overlayView, type Write } from '../overlay.ts';
import type { Query } from '../query.ts';
import { childKeys, childOf, deepEqual, getIn, isObject, priorityOf, type Node } from '../tree.ts';
import { evaluateRule, type AuthRecord, type CompiledExpression, type RuleContext } from './expression.ts';
import type { RuleNode } from './parse.ts';
import { RuleSnapshot, type TreeView } from './snapshot.ts';

export interface Caller {
  auth: AuthRecord | null;
  now: number;
}

type Vars = Readonly<Record<string, string>>;

function childRule(node: RuleNode, key: string, vars: Vars): [RuleNode | undefined, Vars] {
  const exact = node.children.get(key);
  if (exact) return [exact, vars];
  if (node.wildcard) return [node.wildcard.node, { ...vars, [node.wildcard.name]: key }];
  return [undefined, vars];
}

/** The `query` variable of read rules. */
export function queryVariable(query: Query | undefined): Record<string, unknown> {
  const o = query?.orderBy;
  return {
    orderByKey: o?.kind === 'key',
    orderByValue: o?.kind === 'value',
    orderByPriority: o?.kind === 'priority',
    orderByChild: o?.kind === 'child' ? o.raw : null,
    startAt: query?.startAt ?? null,
    endAt: query?.endAt ?? null,
    equalTo: query?.equalTo ?? null,
    limitToFirst: query?.limitToFirst ?? null,
    limitToLast: query?.limitToLast ?? null,
  };
}

/** True when `caller` may read `path` (with `query`, for query-based rules). */
export function canRead(
  rules: RuleNode,
  root: Node,
  path: readonly string[],
  caller: Caller,
  query?: Query,
): boolean {
  const view: TreeView = (p) => getIn(root, p);
  const rootSnapshot = new RuleSnapshot(view, []);
  const queryVar = queryVariable(query);
  let node: RuleNode | undefined = rules;
  let vars: Vars = {};
  for (let depth = 0; ; depth++) {
    if (node.read) {
      const ctx: RuleContext = {
        auth: caller.auth,
        now: caller.now,
        root: rootSnapshot,
        data: new RuleSnapshot(view, path.slice(0, depth)),
        newData: null,
        query: queryVar,
        vars,
      };
      if (evaluateRule(node.read, ctx)) return true;
    }
    if (depth === path.length) return false;
    [node, vars] = childRule(node, path[depth] as string, vars);
    if (!node) return false;
  }
}

/** True when `.indexOn` at `path` declares `index` (a child path, or ".value"). */
export function isIndexed(rules: RuleNode, path: readonly string[], index: string): boolean {
  let node: RuleNode | undefined = rules;
  let vars: Vars = {};
  for (const key of path) {
    [node, vars] = childRule(node, key, vars);
    if (!node) return false;
  }
  return node.indexOn.includes(index);
}

/** True when `caller` may make all of `writes` together and the result passes every .validate. */
export function canWrite(rules: RuleNode, root: Node, writes: readonly Write[], caller: Caller): boolean {
  const oldView: TreeView = (p) => getIn(root, p);
  const newView = overlayView(root, writes);
  const rootSnapshot = new RuleSnapshot(oldView, []);
  const noQuery = queryVariable(undefined);
  const allows = (expr: CompiledExpression | undefined, path: readonly string[], vars: Vars): boolean => {
    if (!expr) return false;
    return evaluateRule(expr, {
      auth: caller.auth,
      now: caller.now,
      root: rootSnapshot,
      data: new RuleSnapshot(oldView, path),
      newData: new RuleSnapshot(newView, path),
      query: noQuery,
      vars,
    });
  };

  // Every changed location needs a .write grant at it or above.
  const grantsChanges = (node: RuleNode, path: string[], vars: Vars, before: Node, after: Node): boolean => {
    if (deepEqual(before, after)) return true;
    const isLeaf = (n: Node) => n !== null && (!isObject(n) || '.value' in n);
    if (isLeaf(before) || isLeaf(after)) return false;
    if (priorityOf(before) !== priorityOf(after)) return false;
    const keys = new Set([...childKeys(before), ...childKeys(after)]);
    for (const key of keys) {
      const b = childOf(before, key);
      const a = childOf(after, key);
      if (deepEqual(b, a)) continue;
      const [child, childVars] = childRule(node, key, vars);
      if (!child) return false;
      const childPath = [...path, key];
      if (allows(child.write, childPath, childVars)) continue;
      if (!grantsChanges(child, childPath, childVars, b, a)) return false;
    }
    return true;
  };

  for (const write of writes) {
    let node: RuleNode = rules;
    let vars: Vars = {};
    let granted = false;
    let depth = 0;
    for (; ; depth++) {
      if (allows(node.write, write.path.slice(0, depth), vars)) {
        granted = true;
        break;
      }
      if (depth === write.path.length) break;
      const next: [RuleNode | undefined, Vars] = childRule(node, write.path[depth] as string, vars);
      if (!next[0]) break;
      node = next[0];
      vars = next[1];
    }
    if (granted) continue;
    if (depth !== write.path.length) return false; // no rules reach the written location
    if (!grantsChanges(node, write.path, vars, oldView(write.path), newView(write.path))) return false;
  }

  // .validate: at every written location and below (non-null data only), and at their ancestors.
  const validated = new Set<string>();
  const validTree = (node: RuleNode, path: string[], vars: Vars, value: Node): boolean => {
    if (value === null) return true;
    if (node.validate && !allows(node.validate, path, vars)) return false;
    for (const key of childKeys(value)) {
      const [child, childVars] = childRule(node, key, vars);
      if (child && !validTree(child, [...path, key], childVars, childOf(value, key))) return false;
    }
    return true;
  };
  for (const write of writes) {
    let node: RuleNode = rules;
    let vars: Vars = {};
    let depth = 0;
    for (; depth < write.path.length; depth++) {
      const path = write.path.slice(0, depth);
      const id = path.join('/');
      if (node.validate && !validated.has(id)) {
        validated.add(id);
        if (newView(path) !== null && !allows(node.validate, path, vars)) return false;
      }
      const next: [RuleNode | undefined, Vars] = childRule(node, write.path[depth] as string, vars);
      if (!next[0]) break;
      node = next[0];
      vars = next[1];
    }
    if (depth === write.path.length && !validTree(node, write.path, vars, newView(write.path))) return false;
  }
  return true;
}
