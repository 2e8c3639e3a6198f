import { measureInflatedSize } from './bounded-inflate.ts';
import { concatBytes, crc32, PNG_SIGNATURE, pngChunk } from './png-chunks.ts';
import { reencodedPng } from './png-reencode.ts';

// Takes uploaded bytes as one PNG picture within bounds, and gives back what may be stored: the same
// pixels in a new file. In order, so that no step costs more than the picture's own size:
// 1. a walk over the chunks reads the dimensions from IHDR and refuses a picture larger than its kind
//    allows before anything is inflated;
// 2. only the chunks that make the picture are kept (IHDR, PLTE, tRNS, IDAT, IEND), each with its CRC
//    checked. Every other one is skipped unread: iCCP, zTXt and iTXt are zlib streams as large as any
//    picture's (a 2 MB colour profile inflates to 2 GB), and text, EXIF or a profile is nothing a member
//    meant to publish. So are any bytes after IEND;
// 3. the pixel data (its IDAT chunks joined) is inflated a slice at a time, counted, and refused once it
//    passes exactly what the dimensions need (a row's filter byte and its samples, per row and per
//    interlace pass);
// 4. only then is it decoded (fast-png) and encoded again (png-reencode.ts).
// Only PNG is taken: the browser draws whatever the member chose onto a canvas and uploads that PNG.

/** Bits per pixel for each valid PNG colour type and bit depth (PNG spec, table 11.1). */
const BITS_PER_PIXEL: Record<number, Record<number, number>> = {
  0: { 1: 1, 2: 2, 4: 4, 8: 8, 16: 16 },
  2: { 8: 24, 16: 48 },
  3: { 1: 1, 2: 2, 4: 4, 8: 8 },
  4: { 8: 16, 16: 32 },
  6: { 8: 32, 16: 64 },
};

/** The chunks a picture is made of and kept for decoding; every other chunk is skipped unread. */
const PICTURE_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);

/** The Adam7 passes: where each starts and how far apart its pixels are (PNG spec, 8.2). */
const ADAM7_PASSES = [
  { x: 0, y: 0, dx: 8, dy: 8 },
  { x: 4, y: 0, dx: 8, dy: 8 },
  { x: 0, y: 4, dx: 4, dy: 8 },
  { x: 2, y: 0, dx: 4, dy: 4 },
  { x: 0, y: 2, dx: 2, dy: 4 },
  { x: 1, y: 0, dx: 2, dy: 2 },
  { x: 0, y: 1, dx: 1, dy: 2 },
];

export type PngCheck =
  | { ok: true; width: number; height: number; png: Uint8Array }
  | { ok: false; reason: 'not-png' | 'too-large' | 'oversized-data' | 'broken'; message: string };

const notPng: PngCheck = { ok: false, reason: 'not-png', message: 'This file is not a PNG picture.' };
const broken: PngCheck = {
  ok: false,
  reason: 'broken',
  message: 'This picture is damaged and cannot be shown. Try another file.',
};

interface PngHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  interlaced: boolean;
  colourType: number;
}

/**
 * Whether a chunk after IHDR is kept for decoding. A palette is kept only for an indexed picture (in an
 * RGB one it is a mere suggestion) and tRNS only where the spec allows it (not with an alpha channel).
 */
function keepsChunk(type: string, colourType: number): boolean {
  if (type === 'IHDR') return false;
  if (type === 'PLTE') return colourType === 3;
  if (type === 'tRNS') return colourType === 0 || colourType === 2 || colourType === 3;
  return PICTURE_CHUNKS.has(type);
}

function chunkType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4));
}

/** The bytes the filtered rows of an image of `width`×`height` take: a filter byte and the row's samples. */
function rowsSize(width: number, height: number, bitsPerPixel: number): number {
  if (width === 0 || height === 0) return 0;
  return height * (1 + Math.ceil((width * bitsPerPixel) / 8));
}

