// The PNG container, as the checker reads it, the encoder writes it and the upload tests build it: the
// signature, chunks (length, type, data, CRC) and the CRC-32 that ends each one (PNG spec, section 5 and
// annex D). https://www.w3.org/TR/png-3/#5Chunk-layout

/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The CRC-32 a PNG chunk ends with, over its type and data (PNG spec, annex D). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const whole = new Uint8Array(12 + data.length);
  const view = new DataView(whole.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) whole[4 + i] = type.charCodeAt(i);
  whole.set(data, 8);
  view.setUint32(8 + data.length, crc32(whole.subarray(4, 8 + data.length)));
  return whole;
}

/** The bytes of several parts one after the other. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
