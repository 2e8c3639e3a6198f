// Plain numbers, apart from the schemas, so that the browser's composers check lengths without loading zod.

/** Longest post, in characters. */
export const MAX_POST_LENGTH = 2000;
/** Longest comment, in characters. */
export const MAX_COMMENT_LENGTH = 1000;
