// PNG files built byte by byte for the upload tests (worker/api/profile-images.test.ts) and the
// measurement script (scripts/bench/profile-image-bombs.ts): chunks a hostile member adds to a real
// picture (text, colour profiles, trailing bytes) and zlib bombs, streams that inflate to gigabytes from
// under 2 MB. Web APIs only, so workerd and Node both run it.

import { concatBytes, crc32, pngChunk } from '../profile-images/png-chunks.ts';

// The container's own pieces are the Worker's: a test builds its files with the very CRC and chunk layout
// the checker verifies.
export { concatBytes, crc32, pngChunk };

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An IHDR chunk: 8-bit RGBA unless told otherwise. */
export function ihdr(
  width: number,
  height: number,
  { bitDepth = 8, colourType = 6, interlace = 0 } = {},
): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([bitDepth, colourType, 0, 0, interlace], 8);
  return pngChunk('IHDR', data);
}

/** The chunks of a PNG file (signature first), with their types, data and where each starts. */
export function pngChunks(png: Uint8Array): { type: string; data: Uint8Array }[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at + 12 <= png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return chunks;
}

/** Writes bits least significant first, as deflate packs them (RFC 1951 section 3.1.1). */
class BitWriter {
  readonly bytes: Uint8Array;
  private bit = 0;
  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }
  /** `count` bits of `value`, least significant first (header fields). */
  bits(value: number, count: number): void {
    for (let i = 0; i < count; i++) this.one((value >> i) & 1);
  }
  /** A Huffman code of `length` bits, most significant first. */
  code(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.one((value >> i) & 1);
  }
  /** Bytes written so far (a partial last byte included). */
  get length(): number {
    return Math.ceil(this.bit / 8);
  }
  /** Skips `count` zero bits (the buffer is zeros already). */
  zeros(count: number): void {
    this.bit += count;
  }
  private one(value: number): void {
    if (value) this.bytes[this.bit >> 3] = (this.bytes[this.bit >> 3] ?? 0) | (1 << (this.bit & 7));
    this.bit += 1;
  }
}

/**
 * A zlib stream (RFC 1950) that inflates to at least `inflatedBytes` zero bytes: deflate's greatest
 * ratio, about 1032:1. One dynamic-Huffman block whose literal/length code gives the length 258 (symbol
 * 285) a 1-bit code and whose distance code has the one distance 1: after a first literal zero, every
 * further 258 zeros cost 2 bits, both 0, so the body of the stream is zero bytes.
 */
export function zlibBomb(inflatedBytes: number): Uint8Array {
  const repeats = Math.ceil(Math.max(0, inflatedBytes - 1) / 258);
  const out = new BitWriter(64 + Math.ceil((repeats * 2) / 8) + 8);
  out.bits(0x78, 8);
  out.bits(0x01, 8); // CMF/FLG: deflate, 32K window, lowest level; 0x7801 % 31 === 0
  out.bits(1, 1); // BFINAL
  out.bits(2, 2); // dynamic Huffman
  out.bits(286 - 257, 5); // HLIT: literal/length symbols 0..285
  out.bits(1 - 1, 5); // HDIST: one distance symbol
  out.bits(18 - 4, 4); // HCLEN: code length codes up to the 18th in the order below (it ends with 1)
  // Code length code: symbol 18 (a run of zeros) 1 bit, symbols 1 and 2 2 bits, the others unused.
  const order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1];
  const lengths: Record<number, number> = { 18: 1, 1: 2, 2: 2 };
  for (const symbol of order) out.bits(lengths[symbol] ?? 0, 3);
  // Canonical codes of that code: 18 → 0, 1 → 10, 2 → 11.
  const two = () => {
    out.code(0b11, 2);
  };
  const oneBit = () => {
    out.code(0b10, 2);
  };
  const zerosRun = (count: number) => {
    out.code(0, 1);
    out.bits(count - 11, 7);
  };
  // Literal/length lengths: 0 → 2 bits, 1..255 none, 256 (end) → 2 bits, 257..284 none, 285 → 1 bit.
  two();
  zerosRun(138);
  zerosRun(117);
  two();
  zerosRun(28);
  oneBit();
  // Distance lengths: distance symbol 0 (distance 1) → 1 bit.
  oneBit();
  // Canonical literal/length codes: 285 → 0, literal 0 → 10, end of block → 11. Distance 0 → 0.
  out.code(0b10, 2);
  out.zeros(repeats * 2);
  out.code(0b11, 2);
  const body = out.bytes.subarray(0, out.length);
  // Adler-32 of all those zeros: a stays 1, b adds 1 per byte.
  const total = 1 + repeats * 258;
  const adler = new Uint8Array(4);
  new DataView(adler.buffer).setUint32(0, ((total % 65521) << 16) | 1);
  return concatBytes([body, adler]);
}

/** What a zlib bomb is said to inflate to, exactly. */
export function zlibBombSize(inflatedBytes: number): number {
  return 1 + Math.ceil(Math.max(0, inflatedBytes - 1) / 258) * 258;
}

/** An `iCCP` chunk: a colour profile's name and its zlib stream (PNG spec 11.3.3.3). */
export function iccpChunk(profile: Uint8Array, name = 'ICC profile'): Uint8Array {
  const keyword = new TextEncoder().encode(name);
  return pngChunk('iCCP', concatBytes([keyword, new Uint8Array([0, 0]), profile]));
}

/** A `tEXt` chunk (PNG spec 11.3.4.3): a keyword, a zero byte and Latin-1 text. */
export function textChunk(keyword: string, text: string): Uint8Array {
  const encoder = new TextEncoder();
  return pngChunk('tEXt', concatBytes([encoder.encode(keyword), new Uint8Array([0]), encoder.encode(text)]));
}

/**
 * `picture` (a whole PNG file) with `extra` chunks inserted right after its IHDR, and `trailing` bytes
 * after its IEND.
 */
export function withChunks(
  picture: Uint8Array,
  extra: readonly Uint8Array[],
  trailing: Uint8Array = new Uint8Array(0),
): Uint8Array {
  const afterIhdr = 8 + 25;
  return concatBytes([picture.subarray(0, afterIhdr), ...extra, picture.subarray(afterIhdr), trailing]);
}

/** A whole PNG file from its IHDR and other chunks: signature, IHDR, the chunks, IEND. */
export function pngFile(header: Uint8Array, chunks: readonly Uint8Array[]): Uint8Array {
  return concatBytes([PNG_SIGNATURE, header, ...chunks, pngChunk('IEND', new Uint8Array(0))]);
}
