// Push ids as Firebase generates them: 8 characters of milliseconds, then 12 random characters that
// are incremented (not re-drawn) within the same millisecond, so ids sort by creation and stay unique.
// https://firebase.blog/posts/2015/02/the-2120-ways-to-ensure-unique_68

import { randomInt } from 'node:crypto';

const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * A generator of 20-character push ids, increasing with `clock` and unique within the same millisecond.
 * Each emulator has its own, so one started with a fixed clock is not pushed forward by another's time.
 */
export function createPushIdGenerator(clock: () => number = Date.now): () => string {
  let lastTime = -1;
  const lastRandom: number[] = new Array<number>(12).fill(0);
  return function nextPushId(): string {
    let time = Math.max(clock(), lastTime);
    if (time === lastTime) {
      let i = 11;
      for (; i >= 0 && lastRandom[i] === 63; i--) lastRandom[i] = 0;
      if (i < 0) {
        // 64^12 ids in one millisecond: move to the next millisecond rather than repeat
        time = lastTime + 1;
        for (let j = 0; j < 12; j++) lastRandom[j] = randomInt(64);
      } else lastRandom[i] = (lastRandom[i] as number) + 1;
    } else {
      for (let j = 0; j < 12; j++) lastRandom[j] = randomInt(64);
    }
    lastTime = time;
    let tail = '';
    for (let i = 0; i < 12; i++) tail += ALPHABET.charAt(lastRandom[i] as number);
    return pushIdTime(time) + tail;
  };
}

/** The 8-character time prefix of the push ids made at `time` (milliseconds since the epoch). */
export function pushIdTime(time: number): string {
  let head = '';
  let t = time;
  for (let i = 0; i < 8; i++) {
    head = ALPHABET.charAt(t % 64) + head;
    t = Math.floor(t / 64);
  }
  return head;
}

export const PUSH_ID_ALPHABET = ALPHABET;
