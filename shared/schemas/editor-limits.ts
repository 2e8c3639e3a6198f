// The bounds of what editors send, apart from the zod schemas that enforce them (editor-*.ts), so the
// editor's page in the browser can show them without shipping zod (validation happens at the Worker).

/** Most collections in one list. */
export const MAX_LIST_COLLECTIONS = 12;
/** Most games in one collection, and in the whole list. */
export const MAX_COLLECTION_GAMES = 200;
export const MAX_LIST_GAMES = 300;
/** Most games the home page highlights. */
export const MAX_HOME_HIGHLIGHTS = 24;
/** Most games one developer account runs. */
export const MAX_DEVELOPER_GAMES = 50;
/** The logs an editor can read: social actions and page views (see worker/analytics/). */
export const EDITOR_LOG_KINDS = ['analytics', 'page_views'] as const;
/** Most log entries one page answers. */
export const MAX_LOG_PAGE = 50;
/** A list's code as its address spells it (the same words as deepLinkSchema's). */
export const LIST_CODE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
