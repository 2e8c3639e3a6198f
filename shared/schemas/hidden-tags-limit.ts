/**
 * The most tags one member may hide: enough for every taste, small enough to check each game against. A
 * plain number apart from the schema, for the browser's control (no zod in the browser).
 */
export const MAX_HIDDEN_TAGS = 50;