/** Exactly what a picture's pixel data inflates to (PNG spec 7.2 and 8.2): what its dimensions need. */
export function expectedInflatedSize(header: PngHeader): number {
  const { width, height, bitsPerPixel } = header;
  if (!header.interlaced) return rowsSize(width, height, bitsPerPixel);
  return ADAM7_PASSES.reduce(
    (sum, pass) =>
      sum +
      rowsSize(
        Math.max(0, Math.ceil((width - pass.x) / pass.dx)),
        Math.max(0, Math.ceil((height - pass.y) / pass.dy)),
        bitsPerPixel,
      ),
    0,
  );
}

/**
 * Whether `bytes` are one well-formed PNG of at most `bounds` pixels; if so, the picture to store,
 * encoded again from its pixels alone.
 */
export function checkPng(bytes: Uint8Array, bounds: { width: number; height: number }): PngCheck {
  if (bytes.length < 8 || PNG_SIGNATURE.some((value, index) => bytes[index] !== value)) return notPng;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let header: PngHeader | undefined;
  /** The chunks kept before the pixel data (whole: length, type, data and CRC), in their order. */
  const kept: Uint8Array[] = [];
  const idat: Uint8Array[] = [];
  for (;;) {
    if (at + 12 > bytes.length) return broken;
    const start = at;
    const length = view.getUint32(start);
    if (length > 0x7fffffff || start + 12 + length > bytes.length) return broken;
    at = start + 12 + length;
    const type = chunkType(bytes, start + 4);
    const whole = bytes.subarray(start, at);
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return broken;
      const width = view.getUint32(start + 8);
      const height = view.getUint32(start + 12);
      const [bitDepth = 0, colourType = 0, compression, filter, interlace = 0] = bytes.subarray(
        start + 16,
        start + 21,
      );
      const bitsPerPixel = BITS_PER_PIXEL[colourType]?.[bitDepth];
      if (!bitsPerPixel || compression !== 0 || filter !== 0 || interlace > 1) return broken;
      if (width === 0 || height === 0) return broken;
      if (width > bounds.width || height > bounds.height)
        return {
          ok: false,
          reason: 'too-large',
          message: `This picture is ${width}×${height} pixels; at most ${bounds.width}×${bounds.height} fit.`,
        };
      if (view.getUint32(at - 4) !== crc32(bytes.subarray(start + 4, at - 4))) return broken;
      header = { width, height, bitsPerPixel, interlaced: interlace === 1, colourType };
      kept.push(whole);
      continue;
    }
    if (!keepsChunk(type, header.colourType)) {
      // A second header, or an unknown critical chunk (upper-case first letter), changes what the
      // picture is: it is not shown.
      if (type === 'IHDR' || (/^[A-Z]/.test(type) && !PICTURE_CHUNKS.has(type))) return broken;
      continue;
    }
    if (view.getUint32(at - 4) !== crc32(bytes.subarray(start + 4, at - 4))) return broken;
    if (type === 'IDAT') idat.push(bytes.subarray(start + 8, at - 4));
    else if (type !== 'IEND') kept.push(whole);
    if (type === 'IEND') break;
  }
  if (idat.length === 0) return broken;

  // One stream, whatever number of chunks it came in: thousands of one-byte IDAT chunks would otherwise
  // cost the inflater a copy of its 32 KB window each (18,000 of them took 2 s).
  const pixelData = concatBytes(idat);
  const inflated = measureInflatedSize(pixelData, expectedInflatedSize(header));
  if (inflated === 'too-much')
    return {
      ok: false,
      reason: 'oversized-data',
      message: `This picture holds more data than ${header.width}×${header.height} pixels need. Save it again and try once more.`,
    };
  if (inflated !== 'as-expected') return broken;

  try {
    const picture = reencodedPng(
      concatBytes([
        new Uint8Array(PNG_SIGNATURE),
        ...kept,
        pngChunk('IDAT', pixelData),
        pngChunk('IEND', new Uint8Array(0)),
      ]),
    );
    if (picture.width !== header.width || picture.height !== header.height) return broken;
    return { ok: true, ...picture };
  } catch {
    return broken;
  }
}
