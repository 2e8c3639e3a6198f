import { Unzlib } from 'fflate';

// Counting what a zlib stream inflates to without ever holding more than a few megabytes of it: deflate
// turns 2 MB into 2 GB (about 1032:1), far past an isolate's 128 MB, so a picture's pixel data is
// measured against what its dimensions need before the decoder inflates it whole.
//
// The count uses fflate's streaming inflater, the one fast-png decodes with: the same bytes come out of
// both, so what is counted here is exactly what the decoder will hold. It is fed a small slice at a time
// and reports each slice's output before the next goes in. DecompressionStream cannot be paced this
// way in workerd: its writes resolve without waiting for the reader, each inflated whole into the
// stream's queue, so a 2 MB bomb written in slices was inflated to the full 2 GB before the reader had
// counted past 6 MB (and reading it 4 KB at a time took over a second for 6 MB).
// https://github.com/101arrowz/fflate#usage (streaming)

/**
 * Compressed bytes pushed at a time. Each can come out as at most about 1032 times as many (8 MB), so
 * the running count is checked at least that often and never overshoots by more. Smaller slices bound
 * a bomb more tightly but cost more: fflate copies its 32 KB window on every push, and at 2 KB a normal
 * 512×512 picture left about 75 MB of such copies for the collector (20 MB at 8 KB; measured with
 * scripts/bench/profile-image-figures.ts).
 */
const COMPRESSED_SLICE = 8 * 1024;

/** What a zlib stream inflates to, measured against the size expected of it. */
export type InflatedSize = 'as-expected' | 'too-much' | 'too-little' | 'damaged';

/**
 * Inflates the zlib stream `stream` (a PNG's IDAT data, all its chunks joined), counting the bytes as they
 * come out and stopping as soon as they pass `expected`; nothing inflated is kept. A stream that is not
 * valid zlib is `damaged`.
 */
export function measureInflatedSize(stream: Uint8Array, expected: number): InflatedSize {
  let total = 0;
  const inflater = new Unzlib((chunk) => {
    total += chunk.length;
  });
  try {
    for (let at = 0; at < stream.length; at += COMPRESSED_SLICE) {
      inflater.push(stream.subarray(at, at + COMPRESSED_SLICE));
      if (total > expected) return 'too-much';
    }
    inflater.push(new Uint8Array(0), true);
  } catch {
    return 'damaged';
  }
  if (total > expected) return 'too-much';
  return total === expected ? 'as-expected' : 'too-little';
}
