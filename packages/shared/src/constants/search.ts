/** How many named searches a member may keep; here, apart from the schemas, so a page can show it without zod. */
export const SAVED_SEARCH_LIMIT = 5;
