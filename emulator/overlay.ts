// Applying a set of writes (a PUT is one, a PATCH several) in one pass, and previewing the tree as it
// would be after them without changing it: what `newData` sees while the rules decide whether those
// writes may happen (all of them, atomically).
//
// The writes are grouped by path into a trie once. Applying walks the trie over the tree, visiting each
// object on a written path once. Previewing a location that a write replaces (or lies under) is a walk
// down the trie; previewing an ancestor of written locations merges the writes below it into copies of
// the objects they touch, each copied once, and is cached: previewing the root of a 6,000-path PATCH
// copies the root, the collection and each touched record once, not once per write.

import { getIn, hasChildren, isObject, setInCopy, VALUE, type Node, type NodeObject } from './tree.ts';

/** One location replaced by one value (null deletes). A PATCH is several of these. */
export interface Write {
  path: string[];
  value: Node;
}

/** Writes grouped by path: a node either replaces its location (`value`) or has written children. */
export interface WriteTrie {
  value: Node | undefined;
  children: Map<string, WriteTrie>;
}

function newTrie(): WriteTrie {
  return { value: undefined, children: new Map() };
}

/**
 * Groups `writes` by path, or answers null when one path is at or below another (never for a PATCH,
 * which `Database.write` refuses then; callers apply such writes one after the other instead).
 */
export function groupWrites(writes: readonly Write[]): WriteTrie | null {
  const root = newTrie();
  for (const { path, value } of writes) {
    let node = root;
    for (const key of path) {
      if (node.value !== undefined) return null;
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = newTrie()));
      node = child;
    }
    if (node.value !== undefined || node.children.size > 0) return null;
    node.value = value;
  }
  return root;
}

/** The writes applied one after the other, copying: the meaning of overlapping writes. */
export function applyInOrder(root: Node, writes: readonly Write[]): Node {
  let tree = root;
  for (const write of writes) tree = setInCopy(tree, write.path, write.value);
  return tree;
}

/** True for objects whose children are real keys (not a leaf wrapped with its priority). */
function isInner(node: Node): node is NodeObject {
  return isObject(node) && !(VALUE in node);
}

export interface MergeOptions {
  /** Change the objects of `base` in place (applying) instead of copying them (previewing). */
  inPlace: boolean;
  /** Called once for every existing object on a written path, above the written locations. */
  touched?: (node: NodeObject) => void;
}

/**
 * `base` with every write of `trie` applied: each object on a written path is visited once, and
 * copied once unless `inPlace`. Parents left empty vanish; a leaf under a written path becomes an
 * object; deleting below a leaf or nothing changes nothing (as `setInCopy`).
 */
export function mergeWrites(base: Node, trie: WriteTrie, options: MergeOptions): Node {
  if (trie.value !== undefined) return trie.value;
  const source = isInner(base) ? base : null;
  if (source) options.touched?.(source);
  let out: NodeObject | null = options.inPlace ? source : null;
  let changed = false;
  let added = false;
  for (const [key, child] of trie.children) {
    const before = source?.[key] ?? null;
    const after = mergeWrites(before, child, options);
    if (after === before) continue; // unchanged, or changed in place
    changed = true;
    out ??= source ? { ...source } : {};
    if (after === null) Reflect.deleteProperty(out, key);
    else {
      out[key] = after;
      added = true;
    }
  }
  if (!changed || out === null) return base;
  // only deletions: checked only then, as enumerating a big collection costs
  return added || hasChildren(out) ? out : null;
}

/** Reads an absolute path of the tree as it would be once `writes` are applied in order. */
export function overlayView(root: Node, writes: readonly Write[]): (path: readonly string[]) => Node {
  const trie = groupWrites(writes);
  if (trie === null) {
    const after = applyInOrder(root, writes);
    return (path) => getIn(after, path);
  }
  // merged ancestors of written locations, by path joined with "/"
  const merged = new Map<string, Node>();
  return (path) => {
    let node = trie;
    let key = ''; // path.slice(0, depth).join('/')
    for (let depth = 0; ; depth++) {
      if (node.value !== undefined) return getIn(node.value, path, depth);
      const cached = merged.get(key);
      if (cached !== undefined) return getIn(cached, path, depth);
      if (depth === path.length) break;
      const segment = path[depth] as string;
      const child = node.children.get(segment);
      // no write at, above or below this location
      if (!child) return getIn(root, path);
      key = depth === 0 ? segment : `${key}/${segment}`;
      node = child;
    }
    // writes lie strictly below `path`
    const value = mergeWrites(getIn(root, path), node, { inPlace: false });
    merged.set(key, value);
    return value;
  };
}
