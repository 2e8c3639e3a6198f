// The tree as it would be after a set of writes, without changing the tree: what `newData` sees
// while the rules decide whether those writes may happen (all of them, atomically).

import { isPrefix } from './keys.ts';
import { getIn, setInCopy, type Node } from './tree.ts';

/** One location replaced by one value (null deletes). A PATCH is several of these. */
export interface Write {
  path: string[];
  value: Node;
}

/** Reads an absolute path of the tree as it would be once `writes` are applied in order. */
export function overlayView(root: Node, writes: readonly Write[]): (path: readonly string[]) => Node {
  const cache = new Map<string, Node>();
  return (path) => {
    const cacheKey = path.join('/');
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    let value = getIn(root, path);
    for (const write of writes) {
      if (isPrefix(write.path, path)) value = getIn(write.value, path, write.path.length);
      else if (isPrefix(path, write.path))
        value = setInCopy(value, write.path.slice(path.length), write.value);
    }
    cache.set(cacheKey, value);
    return value;
  };
}
