// The shape of dist/.vite/route-hints.json: written by the build (scripts/route-chunks.ts), read by the
// server when it names a page's files in its HTML.

/**
 * The files a page needs beyond the ones index.html already links, for the server to name in the
 * HTML of each route (docs/decisions/030). Paths are URLs under the build's base.
 */
export interface RouteHints {
  /**
   * Per screen: the route patterns that show it (react-router syntax), its chunks and CSS, and per
   * language the chunk of the messages it loads with them (docs/decisions/062).
   */
  routes: { paths: string[]; files: string[]; messages?: Record<string, string[]> }[];
  /** Per language whose messages are a chunk of their own: that chunk's files. */
  languages: Record<string, string[]>;
}
