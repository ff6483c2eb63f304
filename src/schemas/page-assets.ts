/**
 * What one early page needs beyond the entry: its API calls (URLs as earlyUrl makes them) and its
 * code chunks and styles. The build writes it (vite.config.ts), the server render reads it and
 * hands it to the client's entry-server, so both sides type it from here.
 */
export interface PageAssets {
  urls: string[];
  modules: string[];
  styles: string[];
  /** The page's template: the desktop site's index.html, or the mobile site's m/index.html. */
  template?: 'desktop' | 'mobile';
  /** Write the styles into the page instead of linking them (set by the build, filled by the server). */
  inline?: boolean;
  /** The styles' text, read by the server from the build when `inline` is set. */
  inlineCss?: string;
}
