import type { EarlyRequest } from '../dataProvider/early';

/**
 * The API calls the mobile home makes on its first render, in the form it makes them (catalogueApi,
 * mobile/pages/HomePage.tsx). The server renders the mobile home from their answers
 * (src/entry-server.tsx); tests/unit/mobile/early-requests.test.tsx checks this list against what
 * the page really requests.
 */
export const MOBILE_HOME_EARLY_REQUESTS: EarlyRequest[] = [
  { path: '/api/index/hot-keywords', params: { limit: 8 } },
  { path: '/api/index/newest', params: { limit: 12 } },
];

/** How many tiles of a feed load their cover at once: the first screen's (two columns). */
export const EAGER_TILES = 4;
