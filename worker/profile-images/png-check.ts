import { decode } from 'fast-png';

// Checks that uploaded bytes are one PNG picture within bounds, before anything is stored. The walk
// over the chunks reads the dimensions from IHDR and bounds the decompressed size before the decoder
// runs, so a small file that inflates to gigabytes (a zlib bomb) is refused instead of exhausting the
// isolate's memory. The decoder (fast-png, pure JavaScript) then decodes every pixel and checks every
// chunk's CRC: what is stored is a PNG a browser can show.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bits per pixel for each valid PNG colour type and bit depth (PNG spec, table 11.1). */
const BITS_PER_PIXEL: Record<number, Record<number, number>> = {
  0: { 1: 1, 2: 2, 4: 4, 8: 8, 16: 16 },
  2: { 8: 24, 16: 48 },
  3: { 1: 1, 2: 2, 4: 4, 8: 8 },
  4: { 8: 16, 16: 32 },
  6: { 8: 32, 16: 64 },
};

export type PngCheck =
  | { ok: true; width: number; height: number }
  | { ok: false; reason: 'not-png' | 'too-large' | 'broken'; message: string };

const notPng: PngCheck = { ok: false, reason: 'not-png', message: 'This file is not a PNG picture.' };
const broken: PngCheck = {
  ok: false,
  reason: 'broken',
  message: 'This picture is damaged and cannot be shown. Try another file.',
};

function chunkType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4));
}

/** The bytes the IDAT chunks inflate to, counted up to `limit`: more than that answers `limit + 1`. */
async function inflatedSize(idat: Uint8Array[], limit: number): Promise<number> {
  const stream = new Blob(idat.map((data) => data.slice()))
    .stream()
    .pipeThrough(new DecompressionStream('deflate'));
  const reader = stream.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel();
        return limit + 1;
      }
    }
  } catch {
    return -1;
  }
}

/** Whether `bytes` are one well-formed PNG of at most `bounds` pixels. */
export async function checkPng(
  bytes: Uint8Array,
  bounds: { width: number; height: number },
): Promise<PngCheck> {
  if (bytes.length < 8 || SIGNATURE.some((value, index) => bytes[index] !== value)) return notPng;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean } | undefined;
  const idat: Uint8Array[] = [];
  let ended = false;
  while (at < bytes.length) {
    if (ended || at + 12 > bytes.length) return broken;
    const length = view.getUint32(at);
    if (at + 12 + length > bytes.length) return broken;
    const type = chunkType(bytes, at + 4);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return broken;
      const width = view.getUint32(at + 8);
      const height = view.getUint32(at + 12);
      const [bitDepth = 0, colourType = 0, compression, filter, interlace = 0] = data.subarray(8);
      const bitsPerPixel = BITS_PER_PIXEL[colourType]?.[bitDepth];
      if (!bitsPerPixel || compression !== 0 || filter !== 0 || interlace > 1) return broken;
      if (width === 0 || height === 0) return broken;
      if (width > bounds.width || height > bounds.height)
        return {
          ok: false,
          reason: 'too-large',
          message: `This picture is ${width}×${height} pixels; at most ${bounds.width}×${bounds.height} fit.`,
        };
      header = { width, height, bitsPerPixel, interlaced: interlace === 1 };
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!header || !ended || idat.length === 0) return broken;

  // Each row is a filter byte and its pixels; interlacing adds at most one row per pass per row.
  const rowBytes = Math.ceil((header.width * header.bitsPerPixel) / 8);
  const limit = header.height * (1 + rowBytes) + (header.interlaced ? 14 * (header.height + rowBytes) : 0);
  const size = await inflatedSize(idat, limit);
  if (size < 0 || size > limit) return broken;

  try {
    const png = decode(bytes, { checkCrc: true });
    if (png.width !== header.width || png.height !== header.height) return broken;
  } catch {
    return broken;
  }
  return { ok: true, width: header.width, height: header.height };
}
