// Search's own limit, apart from its schemas (shared/schemas/search.ts) so that the browser's search box
// and results page can use it without loading zod.

/** The longest query searched: longer text is a paste or an attack, never a game's or member's name. */
export const MAX_SEARCH_TEXT_LENGTH = 100;
