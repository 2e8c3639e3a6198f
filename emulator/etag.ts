// ETags for conditional requests (https://firebase.google.com/docs/database/rest/save-data#section-conditional-requests):
// a hash of the data at a location; absent data has the ETag "null_etag".

import { createHash } from 'node:crypto';
import { canonicalJson, type Node } from './tree.ts';

export const NULL_ETAG = 'null_etag';

export function etagOf(node: Node): string {
  if (node === null) return NULL_ETAG;
  return createHash('sha1').update(canonicalJson(node)).digest('base64');
}
