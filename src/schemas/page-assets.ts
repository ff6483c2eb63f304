/**
 * What one early page needs beyond the entry: its API calls (URLs as earlyUrl makes them) and its
 * code chunks and styles. The build writes it (vite.config.ts), the server render reads it and
 * hands it to the client's entry-server, so both sides type it from here.
 */
export interface PageAssets {
  urls: string[];
  modules: string[];
  styles: string[];
}
