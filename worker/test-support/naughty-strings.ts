// Read as text (Vite's `?raw`, see raw-import.d.ts) and parsed here: workerd does not load a package's
// JSON file as a module.
import corpusText from 'big-list-of-naughty-strings/blns.json?raw';

// The Big List of Naughty Strings (github.com/minimaxir/big-list-of-naughty-strings, MIT): strings with a
// high chance of breaking software that takes text from people — reserved words, numbers that are not,
// control characters, right-to-left and zero-width text, emoji, script and SQL injections, template
// expressions, paths. The hostile-input tests send each through every field a member can type into.

/** Every string of the list, in its order. */
export const NAUGHTY_STRINGS: readonly string[] = JSON.parse(corpusText) as string[];
