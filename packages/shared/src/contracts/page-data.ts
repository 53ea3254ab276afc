/**
 * The ids of the JSON data blocks the server puts in index.html (ADR 0007) and the web app
 * reads at start instead of asking the API.
 */
export const PAGE_DATA_BLOCK_IDS = {
  /** GET /api/trails's first page, `{ trails, nextCursor }` (ADR 0022). */
  trails: 'initial-trails',
  /** `null` when the request had no session cookie: nobody is signed in. */
  me: 'initial-me',
  /** A `ServerRenderSettings`: how the server rendered the page's HTML (ADR 0023). */
  render: 'initial-render',
} as const;
export type PageDataBlockId = (typeof PAGE_DATA_BLOCK_IDS)[keyof typeof PAGE_DATA_BLOCK_IDS];

/**
 * What the server wrote dates with when it rendered the page (ADR 0023). It cannot know the
 * visitor's locale or time zone, so while React hydrates, the app formats with these (its text
 * must match the server's), then again with the browser's own.
 */
export interface ServerRenderSettings {
  /** The path and query whose view the server rendered. */
  href: string;
  /** BCP 47 locale. */
  locale: string;
  /** IANA time zone: the trails' own. */
  timeZone: string;
  /** ISO instant the page was rendered at: "now" for deciding whether a date shows its year. */
  now: string;
}

/** What the server hands the web app's server entry (`apps/web/src/entry-server.tsx`) for one page. */
export interface ServerRenderInput {
  /** The path and query of the page. */
  href: string;
  /** The page's data blocks by id, their JSON as the page carries it. */
  blocks: Partial<Record<PageDataBlockId, string>>;
}

/** A page rendered on the server: what goes into its head (React's resource preloads) and into `#root`. */
export interface ServerRenderedPage {
  head: string;
  root: string;
}

/**
 * The server entry's export: the page's HTML, or null when the page is not rendered on the
 * server (any view but the home and a trail): the browser renders it alone.
 */
export type RenderPage = (input: ServerRenderInput) => Promise<ServerRenderedPage | null>;
