// Firebase-style push ids: 8 characters of time then 12 random ones, so ids sort by creation time and
// never collide within one millisecond (the random part is incremented instead of redrawn).
// Algorithm as published by Firebase: https://firebase.blog/posts/2015/02/the-2120-ways-to-ensure-unique_68
const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastPushTime = 0;
const lastRandChars: number[] = [];

/** A new 20-character push id, increasing with time and unique within the same millisecond. */
export function pushId(now: number = Date.now()): string {
  const duplicateTime = now === lastPushTime;
  lastPushTime = now;
  const timeChars = new Array<string>(8);
  let time = now;
  for (let i = 7; i >= 0; i--) {
    timeChars[i] = PUSH_CHARS.charAt(time % 64);
    time = Math.floor(time / 64);
  }
  if (!duplicateTime) {
    const random = crypto.getRandomValues(new Uint8Array(12));
    for (let i = 0; i < 12; i++) lastRandChars[i] = (random[i] ?? 0) % 64;
  } else {
    let i = 11;
    for (; i >= 0 && lastRandChars[i] === 63; i--) lastRandChars[i] = 0;
    lastRandChars[i] = (lastRandChars[i] ?? 0) + 1;
  }
  return timeChars.join('') + lastRandChars.map((c) => PUSH_CHARS.charAt(c)).join('');
}
