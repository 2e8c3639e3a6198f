// Spec section 9: console output is silenced in production. The production browser build defines
// QUESTLINE_QUIET_CONSOLE as true (scripts/client-build-options.ts); the local stack's build keeps the
// console for development. The browser entry imports this module first, so it runs before any other module
// of the app or of its libraries (the Firebase SDK's logger, React's warnings) can write. Errors the browser
// reports itself (an uncaught exception, a failed request) are the browser's, not the page's, and stay.

declare const QUESTLINE_QUIET_CONSOLE: boolean | undefined;

/**
 * Makes every method of `target` do nothing (all of them write something, but for a few timers and
 * counters that then have nothing to show): listed from the console itself, which keeps the first load small.
 */
export function silenceConsole(target: Console): void {
  const silent = (): undefined => undefined;
  for (const method of Object.keys(target))
    if (typeof Reflect.get(target, method) === 'function') Reflect.set(target, method, silent);
}

// `typeof` first: outside the browser build (unit tests) the name is not defined at all.
if (typeof QUESTLINE_QUIET_CONSOLE !== 'undefined' && QUESTLINE_QUIET_CONSOLE) silenceConsole(console);
