// Zod-free: the home page's search box reads these on the signed-out critical path.

/**
 * Trails per page of GET /api/trails when the request names no limit: the home page inlines the
 * first page (ADR 0022), so its weight stays the same whatever the size of the catalogue.
 */
export const TRAIL_PAGE_SIZE = 12;
/** The largest `limit` a request may ask for. */
export const TRAIL_PAGE_MAX = 50;
/** The longest search (`q`), in characters. */
export const TRAIL_SEARCH_MAX = 100;
