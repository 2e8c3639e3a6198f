// The types of the lint rule (plain JavaScript: eslint.config.js loads it without a build step).
import type { ESLint, Rule } from 'eslint';

export declare const BROWSER_GLOBALS: readonly string[];
export declare const renderTimeBrowserGlobals: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
