// Push ids as Firebase generates them: 8 characters of milliseconds, then 12 random characters that
// are incremented (not re-drawn) within the same millisecond, so ids sort by creation and stay unique.
// https://firebase.blog/posts/2015/02/the-2120-ways-to-ensure-unique_68

import { randomInt } from 'node:crypto';

const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastTime = -1;
const lastRandom: number[] = new Array<number>(12).fill(0);

/** A 20-character push id, increasing with time and unique within the same millisecond. */
export function nextPushId(now = Date.now()): string {
  let time = Math.max(now, lastTime);
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
  let head = '';
  let t = time;
  for (let i = 0; i < 8; i++) {
    head = ALPHABET.charAt(t % 64) + head;
    t = Math.floor(t / 64);
  }
  let tail = '';
  for (let i = 0; i < 12; i++) tail += ALPHABET.charAt(lastRandom[i] as number);
  return head + tail;
}

export const PUSH_ID_ALPHABET = ALPHABET;
