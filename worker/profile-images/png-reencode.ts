import { convertIndexedToRgb, decode, type DecodedPng } from 'fast-png';
import { encodePng } from './png-encode.ts';

// What is stored of a member's picture is drawn again from its pixels alone: a new PNG with IHDR, IDAT
// and IEND and nothing else, so nothing the member did not mean to publish leaves with it (text chunks,
// a colour profile, EXIF, whatever followed the picture's end). Every picture becomes 8 bits per
// channel, in the colours it had (grey or RGB, with an alpha channel when it has any transparency): no
// palette or tRNS is written back (one fewer thing to get right: fast-png's encoder, for one, puts a
// palette's alpha values in the wrong places), and a browser shows 16-bit samples with 8 anyway.

/** The pixels of a decoded picture as 8-bit samples, with the number of channels they come in. */
interface EightBitPixels {
  data: Uint8Array;
  channels: 1 | 2 | 3 | 4;
}

/** Sample `index` (pixel × channels + channel) of a picture of 8 or 16 bits, scaled to 8 bits. */
function sampleOf(png: DecodedPng, index: number): number {
  const value = png.data[index] ?? 0;
  return png.depth === 16 ? value >> 8 : value;
}

/** The samples of a 1-, 2- or 4-bit picture (one channel, rows packed into bytes), unpacked. */
function unpackedSamples(png: DecodedPng): Uint8Array {
  const { width, height, depth } = png;
  const rowBytes = Math.ceil((width * depth) / 8);
  const mask = (1 << depth) - 1;
  const samples = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const byte = png.data[y * rowBytes + (bit >> 3)] ?? 0;
      samples[y * width + x] = (byte >> (8 - depth - (bit & 7))) & mask;
    }
  return samples;
}

/** A grey or RGB picture with a tRNS colour (the one colour shown transparent): an alpha channel added. */
function withKeyColourAlpha(png: DecodedPng, key: Uint16Array, colours: 1 | 3): EightBitPixels {
  const pixels = png.width * png.height;
  const data = new Uint8Array(pixels * (colours + 1));
  const packed = png.depth < 8 ? unpackedSamples(png) : undefined;
  const scale = png.depth < 8 ? 255 / ((1 << png.depth) - 1) : 1;
  for (let pixel = 0; pixel < pixels; pixel++) {
    let transparent = true;
    for (let channel = 0; channel < colours; channel++) {
      const raw = packed ? (packed[pixel] ?? 0) : (png.data[pixel * colours + channel] ?? 0);
      if (raw !== key[channel]) transparent = false;
      data[pixel * (colours + 1) + channel] = packed
        ? Math.round(raw * scale)
        : png.depth === 16
          ? raw >> 8
          : raw;
    }
    data[pixel * (colours + 1) + colours] = transparent ? 0 : 255;
  }
  return { data, channels: colours === 1 ? 2 : 4 };
}

/** The decoded picture's pixels in 8-bit grey, grey and alpha, RGB or RGBA. */
function eightBitPixels(png: DecodedPng): EightBitPixels {
  if (png.palette) {
    const data = convertIndexedToRgb(png);
    return { data, channels: png.palette[0]?.length === 4 ? 4 : 3 };
  }
  const channels = png.channels;
  if (channels !== 1 && channels !== 2 && channels !== 3 && channels !== 4)
    throw new Error(`a picture of ${channels} channels`);
  if (png.transparency && (channels === 1 || channels === 3))
    return withKeyColourAlpha(png, png.transparency, channels);
  if (png.depth < 8) {
    const scale = 255 / ((1 << png.depth) - 1);
    return { data: unpackedSamples(png).map((sample) => Math.round(sample * scale)), channels };
  }
  if (png.depth === 8 && png.data instanceof Uint8Array) return { data: png.data, channels };
  const data = new Uint8Array(png.data.length);
  for (let index = 0; index < data.length; index++) data[index] = sampleOf(png, index);
  return { data, channels };
}

/**
 * A new PNG of the pixels of `png` (a file holding only IHDR, PLTE, tRNS, IDAT and IEND, its pixel
 * data already measured against its dimensions): decoded with every CRC checked, then encoded again.
 * Throws when the picture cannot be decoded.
 */
export function reencodedPng(png: Uint8Array): { png: Uint8Array; width: number; height: number } {
  const decoded = decode(png, { checkCrc: true });
  const { data, channels } = eightBitPixels(decoded);
  const { width, height } = decoded;
  return { png: encodePng(width, height, channels, data), width, height };
}
