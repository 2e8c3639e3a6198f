import { zlibSync } from 'fflate';
import { concatBytes, PNG_SIGNATURE, pngChunk } from './png-chunks.ts';

// A PNG encoder for the pictures the Worker stores: 8 bits a channel, no interlacing, and only the
// three chunks a picture needs (IHDR, IDAT, IEND). Each row gets the filter the PNG spec recommends
// choosing (the one whose bytes sum smallest as signed values, section 12.8), which is what makes a
// photo's pixels compress; fast-png's encoder filters no row and writes byte by byte, so a 1500×500
// photo came out about a third larger and took several times as long.
// https://www.w3.org/TR/png-3/#12Filter-selection

/** The colour type of each channel count: grey, grey and alpha, RGB, RGBA (PNG spec, table 11.1). */
const COLOUR_TYPE = { 1: 0, 2: 4, 3: 2, 4: 6 } as const;

/**
 * Row `row` filtered with `filter` (0 none, 1 sub, 2 up, 3 average, 4 paeth) into `out`; answers the
 * sum of the filtered bytes read as signed values (the smaller, the better the row compresses). One
 * loop per filter: this runs five times over every byte of the picture.
 */
function filterRow(
  filter: number,
  row: Uint8Array,
  up: Uint8Array,
  bytesPerPixel: number,
  out: Uint8Array,
): number {
  const length = row.length;
  let sum = 0;
  for (let i = 0; i < length; i++) {
    const value = row[i] as number;
    let predicted = 0;
    if (filter !== 0) {
      const a = i >= bytesPerPixel ? (row[i - bytesPerPixel] as number) : 0;
      const b = up[i] as number;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else {
        const c = i >= bytesPerPixel ? (up[i - bytesPerPixel] as number) : 0;
        const p = a + b - c;
        const pa = p > a ? p - a : a - p;
        const pb = p > b ? p - b : b - p;
        const pc = p > c ? p - c : c - p;
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
    }
    const filtered = (value - predicted) & 0xff;
    out[i] = filtered;
    sum += filtered < 128 ? filtered : 256 - filtered;
  }
  return sum;
}

/** A PNG file of `data`: `width`×`height` pixels of `channels` 8-bit samples each, row after row. */
export function encodePng(
  width: number,
  height: number,
  channels: 1 | 2 | 3 | 4,
  data: Uint8Array,
): Uint8Array {
  const rowBytes = width * channels;
  if (data.length !== rowBytes * height) throw new Error('pixel data of the wrong size');
  const filtered = new Uint8Array(height * (1 + rowBytes));
  const candidates = Array.from({ length: 5 }, () => new Uint8Array(rowBytes));
  // The row above the first is all zeros (PNG spec 9.2).
  let previous: Uint8Array = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const row = data.subarray(y * rowBytes, (y + 1) * rowBytes);
    let best = 0;
    let bestCost = Infinity;
    candidates.forEach((candidate, filter) => {
      const rowCost = filterRow(filter, row, previous, channels, candidate);
      if (rowCost < bestCost) {
        best = filter;
        bestCost = rowCost;
      }
    });
    const at = y * (1 + rowBytes);
    filtered[at] = best;
    filtered.set(candidates[best] ?? row, at + 1);
    previous = row;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, COLOUR_TYPE[channels], 0, 0, 0], 8);
  const parts = [
    new Uint8Array(PNG_SIGNATURE),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibSync(filtered, { level: 4 })),
    pngChunk('IEND', new Uint8Array(0)),
  ];
  return concatBytes(parts);
}
