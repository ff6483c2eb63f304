import type { EarlyRequest } from '../../dataProvider/early';

/**
 * The API calls the home page makes on its first render, in the form it makes them
 * (catalogueApi, HomePage.tsx). index.html starts them before the page's code has loaded
 * (dataProvider/early.ts); tests/unit/home/early-requests.test.tsx checks this list against what
 * the page really requests, so a change to one shows up in the other.
 */
export const HOME_EARLY_REQUESTS: EarlyRequest[] = [
  { path: '/api/index/hot-keywords', params: { limit: 8 } },
  { path: '/api/index/categories' },
  { path: '/api/index/recommend', params: { sections: 4, limit: 8 } },
  { path: '/api/index/newest', params: { limit: 8 } },
  { path: '/api/index/popular', params: { limit: 8 } },
];
