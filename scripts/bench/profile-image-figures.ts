// Profile picture uploads as the Worker checks them (worker/profile-images/png-check.ts), measured on
// Node: the time and the peak memory to refuse a 2 GB zlib bomb in the pixel data, to store a picture
// carrying a 2 GB colour profile (dropped unread), and to draw a normal picture again from its pixels.
// Each case runs in a process of its own, so its peak resident memory is its own.
// Run: node scripts/bench/profile-image-figures.ts
import { execFileSync } from 'node:child_process';
import { encode } from 'fast-png';
import { PROFILE_IMAGE_BOUNDS } from '../../shared/schemas/profile-image-limits.ts';
import { checkPng } from '../../worker/profile-images/png-check.ts';
import {
  iccpChunk,
  ihdr,
  pngChunk,
  pngFile,
  textChunk,
  withChunks,
  zlibBomb,
} from '../../worker/test-support/png-files.ts';

const MiB = 1024 * 1024;

/** A picture like a photo: gradients with noise, which compresses about as badly as one. */
function photoLike(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  let seed = 42;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) % 6;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.set(
        [(x * 255) / width + noise(), (y * 255) / height + noise(), 128 + noise(), 255],
        (y * width + x) * 4,
      );
  return encode({ width, height, data, channels: 4, depth: 8 });
}

const CASES = {
  'refuse a 2 GB pixel stream (header, 1500×500 at 16 bits)': () => ({
    bytes: pngFile(ihdr(1500, 500, { bitDepth: 16 }), [pngChunk('IDAT', zlibBomb(2048 * MiB))]),
    bounds: PROFILE_IMAGE_BOUNDS.header,
  }),
  'store a 64×64 icon carrying a 2 GB colour profile (dropped unread)': () => ({
    bytes: withChunks(
      encode({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 4).fill(200), channels: 4, depth: 8 }),
      [iccpChunk(zlibBomb(2040 * MiB))],
    ),
    bounds: PROFILE_IMAGE_BOUNDS.icon,
  }),
  'draw a 512×512 photo-like icon again (with text and a colour profile)': () => ({
    bytes: withChunks(photoLike(512, 512), [
      textChunk('Comment', 'made on my phone'),
      iccpChunk(zlibBomb(4096)),
    ]),
    bounds: PROFILE_IMAGE_BOUNDS.icon,
  }),
  'draw a 1500×500 photo-like header again': () => ({
    bytes: photoLike(1500, 500),
    bounds: PROFILE_IMAGE_BOUNDS.header,
  }),
} as const;

type CaseName = keyof typeof CASES;

/**
 * One case in this process: what it answered, how long the first run and the best of five took, and
 * how far the first run raised the process's peak resident memory above where it stood before.
 */
function runCase(name: CaseName): void {
  const { bytes, bounds } = CASES[name]();
  // What building the case left behind is collected first (the child runs with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const times: number[] = [];
  let answer = '';
  let peak = 0;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const check = checkPng(bytes, bounds);
    times.push(performance.now() - start);
    if (run === 0) peak = process.resourceUsage().maxRSS * 1024;
    answer = check.ok ? `stored ${check.png.length} bytes` : `refused: ${check.message}`;
  }
  console.log(
    JSON.stringify({
      case: name,
      uploadBytes: bytes.length,
      answer,
      firstMs: (times[0] ?? 0).toFixed(1),
      bestMs: Math.min(...times).toFixed(1),
      firstRunPeakAboveStartMB: (Math.max(0, peak - rssBefore) / MiB).toFixed(1),
    }),
  );
}

const only = process.argv[2] as CaseName | undefined;
if (only) runCase(only);
else
  for (const name of Object.keys(CASES))
    process.stdout.write(
      execFileSync(process.execPath, ['--expose-gc', import.meta.filename, name], { encoding: 'utf8' }),
    );
