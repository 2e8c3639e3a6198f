// RuleDataSnapshot: what `root`, `data` and `newData` are inside rule expressions.
// https://firebase.google.com/docs/reference/security/database#ruledatasnapshot_methods

import {
  childKeys,
  getIn,
  hasChildren,
  isObject,
  leafValue,
  priorityOf,
  toPlain,
  type Node,
} from '../tree.ts';

/** Reads the node at an absolute path of one version of the tree (before or after a write). */
export type TreeView = (path: readonly string[]) => Node;

export class RuleSnapshot {
  readonly view: TreeView;
  readonly path: readonly string[];
  #node: Node | undefined;

  constructor(view: TreeView, path: readonly string[]) {
    this.view = view;
    this.path = path;
  }

  node(): Node {
    if (this.#node === undefined) this.#node = this.view(this.path);
    return this.#node;
  }

  val(): unknown {
    return toPlain(this.node());
  }

  child(relative: string): RuleSnapshot {
    const parts = relative.split('/').filter((p) => p !== '');
    return new RuleSnapshot(this.view, [...this.path, ...parts]);
  }

  parent(): RuleSnapshot | null {
    if (this.path.length === 0) return null;
    return new RuleSnapshot(this.view, this.path.slice(0, -1));
  }

  exists(): boolean {
    return this.node() !== null;
  }

  hasChild(relative: string): boolean {
    const parts = relative.split('/').filter((p) => p !== '');
    return getIn(this.node(), parts) !== null;
  }

  hasChildren(names?: readonly string[]): boolean {
    const node = this.node();
    if (names === undefined) return hasChildren(node);
    return names.every((name) => this.hasChild(name));
  }

  numChildren(): number {
    return childKeys(this.node()).length;
  }

  getPriority(): unknown {
    return priorityOf(this.node());
  }

  isNumber(): boolean {
    return typeof leafValue(this.node()) === 'number';
  }

  isString(): boolean {
    return typeof leafValue(this.node()) === 'string';
  }

  isBoolean(): boolean {
    return typeof leafValue(this.node()) === 'boolean';
  }

  isObject(): boolean {
    return isObject(leafValue(this.node()));
  }
}
