/**
 * The ids of the JSON data blocks the server puts in index.html (ADR 0007) and the web app
 * reads at start instead of asking the API.
 */
export const PAGE_DATA_BLOCK_IDS = {
  /** GET /api/trails's first page, `{ trails, nextCursor }` (ADR 0022). */
  trails: 'initial-trails',
  /** `null` when the request had no session cookie: nobody is signed in. */
  me: 'initial-me',
} as const;
export type PageDataBlockId = (typeof PAGE_DATA_BLOCK_IDS)[keyof typeof PAGE_DATA_BLOCK_IDS];
